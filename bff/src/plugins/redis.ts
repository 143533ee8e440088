import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The one Redis connection of this instance (REDIS_URL), or null without
     * one. Shared by the rate limiter and the realtime fan-out; closed on shutdown.
     * Blocking commands and subscriptions need their own connection: `redis.duplicate()`.
     */
    redis: Redis | null;
  }
}

/**
 * A Redis outage never takes the BFF down: commands fail fast (one retry, 1 s
 * connect timeout) and each user decides what that means (the rate limiter
 * lets requests through).
 */
export const redisPlugin = fp(
  async (app) => {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    // Reconnects at most 500 ms apart, so a command queued during an outage fails within about a second.
    const redis = new Redis(url, {
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      retryStrategy: (times) => Math.min(times * 100, 500),
      lazyConnect: false,
    });
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis error'));
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis', dependencies: ['config'] },
);
