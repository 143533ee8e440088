import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import fastifyCookie from '@fastify/cookie';
import sockjs from 'sockjs';
import { WebSocketServer, type WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiContext, SessionUserRow } from '../../context';
import { isPlausibleSessionId } from '../../lib/input-guard';
import { loadSessionUser, SESSION_COOKIE } from '../../modules/users/session-user';
import type { StompBroker } from './stomp-broker';

export const STOMP_PREFIX = '/ws';

type Handler = (req: IncomingMessage, resOrSocket: ServerResponse | Duplex, head?: Buffer) => boolean;

/** `/ws/{server}/{session}/{transport}`: SockJS transport URLs carry the client's session key. */
const TRANSPORT_PATH = /^\/ws\/([^/.]+)\/([^/.]+)\/[a-z_]+$/;

interface Caller {
  user: SessionUserRow;
  sessionId: string;
}

interface Binding extends Caller {
  at: number;
  live: boolean;
}

/**
 * The STOMP endpoint on the api's own HTTP server, as Spring's
 * `registerStompEndpoints("/ws").withSockJS()`: SockJS at `/ws` (sockjs-node)
 * and the raw WebSocket at `/ws/websocket` (ws). Every transport request must
 * carry a live JSESSIONID (401 otherwise, as the legacy's handshake needs a
 * logged-in session); `/ws/info` and the greeting stay open, as they reveal
 * nothing. A SockJS session key is bound to the member who opened it, so
 * nobody else can post into or read from it (403).
 */
export function attachStompEndpoint(
  server: Server,
  ctx: ApiContext,
  broker: StompBroker,
  log: FastifyBaseLogger,
): { close(graceMs?: number): Promise<void> } {
  const bindings = new Map<string, Binding>();
  const sock = sockjs.createServer({
    prefix: STOMP_PREFIX,
    // The default would set its own JSESSIONID cookie over the real session's.
    jsessionid: false,
    disconnect_delay: 5_000,
    log: (severity: string, line: string) => {
      if (severity === 'error') log.warn({ sockjs: line }, 'sockjs error');
    },
  } as sockjs.ServerOptions);
  const sockHandler = (sock as unknown as { middleware(): Handler }).middleware();
  const raw = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

  const resolveCaller = async (req: IncomingMessage): Promise<Caller | null> => {
    const sid = fastifyCookie.parse(req.headers.cookie ?? '')[SESSION_COOKIE];
    if (!sid || !isPlausibleSessionId(sid)) return null;
    const user = await loadSessionUser(ctx, sid);
    return user ? { user, sessionId: sid } : null;
  };
  const stillLoggedIn = (sessionId: string, pk: number) => async () => (await ctx.sessions.get(sessionId)) === pk;

  sock.on('connection', (conn) => {
    if (!conn) return;
    const key = TRANSPORT_PATH.exec(conn.pathname ?? '')?.[2];
    const caller = key ? bindings.get(key) : undefined;
    if (!caller) {
      (conn.close as (code?: number, reason?: string) => boolean)(4401, 'Unauthorized');
      return;
    }
    caller.live = true;
    const session = broker.open(
      {
        send: (text) => conn.write(text),
        close: (code, reason) => (conn.close as (code?: number, reason?: string) => boolean)(code, reason),
      },
      caller.user,
      stillLoggedIn(caller.sessionId, caller.user.pk),
    );
    conn.on('data', (text: string) => session.receive(text));
    conn.on('close', () => {
      session.closedByPeer();
      if (key) bindings.delete(key);
    });
  });

  const openRaw = (ws: WebSocket, caller: Caller) => {
    const session = broker.open(
      { send: (text) => ws.send(text), close: (code, reason) => ws.close(code, reason) },
      caller.user,
      stillLoggedIn(caller.sessionId, caller.user.pk),
    );
    ws.on('message', (data, isBinary) => session.receive(isBinary ? '' : data.toString('utf8')));
    ws.on('close', () => session.closedByPeer());
    ws.on('error', () => ws.terminate());
  };

  const refuse = (resOrSocket: ServerResponse | Duplex, status: 401 | 403) => {
    const reason = status === 401 ? 'Unauthorized' : 'Forbidden';
    if ('writeHead' in resOrSocket) {
      resOrSocket.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(reason);
    } else {
      resOrSocket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    }
  };

  /** Returns true when the request belongs to the endpoint (handled or being handled). */
  const route = (req: IncomingMessage, resOrSocket: ServerResponse | Duplex, head?: Buffer): boolean => {
    const pathname = (req.url ?? '').split('?')[0] ?? '';
    if (pathname !== STOMP_PREFIX && !pathname.startsWith(`${STOMP_PREFIX}/`)) return false;
    const isRaw = pathname === `${STOMP_PREFIX}/websocket`;
    const key = TRANSPORT_PATH.exec(pathname)?.[2];
    if (!isRaw && !key) return sockHandler(req, resOrSocket, head) || (refuse(resOrSocket, 403), true);
    void resolveCaller(req)
      .then((caller) => {
        if (!caller) return refuse(resOrSocket, 401);
        if (isRaw) {
          if ('writeHead' in resOrSocket) return refuse(resOrSocket, 403);
          return raw.handleUpgrade(req, resOrSocket, head ?? Buffer.alloc(0), (ws) => openRaw(ws, caller));
        }
        const bound = bindings.get(key!);
        if (bound && bound.user.pk !== caller.user.pk) return refuse(resOrSocket, 403);
        if (!bound) bindings.set(key!, { ...caller, at: Date.now(), live: false });
        if (!sockHandler(req, resOrSocket, head)) refuse(resOrSocket, 403);
      })
      .catch((err: unknown) => {
        log.error({ err }, 'stomp endpoint: handshake failed');
        if ('writeHead' in resOrSocket && !resOrSocket.headersSent) resOrSocket.writeHead(500).end();
        else if (!('writeHead' in resOrSocket)) resOrSocket.destroy();
      });
    return true;
  };

  // In front of Fastify's own listener, as sockjs-node's installHandlers does.
  const previousRequest = server.listeners('request').slice();
  server.removeAllListeners('request');
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    if (!route(req, res)) for (const l of previousRequest) (l as (a: IncomingMessage, b: ServerResponse) => void).call(server, req, res);
  };
  server.on('request', onRequest);
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!route(req, socket, head) && server.listenerCount('upgrade') === 1) socket.destroy();
  };
  server.on('upgrade', onUpgrade);

  // A key bound by a request that never became a session (dropped before the first poll) is forgotten.
  const sweep = setInterval(() => {
    const old = Date.now() - 60_000;
    for (const [k, b] of bindings) if (!b.live && b.at < old) bindings.delete(k);
  }, 60_000).unref();

  return {
    /** Shutdown: clients are told the server restarts (ERROR + close 1012); sockets still open after `graceMs` are cut. */
    async close(graceMs = 1000) {
      clearInterval(sweep);
      server.off('upgrade', onUpgrade);
      broker.restartAll();
      const until = Date.now() + graceMs;
      while (raw.clients.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      for (const c of raw.clients) c.terminate();
      raw.close();
    },
  };
}
