import WebSocket from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { normaliseNotification } from '../normalisers/notification.normaliser';
import { StompFrameParser, serializeStompFrame, type StompFrame } from '@pawbridge/server-kit/stomp-frames';
import { UpstreamStomp } from './upstream-stomp';
import type { BridgeUser, StompRoutes, UpstreamRoute } from './stomp-destinations';

/** Spec §9: heart-beat 10 s each way. */
export const HEARTBEAT_MS = 10_000;
/** How long a browser's CONNECT waits for the upstream session before it is refused. */
export const UPSTREAM_WAIT_MS = 10_000;

export interface StompBridgeOptions {
  /** The upstream's raw STOMP WebSocket, e.g. ws://api:8080/ws/websocket. */
  upstreamUrl: string;
  /** The caller's upstream session id (sent as the JSESSIONID cookie on the upstream handshake). */
  sessionId: string;
  user: BridgeUser;
  /** Which upstream subscriptions feed each browser destination (per upstream, chosen at start). */
  routes: StompRoutes;
  log: FastifyBaseLogger;
  heartbeatMs?: number;
  upstreamWaitMs?: number;
  /** First and largest upstream reconnect delays (doubling in between). */
  reconnectMs?: { first: number; max: number };
  /** Checked every `everyMs` once connected: false = the session ended (ERROR SESSION_ENDED, close); undefined = unknown, kept. */
  sessionCheck?: { everyMs: number; alive: () => Promise<boolean | undefined> };
  /** Subscriptions one socket may hold (issue 24 item 15); one more is refused with an ERROR. */
  maxSubscriptions?: number;
}

/** Subscriptions per browser socket: the web app takes a handful; 5,000 were accepted before (issue 24 item 15). */
export const MAX_SUBSCRIPTIONS = 20;

/** What the caller may do with a bridged socket later. */
export interface StompBridge {
  /** Ends the session with an ERROR frame (STOMP's way of saying why) and closes the socket. */
  end(code: string, detail: string): void;
}

interface BrowserSubscription {
  destination: string;
  routes: UpstreamRoute[];
}

/**
 * One browser's STOMP session on the BFF's `/ws`, bridged to one upstream STOMP
 * session opened with the caller's own cookie. The browser speaks to the BFF
 * only: its SUBSCRIBE is checked (its own topics, admin topics for admins),
 * SEND is refused (the upstream has no application destinations), and every
 * MESSAGE body is normalised to the shared notification shape. When the
 * upstream drops after CONNECTED, the browser's socket is ended (ERROR, 1012)
 * so that it reconnects and refetches: what was raised meanwhile is never
 * silently lost (issue 24 item 3). Before CONNECTED, the upstream is retried
 * with back-off within the upstream wait.
 */
