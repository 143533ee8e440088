import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../../context';
import { StompBroker } from './stomp-broker';
import { attachStompEndpoint } from './stomp-endpoint';

/**
 * Live notifications over STOMP: every `notification.created` event (raised
 * on any api instance; the bus carries it through Redis) goes to the
 * recipient's subscriptions of its destination on this instance.
 */
export function startStomp(app: FastifyInstance, ctx: ApiContext): StompBroker {
  const broker = new StompBroker({ log: app.log });
  const endpoint = attachStompEndpoint(app.server, ctx, broker, app.log);
  const off = ctx.events.subscribe('notification.created', (e) => {
    broker.deliver(e.recipientPk, e.destination, e.body);
  });
  app.addHook('preClose', async () => {
    off();
    await endpoint.close();
  });
  return broker;
}
