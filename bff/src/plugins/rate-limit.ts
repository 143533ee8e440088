import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { BffError } from '../errors/bff-error';

/** One counter family of a route, e.g. login attempts per account. */
export interface RateRule {
  /** Part of the counter key, so families never share a count. */
  name: string;
  max: number;
  /** What is counted (an IP, a lower-cased id, ...); undefined → the rule does not apply. */
  key: (request: FastifyRequest) => string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A preHandler (runs after validation, so rules may read the body or
     * query) counting the request against every rule; when any is over its
     * limit the answer is 429 RATE_LIMITED with Retry-After.
     */
    rateGuard(rules: RateRule[]): preHandlerAsyncHookHandler;
  }
}

/**
 * Fixed-window counters from @fastify/rate-limit (docs/decisions/0003):
 * in memory by default, in Redis when REDIS_URL is set so every BFF instance
 * shares the counts. A Redis outage lets requests through (logged) rather
 * than locking everybody out of login.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const { rateLimits, redisUrl } = app.config;
    const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
    if (redis) {
      redis.on('error', (err) => app.log.warn({ err: err.message }, 'rate-limit redis error'));
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
    }
    await app.register(rateLimit, {
      global: false,
      timeWindow: rateLimits.windowSeconds * 1000,
      skipOnError: true,
      ...(redis ? { redis, nameSpace: rateLimits.prefix } : {}),
    });

    app.decorate('rateGuard', (rules: RateRule[]): preHandlerAsyncHookHandler => {
      const limiters = rules.map((rule) => ({
        rule,
        check: app.createRateLimit({ max: rule.max, keyGenerator: (req) => `${rule.name}:${rule.key(req) ?? ''}` }),
      }));
      return async (request, reply) => {
        let retryAfter = 0;
        for (const { rule, check } of limiters) {
          if (rule.key(request) === undefined) continue;
          const result = await check(request);
          if (!result.isAllowed && result.isExceeded) retryAfter = Math.max(retryAfter, result.ttlInSeconds, 1);
        }
        if (retryAfter > 0) {
          request.log.info({ route: request.routeOptions.url }, 'rate limited');
          reply.header('retry-after', String(retryAfter));
          throw new BffError(429, 'RATE_LIMITED');
        }
      };
    });
  },
  { name: 'rate-limit', dependencies: ['upstream'] },
);

/** The client's address as Fastify resolved it (X-Forwarded-For only with TRUST_PROXY). */
export const byIp = (request: FastifyRequest): string => request.ip;
