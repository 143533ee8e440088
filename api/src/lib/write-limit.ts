import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { DEFAULT_ERROR_MESSAGES } from '@pawbridge/shared';
import { ApiHttpError } from './errors';

/**
 * Member writes counted per member (issue 24 item 14): one member sent 300 comments in 9.5 s, each
 * a notification for someone. The routes below (posts, comments, likes, adoption applications,
 * stray and lost-dog reports, pet registrations) share one fixed-window counter per member; past
 * the limit the answer is 429 with Retry-After. Keyed by the member, not the address or session,
 * so more logins or addresses buy nothing. Counts live in Redis when there is one (shared by
 * every api instance), else in the process. A Redis outage lets writes through (logged).
 */
export const MEMBER_WRITE_ROUTES = new Set([
  'POST /api/community/createPost',
  'POST /api/community/description/:postId/edit',
  'POST /api/community/comment/:postId',
  'POST /api/community/like/:postId',
  'POST /api/community/like/:postId/toggle',
  'POST /api/adopt/apply/:petId',
  'POST /api/abandoned/register',
  'POST /api/pet/register',
  // Lost and found (issue 27): posts, updates, relay messages and flags.
  'POST /api/lost/missing',
  'POST /api/lost/sightings',
  'POST /api/lost/posts/:id/updates',
  'POST /api/lost/posts/:id/to-stray-report',
  'POST /api/lost/posts/:id/contact',
  'POST /api/lost/contacts/:id/reply',
  'POST /api/lost/posts/:id/flags',
  // The embedded test gateway's payments (development only; issue 24 item 16).
  'POST /api/abandoned/donation/test-checkout',
]);

export interface WriteLimitConfig {
  /** Writes per member per window; 0 = no limit. */
  max: number;
  windowSeconds: number;
  redisUrl?: string | undefined;
  /** Redis key prefix (instances of one deployment share the counts). */
  prefix: string;
}

interface Counter {
  /** The count in the current window after this hit, and the seconds left in it. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; ttl: number }>;
  close(): Promise<void>;
}

function memoryCounter(): Counter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, windowSeconds) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        // Forget finished windows now and then, so the map stays the size of the active members.
        if (windows.size > 10_000) for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
        w = { count: 0, resetAt: now + windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, ttl: Math.ceil((w.resetAt - now) / 1000) };
    },
    async close() {},
  };
}

function redisCounter(url: string): Counter {
  const redis = new Redis(url, {
    lazyConnect: false,
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    retryStrategy: (t) => Math.min(t * 100, 500),
  });
  redis.on('error', () => undefined);
  return {
    async hit(key, windowSeconds) {
      const [[, count], [, ttl]] = (await redis.multi().incr(key).expire(key, windowSeconds, 'NX').ttl(key).exec()) as [
        [unknown, number],
        [unknown, number],
        [unknown, number],
      ];
      return { count, ttl: Math.max(1, ttl) };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function registerWriteLimit(app: FastifyInstance, config: WriteLimitConfig): void {
  if (config.max <= 0) return;
  const counter = config.redisUrl ? redisCounter(config.redisUrl) : memoryCounter();
  app.addHook('onClose', () => counter.close());
  app.addHook('preHandler', async (request, reply) => {
    const user = request.user;
    if (!user || !MEMBER_WRITE_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) return;
    let result;
    try {
      result = await counter.hit(`${config.prefix}${user.pk}`, config.windowSeconds);
    } catch (err) {
      request.log.warn({ err: (err as Error).message }, 'member write limit: counter store unavailable; write let through');
      return;
    }
    if (result.count <= config.max) return;
    request.log.info({ memberPk: user.pk, route: request.routeOptions.url, count: result.count }, 'member write rate limited');
    reply.header('retry-after', String(result.ttl));
    throw new ApiHttpError(429, { error: DEFAULT_ERROR_MESSAGES.RATE_LIMITED });
  });
}