export function bridgeStomp(browser: WebSocket, opts: StompBridgeOptions): StompBridge {
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const subs = new Map<string, BrowserSubscription>();
  /** Upstream destination → its subscription id on the current upstream session (null while none is up). */
  const upstreamSubs = new Map<string, string | null>();
  let connected = false;
  /** CONNECTED has been sent: from then on the browser relies on this stream being complete. */
  let announced = false;
  let onFirstUpstream: (() => void) | null = null;
  let closed = false;
  let messageSeq = 0;
  let lastHeard = Date.now();
  const timers: NodeJS.Timeout[] = [];

  const send = (command: string, headers: Record<string, string>, body = '') => {
    if (browser.readyState !== WebSocket.OPEN) return;
    browser.send(serializeStompFrame(command, headers, body));
  };
  const fail = (code: string, detail: string, receipt?: string) => {
    // STOMP 1.2: an ERROR frame ends the session.
    send('ERROR', { message: code, 'content-type': 'text/plain', ...(receipt ? { 'receipt-id': receipt } : {}) }, detail);
    shutdown(1008);
  };

  const upstream = new UpstreamStomp({
    url: opts.upstreamUrl,
    sessionId: opts.sessionId,
    heartbeatMs,
    reconnectMs: opts.reconnectMs ?? { first: 1000, max: 30_000 },
    log: opts.log,
    onConnect: () => {
      onFirstUpstream?.();
      onFirstUpstream = null;
      // A new upstream session has none of the old subscriptions: take them all again.
      for (const destination of upstreamSubs.keys()) upstreamSubs.set(destination, upstream.subscribe(destination));
    },
    onMessage: deliver,
    onDisconnect: () => {
      for (const destination of upstreamSubs.keys()) upstreamSubs.set(destination, null);
      // Notifications raised while the upstream session is away would be lost without a word, and the
      // bell would stay wrong until a reload (issue 24 item 3). So the browser is told: its socket ends
      // (ERROR, close 1012 "service restart"), it reconnects, and the app refetches what it missed.
      if (announced) {
        send(
          'ERROR',
          { message: 'UPSTREAM_SESSION_REPLACED', 'content-type': 'text/plain' },
          'The notification stream was interrupted; reconnect.',
        );
        shutdown(1012);
      }
    },
  });

  function deliver(upstreamDestination: string, raw: string) {
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return;
    }
    const notification = normaliseNotification(body);
    if (!notification) return;
    let json: string | null = null;
    for (const [id, sub] of subs) {
      if (!sub.routes.some((r) => r.destination === upstreamDestination && r.accepts(body))) continue;
      json ??= JSON.stringify(notification);
      send(
        'MESSAGE',
        { subscription: id, 'message-id': `m-${++messageSeq}`, destination: sub.destination, 'content-type': 'application/json' },
        json,
      );
    }
  }

  function syncUpstream() {
    const wanted = new Set([...subs.values()].flatMap((s) => s.routes.map((r) => r.destination)));
    for (const [destination, id] of upstreamSubs) {
      if (wanted.has(destination)) continue;
      upstreamSubs.delete(destination);
      if (id) upstream.unsubscribe(id);
    }
    for (const destination of wanted) if (!upstreamSubs.has(destination)) upstreamSubs.set(destination, upstream.subscribe(destination));
  }

  function onFrame(frame: StompFrame) {
    const receipt = frame.headers.receipt;
    const ack = () => receipt && send('RECEIPT', { 'receipt-id': receipt });
    if (!connected && frame.command !== 'CONNECT' && frame.command !== 'STOMP') return fail('NOT_CONNECTED', 'CONNECT first.');
    switch (frame.command) {
      case 'CONNECT':
      case 'STOMP': {
        if (connected) return fail('ALREADY_CONNECTED', 'This session is already connected.');
        const versions = (frame.headers['accept-version'] ?? '1.0').split(',');
        if (!versions.includes('1.2') && !versions.includes('1.1')) return fail('UNSUPPORTED_VERSION', 'STOMP 1.1 or 1.2 only.');
        connected = true;
        // CONNECTED only once the upstream session is up: "connected" then means messages can arrive.
        // An upstream that stays away ends the attempt; the browser retries (and shows it is offline meanwhile).
        const giveUp = setTimeout(
          () => fail('UPSTREAM_UNAVAILABLE', 'The notification server cannot be reached.'),
          opts.upstreamWaitMs ?? UPSTREAM_WAIT_MS,
        );
        timers.push(giveUp);
        onFirstUpstream = () => {
          clearTimeout(giveUp);
          startHeartbeats(frame.headers['heart-beat']);
          startSessionChecks();
          announced = true;
          send('CONNECTED', {
            version: versions.includes('1.2') ? '1.2' : '1.1',
            'heart-beat': `${heartbeatMs},${heartbeatMs}`,
            server: 'pawbridge-bff',
          });
        };
        upstream.activate();
        return;
      }
      case 'SUBSCRIBE': {
        const { id, destination } = frame.headers;
        if (!id || !destination) return fail('MALFORMED_FRAME', 'SUBSCRIBE needs id and destination.', receipt);
        const routes = opts.routes(destination, opts.user);
        if (!routes) return fail('FORBIDDEN_DESTINATION', `You may not subscribe to ${destination}.`, receipt);
        if (!subs.has(id) && subs.size >= (opts.maxSubscriptions ?? MAX_SUBSCRIPTIONS))
          return fail('TOO_MANY_SUBSCRIPTIONS', 'This socket holds as many subscriptions as it may.', receipt);
        subs.set(id, { destination, routes });
        syncUpstream();
        return ack();
      }
      case 'UNSUBSCRIBE':
        if (frame.headers.id) subs.delete(frame.headers.id);
        syncUpstream();
        return ack();
      case 'SEND':
        return fail('SEND_NOT_ALLOWED', 'Nothing may be sent to the server.', receipt);
      case 'DISCONNECT':
        ack();
        return shutdown(1000);
      case 'ACK':
      case 'NACK':
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        return ack();
      default:
        return fail('MALFORMED_FRAME', `Unknown command ${frame.command}.`);
    }
  }

  function startSessionChecks() {
    const check = opts.sessionCheck;
    if (!check) return;
    timers.push(
      setInterval(() => {
        void check
          .alive()
          .then((alive) => alive === false && fail('SESSION_ENDED', 'The session has ended; log in again.'))
          .catch(() => undefined);
      }, check.everyMs),
    );
  }

  function startHeartbeats(requested: string | undefined) {
    const [cx = 0, cy = 0] = (requested ?? '0,0').split(',').map((n) => Number.parseInt(n, 10) || 0);
    // STOMP 1.2 §Heart-beating: each side uses the larger of what one offers and the other wants.
    if (cy > 0) timers.push(setInterval(() => browser.readyState === WebSocket.OPEN && browser.send('\n'), Math.max(heartbeatMs, cy)));
    // Heart-beats are required (issue 24 item 15): a socket asking for none would otherwise be held
    // forever. Our CONNECTED asks for one every heartbeatMs, so silence past twice that ends it.
    {
      const expected = Math.max(heartbeatMs, cx);
      timers.push(
        setInterval(() => {
          // Twice the period of silence: the browser is gone (a sleeping laptop never says goodbye).
          if (Date.now() - lastHeard > 2 * expected) shutdown(1001);
        }, expected),
      );
    }
  }

  function shutdown(code: number) {
    if (closed) return;
    closed = true;
    for (const t of timers) clearInterval(t);
    onFirstUpstream = null;
    upstream.deactivate();
    setImmediate(() => browser.close(code));
  }

  const parser = new StompFrameParser();
  browser.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
    lastHeard = Date.now();
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    let frames: StompFrame[];
    try {
      frames = parser.push(buf.toString('utf8'));
    } catch {
      return fail('MALFORMED_FRAME', 'The frame could not be read.');
    }
    for (const frame of frames) if (!closed) onFrame(frame);
  });
  browser.on('close', () => {
    if (closed) return;
    closed = true;
    for (const t of timers) clearInterval(t);
    upstream.deactivate();
  });
  browser.on('error', () => browser.terminate());
  // A socket that never sends CONNECT is held for no longer than an upstream wait.
  timers.push(setTimeout(() => !connected && shutdown(1008), opts.upstreamWaitMs ?? UPSTREAM_WAIT_MS));
  return { end: (code, detail) => fail(code, detail) };
}
