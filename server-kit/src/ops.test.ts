import Fastify, { type FastifyInstance } from 'fastify';
import { Counter } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerOps, type OpsOptions } from './ops';
import { opsConfig, opsEnv } from './ops-env';

// registerOps on a bare Fastify app, with the tier's parts as the options a tier passes.
const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function opsApp(overrides: Partial<OpsOptions> = {}, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  apps.push(app);
  await registerOps(app, {
    tier: 'kit',
    config: opsConfig(z.object(opsEnv).parse(env), 'test'),
    checks: { database: async () => undefined },
    healthyBody: { status: 'UP' },
    overloadBody: (request) => ({ shed: request.url }),
    refuseMetrics: (_request, reply) => reply.code(404).send({ refused: true }),
    sockets: () => ({ stomp: 3 }),
    sampleIntervalMs: 10,
    ...overrides,
  });
  app.get('/items/:id', async () => ({ ok: true }));
  return app;
}

describe('probes', () => {
  it('/healthz answers the tier body; /readyz runs every check and names the failing and timed-out ones', async () => {
    const never = () => new Promise(() => undefined);
    const app = await opsApp({
      checks: { database: async () => 1, redis: async () => Promise.reject(new Error('down')), upstream: never },
    });
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'UP' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({
      status: 'not-ready',
      failing: ['redis', 'upstream'],
      checks: { database: 'ok', redis: 'down', upstream: 'timeout' },
    });
  }, 10_000);

  it('answers draining without running the checks, and ends keep-alive while closing', async () => {
    let ran = 0;
    const app = await opsApp({ checks: { database: async () => ran++ } });
    expect((await app.inject('/readyz')).json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    app.ops.state.draining = true;
    const draining = await app.inject('/readyz');
    expect([draining.statusCode, draining.json(), ran]).toEqual([503, { status: 'draining' }, 1]);
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    expect((await app.inject('/healthz')).headers.connection).not.toBe('close');
    app.ops.state.closing = true;
    expect((await app.inject('/healthz')).headers.connection).toBe('close');
  });
});

describe('metrics', () => {
  it('has no registry and no listener without METRICS_PORT; the public /metrics is the tier refusal', async () => {
    const app = await opsApp();
    await app.listen({ host: '127.0.0.1', port: 0 });
    expect(app.ops.registry).toBeUndefined();
    expect(app.ops.metricsAddress()).toBeUndefined();
    const pub = await app.inject('/metrics');
    expect([pub.statusCode, pub.json()]).toEqual([404, { refused: true }]);
  });

  it('serves route patterns, sockets, the tier label and extra metrics on their own port only', async () => {
    const app = await opsApp(
      { moreMetrics: (registry) => new Counter({ name: 'extra_total', help: 'An extra series.', registers: [registry] }).inc(2) },
      { METRICS_PORT: '0' },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    await fetch(`${base}/items/12345`);
    await fetch(`${base}/nowhere`);
    const port = app.ops.metricsAddress()?.port;
    expect(port).toBeGreaterThan(0);
    expect(port).not.toBe(Number(new URL(base).port));
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/items\/:id",status_class="2xx",tier="kit"\} 1\b/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status_class="4xx",tier="kit"\} 1\b/);
    expect(text).not.toContain('12345');
    for (const line of [
      'realtime_open_sockets{kind="stomp",tier="kit"} 3',
      'extra_total{tier="kit"} 2',
      'http_open_connections',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(text).toContain(line);
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});

describe('load shedding', () => {
  it('answers 503 with Retry-After and the tier body under pressure; probes are never shed', async () => {
    const app = await opsApp({}, { MAX_HEAP_USED_BYTES: '1' });
    let res = await app.inject('/items/1');
    for (let i = 0; i < 50 && res.statusCode !== 503; i++) {
      await new Promise((r) => setTimeout(r, 20));
      res = await app.inject('/items/1');
    }
    expect([res.statusCode, res.headers['retry-after'], res.json()]).toEqual([503, '5', { shed: '/items/1' }]);
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    expect((await app.inject('/readyz')).statusCode).toBe(200);
  });

  it('does not count its own start as load: a loop blocked before listening sheds nothing, a loop blocked later does', async () => {
    const app = await opsApp({ sampleIntervalMs: 100 }, { MAX_EVENT_LOOP_DELAY_MS: '20' });
    const block = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    // Loading plugins and modules, as a tier's start does on a busy machine.
    block(600);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const get = () => fetch(`http://127.0.0.1:${port}/items/1`).then((r) => r.status);
    expect(await get()).toBe(200);
    // Past the start, a loop that keeps lagging is load again (one block alone may fall between two samples).
    await new Promise((r) => setTimeout(r, 300));
    const statuses: number[] = [];
    for (let i = 0; i < 30 && !statuses.includes(503); i++) {
      block(150);
      statuses.push(await get());
    }
    expect(statuses).toContain(503);
  });
});
