import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { Db } from '../../db/index';

/**
 * Server-side sessions keyed by an opaque random id (the JSESSIONID cookie).
 * In the database by default; in Redis when REDIS_URL is set, so any number
 * of api instances share them.
 */
export interface SessionStore {
  create(userPk: number): Promise<string>;
  /** The user key of a live session (sliding expiry), or null. */
  get(id: string): Promise<number | null>;
  destroy(id: string): Promise<void>;
  destroyAllFor(userPk: number): Promise<void>;
  close(): Promise<void>;
}

export const newSessionId = (): string => crypto.randomBytes(32).toString('base64url');

export class DbSessionStore implements SessionStore {
  constructor(
    private readonly db: Db,
    private readonly ttlSeconds: number,
  ) {}

  private expiry(): Date {
    return new Date(Date.now() + this.ttlSeconds * 1000);
  }

  async create(userPk: number): Promise<string> {
    const id = newSessionId();
    await this.db.deleteFrom('sessions').where('expiresAt', '<', new Date()).execute();
    await this.db.insertInto('sessions').values({ id, userPk, expiresAt: this.expiry() }).execute();
    return id;
  }

  async get(id: string): Promise<number | null> {
    const row = await this.db
      .updateTable('sessions')
      .set({ expiresAt: this.expiry() })
      .where('id', '=', id)
      .where('expiresAt', '>', new Date())
      .returning('userPk')
      .executeTakeFirst();
    return row?.userPk ?? null;
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  async destroyAllFor(userPk: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('userPk', '=', userPk).execute();
  }

  async close(): Promise<void> {}
}

export class RedisSessionStore implements SessionStore {
  private readonly redis: Redis;
  constructor(
    url: string,
    private readonly ttlSeconds: number,
    /**
     * The deployment's own key space (app.ts: `<events channel>:session:`). A fixed prefix let two
     * deployments on one Redis share the per-user index: logging out everywhere on one ended the
     * sessions of the user with the same key on the other (CI's Postgres/Redis step met it as a refused
     * admin socket when two test files ran at once).
     */
    private readonly prefix: string,
  ) {
    // A Redis outage fails session lookups within about a second (one retry, reconnects at most
    // 500 ms apart) instead of holding requests past the BFF's upstream timeout.
    this.redis = new Redis(url, {
      lazyConnect: false,
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      retryStrategy: (times) => Math.min(times * 100, 500),
    });
  }

  async create(userPk: number): Promise<string> {
    const id = newSessionId();
    await this.redis
      .multi()
      .set(this.prefix + id, String(userPk), 'EX', this.ttlSeconds)
      .sadd(`${this.prefix}user:${userPk}`, id)
      .exec();
    return id;
  }

  async get(id: string): Promise<number | null> {
    const value = await this.redis.getex(this.prefix + id, 'EX', this.ttlSeconds);
    return value === null ? null : Number(value);
  }

  async destroy(id: string): Promise<void> {
    const userPk = await this.redis.get(this.prefix + id);
    const tx = this.redis.multi().del(this.prefix + id);
    // Keeps the per-user index from growing with every login.
    if (userPk !== null) tx.srem(`${this.prefix}user:${userPk}`, id);
    await tx.exec();
  }

  async destroyAllFor(userPk: number): Promise<void> {
    const ids = await this.redis.smembers(`${this.prefix}user:${userPk}`);
    if (ids.length > 0) await this.redis.del(...ids.map((i) => this.prefix + i));
    await this.redis.del(`${this.prefix}user:${userPk}`);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
