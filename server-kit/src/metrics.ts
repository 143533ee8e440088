import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface HttpLabels {
  method: string;
  route: string;
  status_class: string;
}

/**
 * One registry per app (tests build many apps in one process): the default
 * process metrics (event-loop lag, heap, GC, handles), HTTP requests by route
 * pattern, open connections and realtime sockets.
 */
export function createMetrics(tier: string) {
  const registry = new Registry();
  registry.setDefaultLabels({ tier });
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  return { registry, requests, duration };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** The labels of an answered request: the route's pattern, never the raw URL (ids would explode the series). */
export function httpLabels(method: string, routePattern: string | undefined, status: number): HttpLabels {
  return {
    method: METHODS.has(method) ? method : 'OTHER',
    route: routePattern ?? 'unmatched',
    status_class: `${Math.floor(status / 100)}xx`,
  };
}

/** Count and time every answered request; gauge open TCP connections and the realtime sockets `sockets()` reports. */
export function instrumentApp(app: FastifyInstance, metrics: Metrics, sockets: () => Record<string, number>): void {
  app.addHook('onResponse', (request, reply, done) => {
    const labels = httpLabels(request.method, request.routeOptions.url, reply.statusCode);
    metrics.requests.inc(labels);
    metrics.duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  let open = 0;
  app.server.on('connection', (socket) => {
    open++;
    socket.once('close', () => open--);
  });
  new Gauge({
    name: 'http_open_connections',
    help: 'TCP connections open on the public port (keep-alive and upgraded sockets included).',
    registers: [metrics.registry],
    collect() {
      this.set(open);
    },
  });
  new Gauge({
    name: 'realtime_open_sockets',
    help: 'Open realtime sockets by kind (STOMP notifications, dashboard socket.io).',
    labelNames: ['kind'],
    registers: [metrics.registry],
    collect() {
      for (const [kind, n] of Object.entries(sockets())) this.set({ kind }, n);
    },
  });
}

/** /metrics on its own listener (never the public port): GET /metrics only. */
export async function listenMetrics(registry: Registry, host: string, port: number, log: FastifyBaseLogger): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err: unknown) => {
        log.error({ err }, 'metrics collection failed');
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  log.info(`metrics on http://${address.address}:${address.port}/metrics`);
  return server;
}
