import type { FastifyInstance, RouteShorthandOptions } from 'fastify';

/** A readiness check: resolves when the dependency answers, throws (or times out) when it does not. */
export type ReadinessCheck = () => Promise<unknown>;

export interface DrainState {
  /** Set on SIGTERM: /readyz answers 503 `draining` so the balancer stops sending. */
  draining: boolean;
  /** Set when the listener closes: responses carry `Connection: close` so keep-alive sockets end. */
  closing: boolean;
}

const CHECK_TIMEOUT_MS = 2000;

function withTimeout(check: ReadinessCheck, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

/**
 * /healthz: the process answers (never touches a dependency, so a slow
 * database never gets a healthy process restarted). /readyz: every check
 * passes, else 503 naming the failing ones; `draining` during shutdown.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  checks: Record<string, ReadinessCheck>,
  state: DrainState,
  healthyBody: Record<string, unknown>,
  hidden: RouteShorthandOptions = {},
): void {
  app.get('/healthz', hidden, async () => healthyBody);
  app.get('/readyz', hidden, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (state.draining) return reply.code(503).send({ status: 'draining' });
    const names = Object.keys(checks);
    const results = await Promise.allSettled(names.map((name) => withTimeout(checks[name] as ReadinessCheck, CHECK_TIMEOUT_MS)));
    const report: Record<string, string> = {};
    const failing: string[] = [];
    results.forEach((r, i) => {
      const name = names[i] as string;
      report[name] = r.status === 'fulfilled' ? 'ok' : (r.reason as Error)?.message === 'timeout' ? 'timeout' : 'down';
      if (r.status === 'rejected') failing.push(name);
    });
    if (failing.length > 0) return reply.code(503).send({ status: 'not-ready', failing, checks: report });
    return reply.code(200).send({ status: 'ready', checks: report });
  });
}
