import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import { BffError } from '../errors/bff-error';
import { accountsUpstream } from '../upstream/accounts.upstream';
import { isForwardableSessionId, isOk, UPSTREAM_SESSION_COOKIE } from '../upstream/client';
import { normaliseSession } from '../normalisers/session.normaliser';
import { bridgeStomp } from './stomp-bridge';
import { SESSION_CHECK_MS, SessionWatch } from './session-watch';
import { createHash } from 'node:crypto';
import { DASHBOARD_SOCKET_PATH, DashboardBridge } from './dashboard-bridge';

/** Notification sockets one member may hold on one BFF instance (issue 24 item 15: one held 30); a tab or two each. */
export const MAX_SOCKETS_PER_MEMBER = 8;

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
    await app.register(websocket, {
      options: { server: fastifyUpgrades as never, maxPayload: 64 * 1024 },
      // A client's broken or oversized frame is the client's fault, not ours: a warning without a
      // stack (issue 24 item 16). ws has already answered 1009 to an oversized one.
      errorHandler: (error, socket, request) => {
        const code = (error as { code?: string }).code;
        if (code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH')
          request.log.warn({ maxPayload: 64 * 1024 }, 'websocket frame too large; socket closed');
        else request.log.warn({ code, reason: error.message }, 'websocket error; socket closed');
        socket.terminate();
      },
    });

    const ownOrigins = (request: FastifyRequest) => [`${request.protocol}://${request.host}`];

    // Logout, expiry and other session ends close the member's sockets, on every instance (issue 24 item 12).
    const deployment = createHash('sha256').update(config.upstreamUrl).digest('hex').slice(0, 12);
    const sessionWatch = new SessionWatch(app.redis, `pawbridge:bff:session-ended:${deployment}`, app.log);
    app.decorate('sessionWatch', sessionWatch);
    app.addHook('onClose', async () => sessionWatch.close());
    /** false when the upstream says this session is over; undefined when it cannot say (kept meanwhile). */
    const stillLoggedIn = async (sid: string): Promise<boolean | undefined> => {
      const res = await accounts.checkSessionById(sid).catch(() => undefined);
      if (!res) return undefined;
      if (!isOk(res)) return res.loginRedirect || res.status < 500 ? false : undefined;
      return normaliseSession(res.json).loggedIn;
    };
    const socketsPerMember = new Map<string, number>();

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
        const held = socketsPerMember.get(s.userId) ?? 0;
        if (held >= MAX_SOCKETS_PER_MEMBER) {
          socket.send('ERROR\nmessage:TOO_MANY_SOCKETS\ncontent-type:text/plain\n\nClose another tab first.\0');
          return socket.close(1008);
        }
        socketsPerMember.set(s.userId, held + 1);
        const sid = request.cookies[UPSTREAM_SESSION_COOKIE] ?? '';
        const bridge = bridgeStomp(socket, {
          upstreamUrl: config.upstreamStompUrl,
          sessionId: sid,
          user: { userId: s.userId, isAdmin: s.isAdmin },
          routes: app.realtimeUpstream.stompRoutes,
          log: request.log,
          sessionCheck: { everyMs: config.sessionCheckMs ?? SESSION_CHECK_MS, alive: () => stillLoggedIn(sid) },
        });
        const untrack = sessionWatch.track(sid, () => bridge.end('SESSION_ENDED', 'The session has ended; log in again.'));
        socket.once('close', () => {
          untrack();
          const n = (socketsPerMember.get(s.userId) ?? 1) - 1;
          if (n <= 0) socketsPerMember.delete(s.userId);
          else socketsPerMember.set(s.userId, n);
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
    // The dashboard's admins too: a logout anywhere closes their sockets; a periodic check finds expiry.
    dashboard.onSession = (sid) => sessionWatch.track(sid, () => dashboard.endSession(sid));
    const dashboardChecks = setInterval(() => {
      for (const sid of dashboard.sessions()) void stillLoggedIn(sid).then((alive) => alive === false && dashboard.endSession(sid));
    }, config.sessionCheckMs ?? SESSION_CHECK_MS);
    dashboardChecks.unref();
    app.addHook('onClose', async () => clearInterval(dashboardChecks));
    app.addHook('onClose', async () => dashboard.close());
  },
  { name: 'realtime', dependencies: ['upstream', 'session'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    dashboardBridge: DashboardBridge;
    sessionWatch: SessionWatch;
  }
}
