import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import { BffError } from '../errors/bff-error';
import { accountsUpstream } from '../upstream/accounts.upstream';
import { isForwardableSessionId, isOk, UPSTREAM_SESSION_COOKIE } from '../upstream/client';
import { normaliseSession } from '../normalisers/session.normaliser';
import { bridgeStomp } from './stomp-bridge';
import { DASHBOARD_SOCKET_PATH, DashboardBridge } from './dashboard-bridge';

const STOMP_RESTART_FRAME = 'ERROR\nmessage:server restarting\ncontent-type:text/plain\n\nThe server is restarting; reconnect.\0';

/** Same rule as the origin check on writes: our own host or a configured origin. No Origin (a non-browser client) passes. */
export function originAllowed(origin: string | undefined, ownOrigins: string[], allowed: readonly string[]): boolean {
  if (!origin) return true;
  return ownOrigins.includes(origin) || allowed.includes(origin);
}

/**
 * Browser-facing realtime: STOMP at `/ws` (members and admins) and the
 * dashboard's socket.io at `/socket.io/` (admins). Both check the Origin and
 * the session at the handshake; a visitor never gets a socket.
 */
export const realtimePlugin = fp(
  async (app) => {
    const { config } = app;
    const accounts = accountsUpstream(app.upstream);

    // socket.io and @fastify/websocket both want the server's upgrades: socket.io keeps its path, the rest goes to Fastify's router.
    const fastifyUpgrades = new EventEmitter();
    app.server.on('upgrade', (req, socket, head) => {
      if (!(req.url ?? '').startsWith(DASHBOARD_SOCKET_PATH)) fastifyUpgrades.emit('upgrade', req, socket, head);
    });
    // Shutdown: every browser socket hears "server restarting" (STOMP ERROR, close 1012) and reconnects, through the balancer, elsewhere.
    app.addHook('preClose', async () => {
      const clients = app.websocketServer?.clients ?? new Set();
      for (const client of clients) {
        client.send(STOMP_RESTART_FRAME);
        client.close(1012, 'service restart');
      }
      // A browser that never answers the close would hold the drain for ws's 30 s: cut it after a second.
      const until = Date.now() + 1000;
      while ([...clients].some((c) => c.readyState !== c.CLOSED) && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      for (const client of clients) client.terminate();
    });
    await app.register(websocket, { options: { server: fastifyUpgrades as never, maxPayload: 64 * 1024 } });

    const ownOrigins = (request: FastifyRequest) => [`${request.protocol}://${request.host}`];

    app.get(
      '/ws',
      {
        websocket: true,
        schema: { hide: true },
        preValidation: async (request) => {
          if (!originAllowed(request.headers.origin, ownOrigins(request), config.allowedOrigins))
            throw new BffError(403, 'CROSS_ORIGIN_REJECTED');
          const s = await request.session();
          if (!s.loggedIn) throw new BffError(401, 'UNAUTHENTICATED');
        },
      },
      async (socket, request) => {
        const s = await request.session();
        if (!s.loggedIn) return socket.close(1008);
        bridgeStomp(socket, {
          upstreamUrl: config.upstreamStompUrl,
          sessionId: request.cookies[UPSTREAM_SESSION_COOKIE] ?? '',
          user: { userId: s.userId, isAdmin: s.isAdmin },
          routes: app.realtimeUpstream.stompRoutes,
          log: request.log,
        });
      },
    );

    const dashboard = new DashboardBridge(app.server, {
      upstreamUrl: config.dashboardUrl,
      connect: app.realtimeUpstream.connectDashboard,
      log: app.log,
      authorise: async (headers) => {
        const origin = typeof headers.origin === 'string' ? headers.origin : undefined;
        const host = typeof headers.host === 'string' ? headers.host : '';
        const own = [`http://${host}`, `https://${host}`];
        if (!originAllowed(origin, own, config.allowedOrigins)) return null;
        const cookies = app.parseCookie(typeof headers.cookie === 'string' ? headers.cookie : '');
        const sid = cookies[UPSTREAM_SESSION_COOKIE];
        if (!sid || !isForwardableSessionId(sid)) return null;
        const res = await accounts.checkSessionById(sid);
        if (!isOk(res)) {
          if (res.loginRedirect || res.status < 500) return null;
          throw new Error('upstream unavailable');
        }
        const s = normaliseSession(res.json);
        return s.loggedIn && s.isAdmin ? sid : null;
      },
    });
    app.decorate('dashboardBridge', dashboard);
    app.addHook('onClose', async () => dashboard.close());
  },
  { name: 'realtime', dependencies: ['upstream', 'session'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    dashboardBridge: DashboardBridge;
  }
}
