import { Counter, Histogram, type Registry } from 'prom-client';
import { BffError } from '../errors/bff-error';
import type { UpstreamClient } from '../upstream/client';

type Call = UpstreamClient['request'] | UpstreamClient['stream'];

/** The failure kinds an operator tells apart: the upstream is slow, unreachable, or answering 5xx. */
export function upstreamErrorKind(err: unknown): 'timeout' | 'refused' | 'other' {
  if (err instanceof BffError && err.code === 'UPSTREAM_TIMEOUT') return 'timeout';
  if (err instanceof BffError && err.code === 'UPSTREAM_UNAVAILABLE') return 'refused';
  return 'other';
}

/**
 * Time every call through the one upstream client (its `request` and `stream`,
 * which every gateway uses) and count failures by kind. Labels are the method
 * and the outcome only: upstream paths carry ids.
 */
export function instrumentUpstream(client: UpstreamClient, registry: Registry): void {
  const duration = new Histogram({
    name: 'upstream_request_duration_seconds',
    help: 'Time until the upstream answered (headers), by method and outcome (status class, timeout, refused).',
    labelNames: ['method', 'outcome'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'upstream_errors_total',
    help: 'Upstream calls that failed, by kind: timeout, refused (unreachable), 5xx.',
    labelNames: ['kind'],
    registers: [registry],
  });
  for (const name of ['request', 'stream'] as const) {
    const original = client[name].bind(client) as (...args: Parameters<Call>) => Promise<{ status: number }>;
    const wrapped = async (...args: Parameters<Call>) => {
      const started = performance.now();
      const method = args[0];
      try {
        const res = await original(...args);
        if (res.status >= 500) errors.inc({ kind: '5xx' });
        duration.observe({ method, outcome: `${Math.floor(res.status / 100)}xx` }, (performance.now() - started) / 1000);
        return res;
      } catch (err) {
        const kind = upstreamErrorKind(err);
        errors.inc({ kind });
        duration.observe({ method, outcome: kind }, (performance.now() - started) / 1000);
        throw err;
      }
    };
    Object.assign(client, { [name]: wrapped });
  }
}
