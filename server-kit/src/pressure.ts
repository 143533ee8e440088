import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import underPressure from '@fastify/under-pressure';

export interface PressureLimits {
  maxEventLoopDelayMs: number;
  maxHeapUsedBytes: number | undefined;
  maxRssBytes: number | undefined;
}

/** Seconds a shed client is told to wait before retrying. */
export const RETRY_AFTER_SECONDS = 5;
/** Probes and the metrics refusal are never shed: a balancer must still see the instance. */
const EXEMPT = new Set(['/healthz', '/readyz']);

/**
 * Load shedding: while the event loop lags or memory is over its limit, new
 * requests get 503 with Retry-After in the tier's own error body instead of
 * queueing until the process falls over.
 *
 * The process's own start is not load: loading modules and plugins blocks the loop for a second or more
 * on a busy machine, and the sample that covers it was still the current one when the first requests
 * came (a freshly started BFF refused its first login with 503, at a measured mean delay of 1,251 ms,
 * while it had nothing else to do). So an event-loop delay is acted on only from the second full sample
 * after the server listens.
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  limits: PressureLimits,
  body: (request: FastifyRequest) => unknown,
  sampleIntervalMs = 1000,
): Promise<void> {
  let listeningAt: number | undefined;
  app.addHook('onListen', async () => {
    listeningAt = performance.now();
  });
  // Before listening (inject in tests) there is no start to wait out: the samples are the requests' own.
  const starting = () => listeningAt !== undefined && performance.now() - listeningAt < 2 * sampleIntervalMs;
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: limits.maxHeapUsedBytes ?? 0,
    maxRssBytes: limits.maxRssBytes ?? 0,
    sampleInterval: sampleIntervalMs,
    retryAfter: RETRY_AFTER_SECONDS,
    // under-pressure sends what the handler returns; undefined lets the request through.
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
      if (EXEMPT.has(request.url.split('?')[0] ?? '')) return undefined;
      if (type === 'eventLoopDelay' && starting()) return undefined;
      request.log.warn({ type, value }, 'shedding load');
      reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS));
      return body(request);
    }) as unknown as (request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => void,
  });
}
