import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** How often a live socket's session is checked upstream (expiry, or an end the BFF never saw). */
export const SESSION_CHECK_MS = 30_000;

const digest = (sid: string) => createHash('sha256').update(sid).digest('hex').slice(0, 32);

/**
 * Closes a member's sockets when their session ends (issue 24 item 12): the notification STOMP
 * socket and the admin dashboard socket used to keep delivering after logout. A logout through any
 * BFF instance is announced on Redis pub/sub (every instance closes the sockets it holds for that
 * session); expiry and ends the BFF never sees (an operator, another client) are found by a
 * periodic session check per socket (SESSION_CHECK_MS). Only a digest of the session id travels.
 */
export class SessionWatch {
  private readonly sockets = new Map<string, Set<() => void>>();
  private subscriber: Redis | null = null;

  constructor(
    private readonly redis: Redis | null,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
  ) {
    if (!redis) return;
    const sub = redis.duplicate();
    sub.on('error', (err) => log.warn({ err: err.message }, 'session watch: redis error'));
    sub.on('message', (_channel, key: string) => this.closeLocal(key));
    void sub.subscribe(channel).catch((err: Error) => log.warn({ err: err.message }, 'session watch: subscribe failed'));
    this.subscriber = sub;
  }

  /** Registers a socket's way to end itself; the returned function forgets it (call on close). */
  track(sid: string, end: () => void): () => void {
    const key = digest(sid);
    let set = this.sockets.get(key);
    if (!set) this.sockets.set(key, (set = new Set()));
    set.add(end);
    return () => {
      set.delete(end);
      if (set.size === 0 && this.sockets.get(key) === set) this.sockets.delete(key);
    };
  }

  /** The session ended here (logout): close its sockets on this instance and announce it to the others. */
  async ended(sid: string | undefined): Promise<void> {
    if (!sid) return;
    const key = digest(sid);
    this.closeLocal(key);
    if (!this.redis) return;
    await this.redis.publish(this.channel, key).catch((err: Error) => this.log.warn({ err: err.message }, 'session watch: publish failed'));
  }

  private closeLocal(key: string): void {
    const set = this.sockets.get(key);
    if (!set) return;
    this.sockets.delete(key);
    for (const end of set) end();
  }

  async close(): Promise<void> {
    const sub = this.subscriber;
    this.subscriber = null;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }
}
