import WebSocket from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { StompFrameParser, serializeStompFrame, type StompFrame } from '@pawbridge/server-kit/stomp-frames';

export interface UpstreamStompOptions {
  /** The upstream's raw STOMP WebSocket, e.g. ws://api:8080/ws/websocket. */
  url: string;
  /** Sent as the JSESSIONID cookie on the handshake: the upstream authorises topics per session (decision 0018). */
  sessionId: string;
  heartbeatMs: number;
  /** First and largest reconnect delays (doubling in between, back to the first after a session is up). */
  reconnectMs: { first: number; max: number };
  log: FastifyBaseLogger;
  /** Every time a session is up (the first one and each after a reconnect). */
  onConnect(): void;
  /** A MESSAGE on one of our subscriptions: its upstream destination and raw body. */
  onMessage(destination: string, body: string): void;
  /** The session is gone (its subscriptions with it); a reconnect follows unless deactivated. */
  onDisconnect(): void;
}

/**
 * One upstream STOMP session over `ws`, raw frames both ways (no client
 * library: its byte-wise parser was a third of the bridge's per-message cost).
 * CONNECT with heart-beats, SUBSCRIBE/UNSUBSCRIBE, ERROR frames logged,
 * heart-beats both ways (silence for twice the period closes the socket), and
 * reconnect with exponential back-off until deactivated.
 */
export class UpstreamStomp {
  private ws: WebSocket | null = null;
  private active = false;
  private up = false;
  private delay: number;
  private retry: NodeJS.Timeout | null = null;
  private beats: NodeJS.Timeout[] = [];
  private lastHeard = 0;
  private seq = 0;
  /** Upstream subscription id → destination (for the current session only). */
  private readonly subs = new Map<string, string>();

  constructor(private readonly opts: UpstreamStompOptions) {
    this.delay = opts.reconnectMs.first;
  }

  get connected(): boolean {
    return this.up;
  }

  activate(): void {
    if (this.active) return;
    this.active = true;
    this.open();
  }

  /** Subscribes on the current session; returns its id, or null when no session is up. */
  subscribe(destination: string): string | null {
    if (!this.up) return null;
    const id = `sub-${this.seq++}`;
    this.subs.set(id, destination);
    this.write(serializeStompFrame('SUBSCRIBE', { id, destination }));
    return id;
  }

  unsubscribe(id: string): void {
    if (!this.subs.delete(id) || !this.up) return;
    this.write(serializeStompFrame('UNSUBSCRIBE', { id }));
  }

  deactivate(): void {
    this.active = false;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const ws = this.ws;
    if (ws && ws.readyState === WebSocket.OPEN && this.up) ws.send(serializeStompFrame('DISCONNECT', {}));
    this.drop();
    if (ws && ws.readyState !== WebSocket.CLOSED) ws.close(1000);
  }

  private write(text: string) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(text);
  }

  private open() {
    const ws = new WebSocket(this.opts.url, { headers: { cookie: `JSESSIONID=${this.opts.sessionId}` } });
    this.ws = ws;
    const parser = new StompFrameParser();
    ws.on('open', () => {
      const hb = this.opts.heartbeatMs;
      ws.send(serializeStompFrame('CONNECT', { 'accept-version': '1.2,1.1', 'heart-beat': `${hb},${hb}` }));
    });
    ws.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
      if (this.ws !== ws) return;
      this.lastHeard = Date.now();
      const text = Array.isArray(data)
        ? Buffer.concat(data).toString('utf8')
        : Buffer.isBuffer(data)
          ? data.toString('utf8')
          : Buffer.from(data).toString('utf8');
      let frames: StompFrame[];
      try {
        frames = parser.push(text);
      } catch (err) {
        this.opts.log.warn({ err }, 'upstream STOMP frame unreadable');
        ws.terminate();
        return;
      }
      for (const frame of frames) this.onFrame(frame);
    });
    // A refused handshake (e.g. the session expired upstream) is an 'error' event, then 'close': retry then.
    ws.on('error', (err) => this.opts.log.debug({ err }, 'upstream STOMP socket error'));
    ws.on('close', () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.drop();
      if (!this.active) return;
      this.retry = setTimeout(() => {
        this.retry = null;
        if (this.active) this.open();
      }, this.delay);
      this.delay = Math.min(this.delay * 2, this.opts.reconnectMs.max);
    });
  }

  private onFrame(frame: StompFrame) {
    switch (frame.command) {
      case 'MESSAGE': {
        const destination = this.subs.get(frame.headers.subscription ?? '');
        if (destination !== undefined) this.opts.onMessage(destination, frame.body);
        return;
      }
      case 'CONNECTED':
        this.up = true;
        this.delay = this.opts.reconnectMs.first;
        this.startHeartbeats(frame.headers['heart-beat']);
        this.opts.onConnect();
        return;
      case 'ERROR':
        this.opts.log.warn({ message: frame.headers.message }, 'upstream STOMP error');
        return;
      default:
        return;
    }
  }

  /** STOMP 1.2 §Heart-beating: each side uses the larger of what one offers and the other wants. */
  private startHeartbeats(offered: string | undefined) {
    const [sx = 0, sy = 0] = (offered ?? '0,0').split(',').map((n) => Number.parseInt(n, 10) || 0);
    const hb = this.opts.heartbeatMs;
    const ws = this.ws;
    if (hb > 0 && sy > 0) this.beats.push(setInterval(() => ws?.readyState === WebSocket.OPEN && ws.send('\n'), Math.max(hb, sy)));
    if (hb > 0 && sx > 0) {
      const expected = Math.max(hb, sx);
      this.lastHeard = Date.now();
      this.beats.push(
        setInterval(() => {
          if (Date.now() - this.lastHeard > 2 * expected) ws?.terminate();
        }, expected),
      );
    }
  }

  /** The session is over: no subscriptions, no heart-beats. */
  private drop() {
    for (const t of this.beats) clearInterval(t);
    this.beats = [];
    this.subs.clear();
    if (this.up) {
      this.up = false;
      this.opts.onDisconnect();
    }
  }
}
