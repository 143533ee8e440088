import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, latestCode, sessionCookie, signUpVerified } from '../testing/fixtures';
import { startOpsApi } from '../testing/ops-api';

type OpsApi = Awaited<ReturnType<typeof startOpsApi>>;
let api: OpsApi;
beforeAll(async () => {
  api = await startOpsApi({ METRICS_PORT: '0' });
});
afterAll(async () => {
  await api.close();
});

const metricsText = async (a: OpsApi) => {
  const address = a.app.ops.metricsAddress();
  if (!address) throw new Error('no metrics listener');
  return (await fetch(`http://127.0.0.1:${address.port}/metrics`)).text();
};

describe('probes', () => {
  it('/healthz is the process alone; /readyz checks the database (and Redis when configured)', async () => {
    expect(JSON.parse((await call(api, 'GET', '/healthz')).text)).toEqual({ status: 'UP' });
    const ready = await call(api, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({
      status: 'ready',
      checks: { database: 'ok', ...(api.config.redisUrl ? { redis: 'ok' } : {}) },
    });
  });

  it('/readyz answers 503 draining at once during shutdown, while /healthz stays 200', async () => {
    api.app.ops.state.draining = true;
    try {
      const res = await call(api, 'GET', '/readyz');
      expect(res.status).toBe(503);
      expect(JSON.parse(res.text)).toEqual({ status: 'draining' });
      expect((await call(api, 'GET', '/healthz')).status).toBe(200);
    } finally {
      api.app.ops.state.draining = false;
    }
  });

  it('names the failing check when the database is gone', async () => {
    const broken = await startOpsApi();
    try {
      await broken.ctx.database.close();
      const res = await call(broken, 'GET', '/readyz');
      expect(res.status).toBe(503);
      expect(JSON.parse(res.text)).toMatchObject({ status: 'not-ready', failing: ['database'], checks: { database: 'down' } });
    } finally {
      await broken.app.close().catch(() => undefined);
    }
  });
});

describe('metrics', () => {
  it('are served on their own listener, by route pattern, never on the public port', async () => {
    await call(api, 'GET', '/uploads/nope-1.jpg');
    await call(api, 'GET', '/uploads/nope-2.jpg');
    await call(api, 'GET', '/healthz');
    const text = await metricsText(api);
    expect(api.app.ops.metricsAddress()?.port).not.toBe(Number(new URL(api.url).port));
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/uploads\/:key",status_class="4xx",tier="api"\} 2\b/);
    expect(text).not.toContain('nope-1');
    expect(text).toMatch(/http_request_duration_seconds_count\{tier="api",method="GET",route="\/healthz",status_class="2xx"\} [1-9]/);
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
      'http_open_connections',
      'realtime_open_sockets{kind="stomp",tier="api"} 0',
    ])
      expect(text).toContain(name);

    const pub = await call(api, 'GET', '/metrics');
    expect(pub.status).toBe(404);
    expect(JSON.parse(pub.text)).toMatchObject({ status: 404, error: 'Not Found', path: '/metrics' });
    const other = await fetch(`http://127.0.0.1:${api.app.ops.metricsAddress()?.port}/anything`);
    expect(other.status).toBe(404);
  });

  it('has no listener unless METRICS_PORT is set', async () => {
    expect(api.config.ops.metrics).toEqual({ host: '127.0.0.1', port: 0 });
    const plain = await startOpsApi();
    try {
      expect(plain.app.ops.metricsAddress()).toBeUndefined();
      expect(plain.app.ops.registry).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});

describe('load shedding', () => {
  it('answers 503 with the Boot error body and Retry-After under pressure; probes stay open', async () => {
    const pressed = await startOpsApi({ MAX_HEAP_USED_BYTES: '1' });
    try {
      let res = await call(pressed, 'GET', '/api/users/check-session');
      for (let i = 0; i < 40 && res.status !== 503; i++) {
        await new Promise((r) => setTimeout(r, 100));
        res = await call(pressed, 'GET', '/api/users/check-session');
      }
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(JSON.parse(res.text)).toMatchObject({ status: 503, error: 'Service Unavailable', path: '/api/users/check-session' });
      expect((await call(pressed, 'GET', '/healthz')).status).toBe(200);
      expect((await call(pressed, 'GET', '/readyz')).status).toBe(200);
    } finally {
      await pressed.close();
    }
  });
});

describe('logs', () => {
  it('carry the request id and never a password, code, cookie or e-mail address', async () => {
    const logged = await startOpsApi({ LOG_LEVEL: 'info' });
    try {
      const email = 'secret.person@example.com';
      const password = 'Sup3r-Secret-pw';
      const signup = await signUpVerified(logged, { userId: 'logwatch', email, password });
      expect(signup.status).toBe(200);
      const code = latestCode(logged, email);
      const login = await fetch(`${logged.url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'bff-req-0123456789' },
        body: JSON.stringify({ userId: 'logwatch', password }),
      });
      expect(login.status).toBe(200);
      const cookie = sessionCookie({ status: login.status, text: '', headers: login.headers });
      await call(logged, 'GET', '/api/users/check-session', { cookie });
      await call(logged, 'POST', `/api/users/verify-email?code=123456&email=${encodeURIComponent(email)}`);

      const lines = logged.logs.map((l) => JSON.parse(l) as Record<string, unknown>);
      const all = logged.logs.join('\n');
      expect(lines.length).toBeGreaterThan(5);
      for (const secret of [password, email, 'secret.person%40example.com', cookie.split('=')[1] ?? 'no-session', 'code=123456'])
        expect(all).not.toContain(secret);
      expect(all).not.toMatch(new RegExp(`(^|\\D)${code}(\\D|$)`));
      expect(all).toContain('s***@e***');
      // Every line about a request carries its id; the BFF's id is kept.
      for (const l of lines.filter((x) => x.req || x.res)) expect(typeof l.requestId).toBe('string');
      expect(lines.some((l) => l.requestId === 'bff-req-0123456789')).toBe(true);
    } finally {
      await logged.close();
    }
  });
});
