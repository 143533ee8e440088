import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { BffConfig } from '../config/env';
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
    /**
     * Hooks for a login route (docs/decisions/0003): only failed logins
     * (the route answering 401) count, per account+address pair and per
     * address, each refused with 429 over its limit; per account they only
     * slow further attempts down, so a stranger can never lock the owner out.
     * A successful login clears its pair.
     */
    loginGuard(account: (request: FastifyRequest) => string | undefined): {
      preHandler: preHandlerAsyncHookHandler;
      onSend: onSendAsyncHookHandler<unknown>;
    };
  }
  interface FastifyRequest {
    loginAttempt?: LoginAttempt;
  }
}

/** Counted keys of one login attempt, settled when its answer is known. */
interface LoginAttempt {
  pair: string;
  ip: string;
  account: string;
}

/**
 * Fixed-window counters from @fastify/rate-limit (docs/decisions/0003):
 * in memory by default, in Redis when REDIS_URL is set so every BFF instance
 * shares the counts. A Redis outage lets requests through (logged) rather
 * than locking everybody out of login.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const { rateLimits } = app.config;
    const redis = app.redis ?? undefined;
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

    const login = loginCounters(app.config, redis);
    const safely = async <T>(what: string, run: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await run();
      } catch (err) {
        // Same trade as skipOnError above: a store outage must not lock everybody out of login.
        app.log.warn({ err: (err as Error).message, what }, 'login limiter store error');
        return undefined;
      }
    };

    app.decorate('loginGuard', (account: (request: FastifyRequest) => string | undefined) => ({
      preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
        const id = account(request);
        if (id === undefined) return;
        const attempt: LoginAttempt = { pair: `${id}|${request.ip}`, ip: request.ip, account: id };
        // Counted before the upstream answers (and refunded unless it fails), so
        // concurrent attempts cannot all slip through on one stale count.
        const [pair, ip, acct] = await Promise.all([
          safely('pair', () => login.pair.penalty(attempt.pair, 1)),
          safely('ip', () => login.ip.penalty(attempt.ip, 1)),
          safely('account', () => login.account.penalty(attempt.account, 1)),
        ]);
        request.loginAttempt = attempt;
        const refused = [
          pair && pair.consumedPoints > login.limits.perPair ? pair : undefined,
          ip && ip.consumedPoints > login.limits.perIp ? ip : undefined,
        ].filter((r) => r !== undefined);
        if (refused.length > 0) {
          const retryAfter = Math.max(1, ...refused.map((r) => Math.ceil(r.msBeforeNext / 1000)));
          request.log.info({ route: request.routeOptions.url }, 'login rate limited');
          reply.header('retry-after', String(retryAfter));
          throw new BffError(429, 'RATE_LIMITED');
        }
        const delay = loginDelayMs(acct?.consumedPoints ?? 0, login.limits.perAccount, login.limits.slowdownMs);
        if (delay > 0) {
          request.log.info({ route: request.routeOptions.url, delay }, 'login slowed: many failures for this account');
          await sleep(delay);
        }
      },
      onSend: async (request: FastifyRequest, reply: FastifyReply) => {
        const attempt = request.loginAttempt;
        if (!attempt) return;
        request.loginAttempt = undefined;
        if (reply.statusCode === 401) return;
        const refund = [
          safely('ip', () => login.ip.reward(attempt.ip, 1)),
          safely('account', () => login.account.reward(attempt.account, 1)),
        ];
        if (reply.statusCode < 300) await Promise.all([...refund, safely('pair', () => login.pair.delete(attempt.pair))]);
        else await Promise.all([...refund, safely('pair', () => login.pair.reward(attempt.pair, 1))]);
      },
    }));
  },
  { name: 'rate-limit', dependencies: ['config', 'redis'] },
);

function loginCounters(config: BffConfig, redis: Redis | undefined) {
  const { rateLimits: r } = config;
  const make = (name: string): RateLimiterAbstract => {
    const opts = { keyPrefix: `${r.prefix}${name}`, points: Number.MAX_SAFE_INTEGER, duration: r.windowSeconds };
    return redis ? new RateLimiterRedis({ ...opts, storeClient: redis }) : new RateLimiterMemory(opts);
  };
  return {
    pair: make('login-fail-pair'),
    ip: make('login-fail-ip'),
    account: make('login-fail-account'),
    limits: { perPair: r.loginPerAccountAndIp, perIp: r.loginPerIp, perAccount: r.loginPerAccount, slowdownMs: r.loginSlowdownMs },
  };
}

/**
 * The pause before answering a login for an account that has had more than
 * `perAccount` failures in the window (this attempt included): one step per
 * failure over the limit, at most five steps, so the owner still gets in.
 */
export function loginDelayMs(failures: number, perAccount: number, stepMs: number): number {
  const over = failures - perAccount;
  return over > 0 ? Math.min(over, 5) * stepMs : 0;
}

/** The client's address as Fastify resolved it (X-Forwarded-For only with TRUST_PROXY). */
export const byIp = (request: FastifyRequest): string => request.ip;
