import { z } from 'zod';

const ms = z.coerce.number().int().min(0);

/**
 * The operations variables both tiers read (docs/decisions/0021): metrics
 * listener, load shedding, shutdown. Spread into a tier's env schema.
 */
export const opsEnv = {
  /** Prometheus /metrics on its own listener; unset = no metrics listener (0 = any free port). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Shed load past this mean event-loop delay; default 1000, off (0) under NODE_ENV=test so a slow CI machine never sheds. */
  MAX_EVENT_LOOP_DELAY_MS: ms.optional(),
  MAX_HEAP_USED_BYTES: z.coerce.number().int().positive().optional(),
  MAX_RSS_BYTES: z.coerce.number().int().positive().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** How long /readyz answers 503 before the listener closes, so a balancer polling it stops first. */
  SHUTDOWN_DRAIN_DELAY_MS: ms.default(0),
};

export type OpsEnv = z.output<z.ZodObject<typeof opsEnv>>;

export interface OpsConfig {
  /** undefined → no metrics listener. */
  metrics: { host: string; port: number } | undefined;
  pressure: { maxEventLoopDelayMs: number; maxHeapUsedBytes: number | undefined; maxRssBytes: number | undefined };
  shutdown: { timeoutMs: number; drainDelayMs: number };
}

/** The parsed ops variables as configuration; `nodeEnv` decides the event-loop default. */
export function opsConfig(e: OpsEnv, nodeEnv: string): OpsConfig {
  return {
    metrics: e.METRICS_PORT === undefined ? undefined : { host: e.METRICS_HOST, port: e.METRICS_PORT },
    pressure: {
      maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS ?? (nodeEnv === 'test' ? 0 : 1000),
      maxHeapUsedBytes: e.MAX_HEAP_USED_BYTES,
      maxRssBytes: e.MAX_RSS_BYTES,
    },
    shutdown: { timeoutMs: e.SHUTDOWN_TIMEOUT_MS, drainDelayMs: e.SHUTDOWN_DRAIN_DELAY_MS },
  };
}
