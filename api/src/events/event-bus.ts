/**
 * The typed domain-event bus (`ctx.events`).
 *
 *   import { domainEvent } from '../../events';
 *   // after your transaction has COMMITTED (never inside it):
 *   await ctx.events.publish(domainEvent('stray.reported', { strayId, reporterPk }));
 *
 *   // in a module's setup:
 *   ctx.events.subscribe('adoption.decided', async (event) => { ... });                       // every instance
 *   ctx.events.subscribe('adoption.decided', async (event) => { ... }, { scope: 'origin' });  // raising instance only
 *
 * Rules:
 * - Publish only after the change is committed, so nobody hears about a change
 *   that was rolled back. (Services hold their events until `db.transaction()`
 *   has resolved, then publish.)
 * - `publish` awaits this instance's handlers, in subscription order, so a
 *   request answers after its notifications exist (deterministic for tests and
 *   for the client that refetches). A handler that throws is logged and skipped;
 *   `publish` never rejects, so it can never fail the request that raised it.
 * - In-process by default. With `REDIS_URL` every event is also published on
 *   a Redis channel, and the other api instances run their `scope: 'cluster'`
 *   handlers (the default) for it too. Handlers that write to the shared
 *   database (e.g. storing a notification) must use `scope: 'origin'`, or each
 *   instance would write it once. Handlers that push to locally connected
 *   sockets use the default.
 * - Events are JSON: ids, user keys, ISO timestamps (see `domain-events.ts`).
 */
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { DOMAIN_EVENT_TYPES, type DomainEvent, type DomainEventType, type EventOf } from './domain-events';

export type EventHandler<T extends DomainEventType> = (event: EventOf<T>) => void | Promise<void>;

export interface SubscribeOptions {
  /** 'cluster' (default): run for events raised on any instance. 'origin': only for events raised on this one. */
  scope?: 'cluster' | 'origin';
}

export interface EventBus {
  publish(...events: DomainEvent[]): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe<T extends DomainEventType>(type: T, handler: EventHandler<T>, options?: SubscribeOptions): () => void;
  /** Resolves once the bus is listening on Redis (immediately in-process). */
  ready(): Promise<void>;
  /**
   * Called when the bus is listening again after its Redis connection was lost: events other
   * instances raised meanwhile never arrived here (issue 24 item 3). Returns the unsubscribe function.
   */
  onGap(listener: () => void): () => void;
  close(): Promise<void>;
}

interface Entry {
  handler: (event: DomainEvent) => void | Promise<void>;
  scope: 'cluster' | 'origin';
}

interface Envelope {
  origin: string;
  event: DomainEvent;
}

type Log = Pick<FastifyBaseLogger, 'error' | 'warn'>;

class LocalEventBus implements EventBus {
  private readonly handlers = new Map<DomainEventType, Entry[]>();

  constructor(protected readonly log?: Log) {}

  subscribe<T extends DomainEventType>(type: T, handler: EventHandler<T>, options: SubscribeOptions = {}): () => void {
    const entry: Entry = { handler: handler as Entry['handler'], scope: options.scope ?? 'cluster' };
    const list = this.handlers.get(type) ?? [];
    list.push(entry);
    this.handlers.set(type, list);
    return () => {
      const current = this.handlers.get(type) ?? [];
      this.handlers.set(
        type,
        current.filter((e) => e !== entry),
      );
    };
  }

  async publish(...events: DomainEvent[]): Promise<void> {
    for (const event of events) await this.dispatch(event, true);
  }

  /** Run this instance's handlers; `local` is false for events that came from another instance. */
  protected async dispatch(event: DomainEvent, local: boolean): Promise<void> {
    for (const entry of [...(this.handlers.get(event.type) ?? [])]) {
      if (!local && entry.scope === 'origin') continue;
      try {
        await entry.handler(event);
      } catch (err) {
        this.log?.error({ err, eventType: event.type }, 'domain event handler failed');
      }
    }
  }

  async ready(): Promise<void> {}

  protected readonly gapListeners = new Set<() => void>();

  /** In one process nothing is ever missed; the Redis bus calls these after an outage. */
  onGap(listener: () => void): () => void {
    this.gapListeners.add(listener);
    return () => this.gapListeners.delete(listener);
  }

  async close(): Promise<void> {}
}

class RedisEventBus extends LocalEventBus {
  private readonly id = crypto.randomUUID();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly listening: Promise<void>;

  constructor(
    redisUrl: string,
    private readonly channel: string,
    log?: Log,
  ) {
    super(log);
    this.pub = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    this.sub = new Redis(redisUrl, { lazyConnect: false });
    this.pub.on('error', (err) => this.log?.warn({ err }, 'event bus redis (publish) error'));
    this.sub.on('error', (err) => this.log?.warn({ err }, 'event bus redis (subscribe) error'));
    this.sub.on('message', (_channel: string, raw: string) => void this.receive(raw));
    // ioredis resubscribes by itself after a reconnect, but what was published meanwhile is gone:
    // say so, so that live clients are told to refetch (issue 24 item 3).
    let lost = false;
    this.sub.on('close', () => (lost = true));
    this.sub.on('ready', () => {
      if (!lost) return;
      lost = false;
      this.log?.warn({ channel }, 'event bus: listening again after a Redis outage; live clients are told to refetch');
      for (const listener of [...this.gapListeners]) listener();
    });
    this.listening = this.sub.subscribe(this.channel).then(() => undefined);
    // A failed first subscribe is reported by ready(); keep it from being an unhandled rejection meanwhile.
    this.listening.catch(() => undefined);
  }

  private async receive(raw: string): Promise<void> {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch (err) {
      this.log?.warn({ err }, 'event bus: ignored a message that is not JSON');
      return;
    }
    if (envelope.origin === this.id) return; // already dispatched locally
    if (!envelope.event || !DOMAIN_EVENT_TYPES.includes(envelope.event.type)) return;
    await this.dispatch(envelope.event, false);
  }

  override async publish(...events: DomainEvent[]): Promise<void> {
    for (const event of events) {
      await this.dispatch(event, true);
      try {
        await this.pub.publish(this.channel, JSON.stringify({ origin: this.id, event } satisfies Envelope));
      } catch (err) {
        // The change is committed and local handlers ran; other instances miss this one (logged, not thrown).
        this.log?.error({ err, eventType: event.type }, 'event bus: could not publish to redis');
      }
    }
  }

  override ready(): Promise<void> {
    return this.listening;
  }

  /**
   * A connected client quits (Redis answers what is pending first, e.g. the resubscribe ioredis sends
   * by itself after a reconnect, whose promise nobody holds: cut off, it was an unhandled rejection);
   * one that is not connected, or a Redis that does not answer within a second, is just disconnected.
   */
  override async close(): Promise<void> {
    await Promise.all(
      [this.sub, this.pub].map(async (client) => {
        if (client.status !== 'ready') return client.disconnect();
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, 1_000)));
        await Promise.race([client.quit().then(() => undefined), late]).catch(() => undefined);
        clearTimeout(timer);
        client.disconnect();
      }),
    );
  }
}

export interface EventBusOptions {
  redisUrl?: string | undefined;
  /** Redis channel; instances that should hear each other share it. */
  channel?: string;
  log?: Log;
}

export function createEventBus(options: EventBusOptions = {}): EventBus {
  return options.redisUrl
    ? new RedisEventBus(options.redisUrl, options.channel ?? 'pawbridge:events', options.log)
    : new LocalEventBus(options.log);
}
