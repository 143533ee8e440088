import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import fastifyCookie from '@fastify/cookie';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { FastifyBaseLogger } from 'fastify';
import { DASHBOARD_ROOM, JOIN_DASHBOARD, type DashboardSocketEvent, type DashboardSocketPayload } from '@pawbridge/shared';
import type { ApiContext, SessionUserRow } from '../../context';
import { isPlausibleSessionId } from '../../lib/input-guard';
import { DashboardService } from '../../modules/dashboard/dashboard.service';
import { loadSessionUser, SESSION_COOKIE } from '../../modules/users/session-user';

export const DASHBOARD_MESSAGES = {
  userRegistered: '새로운 사용자가 등록되었습니다.',
  applied: '새로운 입양 신청이 접수되었습니다.',
  petRegistered: '새로운 유기동물이 등록되었습니다.',
  adoptionApproved: '입양이 승인되었습니다.',
  strayReported: '새로운 유기견 제보가 접수되었습니다.',
  adoptionRejected: '입양 신청이 거절되었습니다.',
  adoptionWithdrawn: '입양 신청이 취소되었습니다.',
  donationRecorded: '새로운 후원이 접수되었습니다.',
} as const;

/** How long a connection on probation may take to upgrade to a WebSocket that carries an admin session. */
const PROBATION_MS = 10_000;

type DashboardSocketConn = Socket['conn'];

export interface DashboardSocketOptions {
  host: string;
  port: number;
  redisUrl: string | undefined;
  /** Redis key prefix of the socket.io adapter; instances that share a database share it. */
  redisKey: string;
  /** Browser origins allowed to connect (CORS_ORIGINS): the legacy dashboard page; empty → no browser page. */
  origins: readonly string[];
}

/**
 * The admin dashboard socket on its own port, like the legacy's
 * netty-socketio server (legacy-contract §7), but a socket.io v4 server with
 * `allowEIO3`, so socket.io v2-protocol clients (the legacy's) and v4 clients
 * both join. Admins only: the JSESSIONID cookie is checked when the engine
 * handshake arrives (403 otherwise) and again for the namespace. Every admin
 * socket is in the `dashboard` room; with REDIS_URL the redis adapter carries
 * each emit to the admins connected to other instances.
 */
export class DashboardSocket {
  readonly io: Server;
  private readonly server = http.createServer((_req, res) => res.writeHead(404).end());
  private readonly redis: Redis[] = [];
  private readonly upgradeCookies = new Map<string, string>();

  constructor(
    private readonly ctx: ApiContext,
    private readonly options: DashboardSocketOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.io = new Server(this.server, {
      allowEIO3: true,
      // The legacy's (netty-socketio defaults).
      pingInterval: 25_000,
      pingTimeout: 60_000,
      serveClient: false,
      // The legacy dashboard page opens this socket from its own origin: its polling transport is a
      // cross-origin XHR that sends the session cookie only when the answer allows credentials for that
      // origin (socket.io-client 2 asks for credentials by default). Configured origins only.
      ...(options.origins.length > 0 ? { cors: { origin: [...options.origins], credentials: true, methods: ['GET', 'POST'] } } : {}),
      allowRequest: (req, callback) => {
        // A page from any other origin is refused outright (a WebSocket is not held back by CORS, and a
        // same-site page would send the admin's cookie); callers without Origin (the BFF) are not pages.
        const origin = req.headers.origin;
        if (origin !== undefined && !options.origins.includes(origin)) return callback('Forbidden', false);
        // The legacy dashboard page's own client (socket.io-client 4, no `withCredentials`) polls without
        // any cookie; its WebSocket upgrade is the first request to carry one. Such a handshake is let in
        // on probation: the namespace below admits it only once an upgrade proves an admin session.
        if (origin !== undefined && !req.headers.cookie) return callback(null, true);
        this.adminOf(req).then(
          (admin) => callback(admin ? null : 'Forbidden', Boolean(admin)),
          (err: unknown) => {
            this.log.error({ err }, 'dashboard socket: handshake check failed');
            callback('Forbidden', false);
          },
        );
      },
    });
    if (options.redisUrl) {
      const pub = new Redis(options.redisUrl);
      const sub = pub.duplicate();
      for (const c of [pub, sub]) c.on('error', (err) => this.log.warn({ err }, 'dashboard socket redis error'));
      this.redis.push(pub, sub);
      this.io.adapter(createAdapter(pub, sub, { key: options.redisKey }));
    }
    // The cookie of each WebSocket upgrade, by engine session id, for connections on probation.
    this.io.engine.use((req: IncomingMessage & { _query?: Record<string, string> }, _res: unknown, next: () => void) => {
      const sid = req._query?.sid;
      if (sid && req._query?.transport === 'websocket' && req.headers.cookie) this.upgradeCookies.set(sid, req.headers.cookie);
      next();
    });
    this.io.engine.on('connection', (conn: { id: string; on(e: 'close', l: () => void): void }) =>
      conn.on('close', () => this.upgradeCookies.delete(conn.id)),
    );
    this.io.use((socket, next) => {
      const admitted = (admin: SessionUserRow | null) => {
        if (!admin) return next(new Error('Forbidden'));
        (socket.data as { user?: SessionUserRow }).user = admin;
        next();
      };
      if (socket.request.headers.cookie || socket.request.headers.origin === undefined)
        return void this.adminOf(socket.request).then(admitted, () => next(new Error('Forbidden')));
      this.adminByUpgrade(socket.conn).then(admitted, () => next(new Error('Forbidden')));
    });
    this.io.on('connection', (socket) => {
      void socket.join(DASHBOARD_ROOM);
      socket.emit('connected', 'connected');
      socket.on(JOIN_DASHBOARD, () => {
        void socket.join(DASHBOARD_ROOM);
        socket.emit('dashboard_joined', 'joined');
      });
    });
  }

