import crypto from 'node:crypto';
import { ADMIN_TOPICS, memberTopics } from '@pawbridge/shared';
import type { SessionUserRow } from '../../context';
import { StompFrameParser, StompFrameTooLarge, serializeStompFrame, type StompFrame } from '@pawbridge/server-kit/stomp-frames';

/** One open socket, whatever carries it (SockJS or a raw WebSocket). */
export interface StompTransport {
  send(text: string): void;
  /** code/reason: the WebSocket close (1012 "service restart" on shutdown). */
  close(code?: number, reason?: string): void;
}

/** WebSocket close code 1012: the server is restarting; clients reconnect (to another instance). */
export const SERVICE_RESTART = { code: 1012, reason: 'service restart' } as const;

export interface BrokerLog {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface BrokerOptions {
  /** What this server offers in CONNECTED's heart-beat (ms it can send, ms it wants to receive); 0 = none. */
  heartBeat?: [number, number];
  log?: BrokerLog;
}

/** Spec §7 Live messaging: a member's own four topics; admins also the two admin topics. */
export function mayReceive(user: Pick<SessionUserRow, 'userId' | 'role'>, destination: string): boolean {
  if ((ADMIN_TOPICS as readonly string[]).includes(destination)) return user.role === 'ADMIN';
  return memberTopics(user.userId).includes(destination);
}

const SUPPORTED_VERSIONS = ['1.2', '1.1', '1.0'];

/**
 * A small STOMP 1.2 broker for server-to-client notifications (no maintained
 * Node STOMP broker exists; decision 0013). It handles CONNECT/STOMP,
 * SUBSCRIBE, UNSUBSCRIBE, SEND, DISCONNECT, receipts, heart-beats and ERROR
 * frames. Members never publish: a SEND to a topic is refused, `/app/...`
 * has no handlers (as in the legacy) and is accepted and dropped. The caller
 * is authenticated by the transport before a session opens; SUBSCRIBE is
 * allowed only to the caller's own destinations (admin topics for admins).
 */
export class StompBroker {
  private readonly sessions = new Set<StompSession>();
  readonly heartBeat: [number, number];

  constructor(readonly options: BrokerOptions = {}) {
    this.heartBeat = options.heartBeat ?? [10_000, 10_000];
  }

  /** A transport for `user` opened; `stillLoggedIn` is re-checked before each SUBSCRIBE. */
  open(transport: StompTransport, user: SessionUserRow, stillLoggedIn: () => Promise<boolean>): StompSession {
    const session = new StompSession(this, transport, user, stillLoggedIn);
    this.sessions.add(session);
    return session;
  }

  /** @internal */
  forget(session: StompSession): void {
    this.sessions.delete(session);
  }

  /** Send `body` to every subscription of `destination` held by the recipient's sessions on this instance. */
  deliver(recipientPk: number, destination: string, body: unknown): number {
    let sent = 0;
    for (const s of this.sessions) if (s.user.pk === recipientPk) sent += s.deliver(destination, body);
    return sent;
  }

  get size(): number {
    return this.sessions.size;
  }

  closeAll(): void {
    for (const s of [...this.sessions]) s.end();
  }

  /** Shutdown: each session gets ERROR "server restarting" and a 1012 close, so clients reconnect elsewhere. */
  restartAll(): void {
    for (const s of [...this.sessions]) s.restart();
  }
}

export class StompSession {
  readonly id = crypto.randomUUID();
  private readonly parser = new StompFrameParser();
  private readonly subscriptions = new Map<string, string>(); // id → destination
  private connected = false;
  private closed = false;
  private queue: Promise<void> = Promise.resolve();
  private lastSeen = Date.now();
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly broker: StompBroker,
    private readonly transport: StompTransport,
    readonly user: SessionUserRow,
    private readonly stillLoggedIn: () => Promise<boolean>,
  ) {}

  /** Text from the transport; frames are handled strictly in order. */
  receive(text: string): void {
    if (this.closed) return;
    this.lastSeen = Date.now();
    let frames: StompFrame[];
    try {
      frames = this.parser.push(text);
    } catch (err) {
      this.error(err instanceof StompFrameTooLarge ? 'frame too large' : 'malformed frame');
      return;
    }
    for (const frame of frames) this.queue = this.queue.then(() => (this.closed ? undefined : this.handle(frame)));
    this.queue = this.queue.catch((err: unknown) => {
      this.broker.options.log?.warn({ err }, 'stomp frame handling failed');
      this.error('server error');
    });
  }

  /** The transport closed. */
  closedByPeer(): void {
    this.cleanup();
  }

