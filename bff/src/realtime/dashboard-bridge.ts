import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { io as ioV4 } from 'socket.io-client';
import ioV2 from 'socket.io-client-v2';
import { DASHBOARD_EVENTS, DASHBOARD_STATUS_EVENT } from '@pawbridge/shared';
import { normaliseDashboardEvent } from '../normalisers/dashboard.normaliser';

/** Under /dashboard: the dev server already proxies that path's upgrades to the BFF. */
export const DASHBOARD_SOCKET_PATH = '/dashboard/socket.io/';
const ROOM = 'admins';

export interface UpstreamSocket {
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  close(): unknown;
}

interface UpstreamSocketOptions {
  transports: string[];
  reconnection: boolean;
  reconnectionDelay: number;
  reconnectionDelayMax: number;
  extraHeaders: Record<string, string>;
}

/** How the BFF opens its upstream dashboard socket: one per upstream, chosen once at start (bff/src/gateways.ts). */
export type DashboardConnector = (url: string, options: UpstreamSocketOptions) => UpstreamSocket;

/** Our api's dashboard socket speaks socket.io v4. */
export const socketIoV4: DashboardConnector = (url, options) => ioV4(url, { ...options, forceNew: true });

/** netty-socketio 1.7 (the legacy's) answers nothing newer than socket.io v2 (legacy-contract §7). */
export const socketIoV2: DashboardConnector = (url, options) => ioV2(url, { ...options, forceNew: true });

export interface DashboardBridgeOptions {
  /** The upstream dashboard socket (legacy: its netty-socketio port). */
  upstreamUrl: string;
  connect: DashboardConnector;
  log: FastifyBaseLogger;
  /** The handshake's verdict: the caller's upstream session id when they are an admin, else null. */
  authorise(headers: Record<string, string | string[] | undefined>): Promise<string | null>;
}

/**
 * The admins' live dashboard: a socket.io v4 server for browsers on the BFF
 * (admins only, decided at the handshake) and ONE upstream connection per BFF
 * instance to the dashboard socket, whose events are re-emitted to every
 * admin with their payloads in the shared catalogue's shape.
 *
 * The upstream client's socket.io version is the upstream's (`connect`). The upstream
 * connection is opened with a connected admin's session (our api admits admins
 * only) and exists only while some admin is connected.
 */
export class DashboardBridge {
  readonly io: Server;
  private upstream: UpstreamSocket | null = null;
  private upstreamSession: string | null = null;
  private upstreamOnline = false;
  /** socket id → that admin's upstream session id. */
  private readonly admins = new Map<string, string>();

  constructor(
    server: HttpServer,
    private readonly opts: DashboardBridgeOptions,
  ) {
    this.io = new Server(server, {
      path: DASHBOARD_SOCKET_PATH,
      serveClient: false,
      transports: ['websocket', 'polling'],
      destroyUpgrade: false,
    });
    this.io.use((socket, next) => {
      opts
        .authorise(socket.request.headers)
        .then((sid) => {
          if (!sid) return next(Object.assign(new Error('FORBIDDEN'), { data: { code: 'FORBIDDEN' } }));
          (socket.data as { sid?: string }).sid = sid;
          next();
        })
        .catch(() => next(Object.assign(new Error('UPSTREAM_UNAVAILABLE'), { data: { code: 'UPSTREAM_UNAVAILABLE' } })));
    });
    this.io.on('connection', (socket) => this.onAdmin(socket));
  }

  /** Set by the realtime plugin: registers an admin's session when their socket connects; returns its untrack. */
  onSession: ((sid: string) => () => void) | null = null;

  /** The distinct sessions of the connected admins (checked periodically: an expired one is closed). */
  sessions(): string[] {
    return [...new Set(this.admins.values())];
  }

  /** Disconnects every admin socket of this session (logout, expiry: issue 24 item 12). */
  endSession(sid: string): void {
    for (const socket of this.io.sockets.sockets.values()) if ((socket.data as { sid?: string }).sid === sid) socket.disconnect(true);
  }

  private onAdmin(socket: Socket) {
    const sid = (socket.data as { sid: string }).sid;
    this.admins.set(socket.id, sid);
    const untrack = this.onSession?.(sid);
    if (untrack) socket.on('disconnect', untrack);
    void socket.join(ROOM);
    socket.emit(DASHBOARD_STATUS_EVENT, { online: this.upstreamOnline });
    socket.on('disconnect', () => {
      this.admins.delete(socket.id);
      if (this.admins.size === 0) this.closeUpstream();
      else if (this.upstreamSession === sid && ![...this.admins.values()].includes(sid)) this.openUpstream(true);
    });
    if (!this.upstream) this.openUpstream(false);
  }

  private openUpstream(replace: boolean) {
    if (replace) this.closeUpstream();
    const sid = this.admins.values().next().value;
    if (!sid) return;
    this.upstreamSession = sid;
    const common = {
      transports: ['websocket'],
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 30_000,
      extraHeaders: { cookie: `JSESSIONID=${sid}` },
    };
    const socket = this.opts.connect(this.opts.upstreamUrl, common);
    this.upstream = socket;
    socket.on('connect', () => {
      this.opts.log.info('dashboard upstream connected');
      // The legacy broadcasts to the room when it has members, else to everyone; join it either way.
      socket.emit('join_dashboard', 'ADMIN');
      this.setOnline(true);
    });
    socket.on('disconnect', (reason) => {
      this.setOnline(false);
      // A server that ends the session itself (e.g. while restarting) is not retried by the client: reconnect by hand.
      if (reason === 'io server disconnect' && this.upstream === socket)
        setTimeout(() => this.upstream === socket && (socket as UpstreamSocket & { connect(): unknown }).connect(), 1000);
    });
    socket.on('connect_error', (err) => this.opts.log.debug({ err }, 'dashboard upstream connect error'));
    for (const event of DASHBOARD_EVENTS) {
      socket.on(event, (payload: unknown) => {
        const normalised = normaliseDashboardEvent(event, payload);
        if (normalised) this.io.to(ROOM).emit(event, normalised);
      });
    }
  }

  private setOnline(online: boolean) {
    if (this.upstreamOnline === online) return;
    this.upstreamOnline = online;
    this.io.to(ROOM).emit(DASHBOARD_STATUS_EVENT, { online });
  }

  private closeUpstream() {
    this.upstream?.close();
    this.upstream = null;
    this.upstreamSession = null;
    this.upstreamOnline = false;
  }

  async close(): Promise<void> {
    this.closeUpstream();
    // Not io.close(): that would close the HTTP server Fastify owns and closes itself. Nor disconnectSockets():
    // a server-side disconnect tells socket.io clients not to come back; a closed transport makes them reconnect.
    this.io.engine.close();
  }
}