  /**
   * A connection on probation (no cookie on its polling handshake): the admin behind the cookie its
   * WebSocket upgrade carries, or null when it does not upgrade within PROBATION_MS or is not an admin.
   */
  private adminByUpgrade(conn: DashboardSocketConn): Promise<SessionUserRow | null> {
    // engine.io types its session id private; it is the `sid` every later request of the connection names.
    const sid = (conn as unknown as { id: string }).id;
    return new Promise((resolve, reject) => {
      const done = (cookie: string | undefined) => {
        clearTimeout(timer);
        conn.off('upgrade', onUpgrade);
        this.upgradeCookies.delete(sid);
        if (!cookie) return resolve(null);
        this.adminOfCookie(cookie).then(resolve, reject);
      };
      const onUpgrade = () => done(this.upgradeCookies.get(sid));
      const timer = setTimeout(() => done(undefined), PROBATION_MS);
      timer.unref();
      if (conn.upgraded) return onUpgrade();
      conn.on('upgrade', onUpgrade);
    });
  }

  private adminOf(req: IncomingMessage): Promise<SessionUserRow | null> {
    return this.adminOfCookie(req.headers.cookie ?? '');
  }

  private async adminOfCookie(cookieHeader: string): Promise<SessionUserRow | null> {
    const sid = fastifyCookie.parse(cookieHeader)[SESSION_COOKIE];
    if (!sid || !isPlausibleSessionId(sid)) return null;
    const user = await loadSessionUser(this.ctx, sid);
    return user?.role === 'ADMIN' ? user : null;
  }

  /** To every admin on every instance (the room; with Redis through the adapter). */
  emit<E extends DashboardSocketEvent>(event: E, payload: DashboardSocketPayload<E>): void {
    this.io.to(DASHBOARD_ROOM).emit(event, payload);
  }

  /** Turn domain events into the dashboard's events. Runs where the event was raised; the adapter fans out. */
  subscribe(): () => void {
    const events = this.ctx.events;
    const on = { scope: 'origin' } as const;
    const dashboard = new DashboardService(this.ctx);
    const numbers = async () => this.emit('chart-data-update', await dashboard.snapshot());
    const update = (type: string, message: string) => this.emit('dashboard_update', { type, message });
    const offs = [
      events.subscribe(
        'user.registered',
        (e) => {
          this.emit('user_registered', { message: DASHBOARD_MESSAGES.userRegistered, userId: e.userId });
        },
        on,
      ),
      events.subscribe(
        'stray.reported',
        async () => {
          update('stray_reported', DASHBOARD_MESSAGES.strayReported);
          await numbers();
        },
        on,
      ),
      events.subscribe(
        'report.registered',
        async () => {
          update('pet_registered', DASHBOARD_MESSAGES.petRegistered);
          await numbers();
        },
        on,
      ),
      events.subscribe(
        'adoption.requested',
        async (e) => {
          const applicant = await dashboard.loginIdOf(e.applicantPk);
          this.emit('pet_adopted', { message: DASHBOARD_MESSAGES.applied, petId: e.strayId, userId: applicant ?? '' });
          await numbers();
        },
        on,
      ),
      events.subscribe(
        'adoption.decided',
        async (e) => {
          // One approval also closes the other open applications; those add no separate message.
          if (e.reason === 'ANOTHER_APPROVED') return;
          if (e.outcome === 'APPROVED') update('adoption_approved', DASHBOARD_MESSAGES.adoptionApproved);
          else if (e.outcome === 'REJECTED') update('adoption_rejected', DASHBOARD_MESSAGES.adoptionRejected);
          else update('adoption_withdrawn', DASHBOARD_MESSAGES.adoptionWithdrawn);
          await numbers();
        },
        on,
      ),
      events.subscribe(
        'donation.recorded',
        async () => {
          update('donation_recorded', DASHBOARD_MESSAGES.donationRecorded);
          await numbers();
        },
        on,
      ),
    ];
    return () => offs.forEach((off) => off());
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port, this.options.host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    return (this.server.address() as AddressInfo).port;
  }

  get port(): number | null {
    const address = this.server.address();
    return address && typeof address === 'object' ? address.port : null;
  }

  async close(): Promise<void> {
    this.io.disconnectSockets(true);
    await new Promise<void>((resolve) => {
      void this.io.close(() => resolve());
    });
    // QUIT lets the adapter's pending (P)SUBSCRIBE answers arrive first: a plain disconnect right
    // after start rejected them unhandled ("Connection is closed"). Bounded for a Redis that is down.
    await Promise.all(
      this.redis.map((c) =>
        Promise.race([c.quit().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1000).unref())]).finally(() =>
          c.disconnect(),
        ),
      ),
    );
  }
}