  deliver(destination: string, body: unknown): number {
    if (!this.connected || this.closed) return 0;
    let sent = 0;
    const text = JSON.stringify(body);
    for (const [id, dest] of this.subscriptions) {
      if (dest !== destination) continue;
      this.write({
        command: 'MESSAGE',
        headers: { destination, subscription: id, 'message-id': crypto.randomUUID(), 'content-type': 'application/json' },
        body: text,
      });
      sent++;
    }
    return sent;
  }

  end(): void {
    if (this.closed) return;
    this.cleanup();
    this.transport.close();
  }

  restart(): void {
    if (this.closed) return;
    this.write({
      command: 'ERROR',
      headers: { message: 'server restarting', 'content-type': 'text/plain' },
      body: 'The server is restarting; reconnect.',
    });
    this.cleanup();
    this.transport.close(SERVICE_RESTART.code, SERVICE_RESTART.reason);
  }

  private write(frame: StompFrame): void {
    if (!this.closed) this.transport.send(serializeStompFrame(frame.command, frame.headers, frame.body));
  }

  private receipt(frame: StompFrame): void {
    const id = frame.headers.receipt;
    if (id !== undefined) this.write({ command: 'RECEIPT', headers: { 'receipt-id': id }, body: '' });
  }

  /** STOMP says: send ERROR, then close the connection. */
  private error(message: string, frame?: StompFrame, detail = ''): void {
    const headers: Record<string, string> = { message, 'content-type': 'text/plain' };
    if (frame?.headers.receipt !== undefined) headers['receipt-id'] = frame.headers.receipt;
    this.write({ command: 'ERROR', headers, body: detail });
    this.end();
  }

  private async handle(frame: StompFrame): Promise<void> {
    if (!this.connected) {
      if (frame.command === 'CONNECT' || frame.command === 'STOMP') return this.connect(frame);
      return this.error('not connected', frame, 'Send CONNECT first.');
    }
    switch (frame.command) {
      case 'SUBSCRIBE':
        return this.subscribe(frame);
      case 'UNSUBSCRIBE': {
        const id = frame.headers.id;
        if (id === undefined) return this.error('missing id header', frame);
        this.subscriptions.delete(id);
        return this.receipt(frame);
      }
      case 'SEND': {
        const destination = frame.headers.destination ?? '';
        if (!destination.startsWith('/app/'))
          return this.error('forbidden destination', frame, `Clients cannot send to ${destination || 'an empty destination'}.`);
        return this.receipt(frame);
      }
      case 'ACK':
      case 'NACK':
        // Subscriptions are ack:auto; acknowledgements change nothing.
        return this.receipt(frame);
      case 'DISCONNECT':
        this.receipt(frame);
        return this.end();
      case 'CONNECT':
      case 'STOMP':
        return this.error('already connected', frame);
      default:
        return this.error('unsupported command', frame, `${frame.command} is not supported.`);
    }
  }

  private connect(frame: StompFrame): void {
    const offered = (frame.headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    const version = SUPPORTED_VERSIONS.find((v) => offered.includes(v));
    if (!version) return this.error('unsupported protocol version', frame, `Supported versions are ${SUPPORTED_VERSIONS.join(', ')}.`);
    const [cx, cy] = (frame.headers['heart-beat'] ?? '0,0').split(',').map((n) => Number(n) || 0);
    const [sx, sy] = this.broker.heartBeat;
    this.connected = true;
    const outgoing = sx > 0 && (cy ?? 0) > 0 ? Math.max(sx, cy ?? 0) : 0;
    const incoming = sy > 0 && (cx ?? 0) > 0 ? Math.max(sy, cx ?? 0) : 0;
    this.write({
      command: 'CONNECTED',
      headers: { version, 'heart-beat': `${sx},${sy}`, server: 'pawbridge', session: this.id, 'user-name': this.user.userId },
      body: '',
    });
    if (outgoing > 0) this.timers.push(setInterval(() => !this.closed && this.transport.send('\n'), outgoing).unref());
    if (incoming > 0) {
      // Twice the agreed interval before giving up, so network jitter does not cut a live client.
      this.timers.push(
        setInterval(() => {
          if (Date.now() - this.lastSeen > incoming * 2) this.end();
        }, incoming).unref(),
      );
    }
    this.broker.options.log?.debug({ user: this.user.userId, version }, 'stomp connected');
  }

  private async subscribe(frame: StompFrame): Promise<void> {
    const { id, destination } = frame.headers;
    if (id === undefined || destination === undefined) return this.error('missing id or destination header', frame);
    if (!mayReceive(this.user, destination)) return this.error('forbidden destination', frame, `You may not subscribe to ${destination}.`);
    if (!(await this.stillLoggedIn())) return this.error('session expired', frame, 'Log in again.');
    this.subscriptions.set(id, destination);
    this.receipt(frame);
  }

  private cleanup(): void {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    this.subscriptions.clear();
    this.broker.forget(this);
  }
}
