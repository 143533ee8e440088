import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Registry } from 'prom-client';
import { registerHealthRoutes, type DrainState, type ReadinessCheck } from './health';
import { createMetrics, instrumentApp, listenMetrics } from './metrics';
import type { OpsConfig } from './ops-env';
import { registerLoadShedding } from './pressure';

export interface OpsHandle {
  state: DrainState;
  /** Undefined when METRICS_PORT is unset. */
  registry: Registry | undefined;
  /** The metrics listener's address once the app listens (undefined without one). */
  metricsAddress(): AddressInfo | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    ops: OpsHandle;
  }
}

export interface OpsOptions {
  /** The `tier` label on every series ('api', 'bff'). */
  tier: string;
  config: OpsConfig;
  /** What /readyz checks, by name (api: database, redis; BFF: upstream, redis). */
  checks: Record<string, ReadinessCheck>;
  healthyBody: Record<string, unknown>;
  /** The tier's own error body for a shed request (503 and Retry-After are set). */
  overloadBody(request: FastifyRequest): unknown;
  /** How the public port refuses /metrics (the tier's 404). */
  refuseMetrics(request: FastifyRequest, reply: FastifyReply): unknown;
  /** Open realtime sockets by kind, read when metrics are scraped. */
  sockets(): Record<string, number>;
  /** More metrics on the same registry (the BFF's upstream calls). */
  moreMetrics?(registry: Registry): void;
  /** Options for the probe routes (the BFF hides them from its OpenAPI docs). */
  routeOptions?: RouteShorthandOptions;
  /** Load-shedding sample interval (tests shorten it). */
  sampleIntervalMs?: number;
}

/**
 * Operations on a built app (docs/decisions/0021): probes, load shedding,
 * metrics on their own listener, keep-alive ending while closing. Call it on
 * the root instance before the routes.
 */
export async function registerOps(app: FastifyInstance, opts: OpsOptions): Promise<void> {
  const state: DrainState = { draining: false, closing: false };
  app.addHook('onRequest', (_request, reply, done) => {
    // Served, but the socket ends after this answer: a kept-alive connection must not hold the drain open.
    if (state.closing) reply.header('connection', 'close');
    done();
  });
  await registerLoadShedding(app, opts.config.pressure, opts.overloadBody, opts.sampleIntervalMs);
  registerHealthRoutes(app, opts.checks, state, opts.healthyBody, opts.routeOptions);
  app.all('/metrics', opts.routeOptions ?? {}, async (request, reply) => opts.refuseMetrics(request, reply));

  let registry: Registry | undefined;
  let server: http.Server | undefined;
  const metricsConfig = opts.config.metrics;
  if (metricsConfig) {
    const metrics = createMetrics(opts.tier);
    registry = metrics.registry;
    instrumentApp(app, metrics, opts.sockets);
    opts.moreMetrics?.(metrics.registry);
    app.addHook('onListen', async () => {
      server = await listenMetrics(metrics.registry, metricsConfig.host, metricsConfig.port, app.log);
    });
    app.addHook('onClose', async () => {
      const s = server;
      if (!s) return;
      const closed = new Promise<void>((resolve) => s.close(() => resolve()));
      s.closeAllConnections();
      await closed;
    });
  }
  app.decorate('ops', {
    state,
    registry,
    metricsAddress: () => (server?.address() as AddressInfo | null) ?? undefined,
  } satisfies OpsHandle);
}
