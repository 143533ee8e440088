import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { DashboardSocket } from './dashboard/dashboard-socket';
import { startStomp } from './stomp/index';
import type { StompBroker } from './stomp/stomp-broker';

export interface Realtime {
  stomp: StompBroker;
  /** Not listening until `dashboard.listen()` (server.ts and the test api call it after app.listen). */
  dashboard: DashboardSocket;
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
  const dashboard = new DashboardSocket(
    ctx,
    {
      ...ctx.config.dashboard,
      redisUrl: ctx.config.redisUrl,
      redisKey: `${ctx.config.eventsChannel}:dashboard`,
      origins: ctx.config.corsOrigins,
    },
    app.log,
  );
  const off = dashboard.subscribe();
  app.addHook('preClose', async () => {
    off();
    await dashboard.close();
  });
  app.decorate('realtime', { stomp, dashboard });
}
