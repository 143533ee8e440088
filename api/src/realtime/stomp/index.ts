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
  // Notifications raised elsewhere during a bus outage never reached this instance: every client is
  // told to reconnect (ERROR + 1012), and a reconnecting client refetches (issue 24 item 3).
  const offGap = ctx.events.onGap(() => broker.restartAll());
  app.addHook('preClose', async () => {
    off();
    offGap();
    await endpoint.close();
  });
  return broker;
}
