import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { startStomp } from './stomp/index';
import type { StompBroker } from './stomp/stomp-broker';

export interface Realtime {
  stomp: StompBroker;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Live notifications (STOMP at /ws) and the admin dashboard socket; see realtime/README.md. */
    realtime: Realtime;
  }
}

/** Attach the realtime endpoints to a built api (before it listens). */
export function startRealtime(app: FastifyInstance, ctx: ApiContext): void {
  const stomp = startStomp(app, ctx);
  app.decorate('realtime', { stomp });
}
