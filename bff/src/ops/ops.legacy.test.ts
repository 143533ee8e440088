import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSpring, type FakeSpring } from '../testing/fake-spring/index';
import { expectEnvelope } from '../testing/expect-envelope';
import { closedPortUrl } from '../testing/fixtures';
import { createClient } from '../testing/test-bff';
import { startOpsBff } from '../testing/ops-bff';

/** The text of the instance's /metrics listener. */
async function scrape(bff: { app: { ops: { metricsAddress(): { port: number } | undefined } } }): Promise<string> {
  const address = bff.app.ops.metricsAddress();
  if (!address) throw new Error('no metrics listener');
  return (await fetch(`http://127.0.0.1:${address.port}/metrics`)).text();
}

let spring: FakeSpring;
let bff: Awaited<ReturnType<typeof startOpsBff>>;
beforeAll(async () => {
  spring = await startFakeSpring();
  bff = await startOpsBff(spring.url, { METRICS_PORT: '0', UPSTREAM_TIMEOUT_MS: '300' });
});
afterAll(async () => {
  await bff?.close();
  await spring?.close();
});

describe('probes', () => {
  it('/readyz answers 503 draining at once during shutdown; /healthz stays 200', async () => {
    expect((await createClient(bff.url).get('/readyz')).status).toBe(200);
    bff.app.ops.state.draining = true;
    try {
      const res = await createClient(bff.url).get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'draining' });
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect((await createClient(bff.url).get('/healthz')).status).toBe(200);
    } finally {
      bff.app.ops.state.draining = false;
    }
  });
});

describe('metrics', () => {
  it('count requests by route pattern and upstream calls by outcome, on their own listener only', async () => {
    const client = createClient(bff.url);
    await client.get('/api/users/check-session');
    await client.get('/api/pet/410-0000-11111');
    spring.state.override('POST /api/users/login', (_req, reply) => reply.code(500).send({ status: 500, error: 'Internal Server Error' }));
    expect((await client.post('/api/users/login', { userId: 'a', password: 'b' })).status).toBeGreaterThanOrEqual(500);
    spring.state.overrides.clear();
    spring.state.delayMs = 800;
    const slow = await client.post('/api/users/login', { userId: 'a', password: 'b' });
    spring.state.delayMs = 0;
    expect(slow.status).toBe(504);

    const text = await scrape(bff);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/users\/check-session",status_class="2xx",tier="bff"\} 1\b/);
    expect(text).not.toContain('410-0000-11111');
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/pet\/:petId",status_class="4xx",tier="bff"\} 1\b/);
    expect(text).toMatch(/upstream_request_duration_seconds_count\{tier="bff",method="POST",outcome="timeout"\} 1\b/);
    expect(text).toMatch(/upstream_request_duration_seconds_count\{tier="bff",method="POST",outcome="5xx"\} 1\b/);
    expect(text).toMatch(/upstream_errors_total\{kind="timeout",tier="bff"\} 1\b/);
    expect(text).toMatch(/upstream_errors_total\{kind="5xx",tier="bff"\} 1\b/);
    for (const name of ['nodejs_eventloop_lag_seconds', 'http_open_connections', 'realtime_open_sockets{kind="stomp",tier="bff"} 0'])
      expect(text).toContain(name);

    expectEnvelope(await client.get('/metrics'), 404, 'NOT_FOUND');
  });

  it('count an unreachable upstream as refused', async () => {
    const orphan = await startOpsBff(await closedPortUrl(), { METRICS_PORT: '0' });
    try {
      expectEnvelope(await createClient(orphan.url).post('/api/users/login', { userId: 'a', password: 'b' }), 502, 'UPSTREAM_UNAVAILABLE');
      expect(await scrape(orphan)).toMatch(/upstream_errors_total\{kind="refused",tier="bff"\} 1\b/);
    } finally {
      await orphan.close();
    }
  });
});

describe('load shedding', () => {
  it('answers the SERVICE_OVERLOADED envelope with Retry-After; probes stay open', async () => {
    const pressed = await startOpsBff(spring.url, { MAX_HEAP_USED_BYTES: '1' });
    try {
      const client = createClient(pressed.url);
      let res = await client.get('/api/users/check-session');
      for (let i = 0; i < 40 && res.status !== 503; i++) {
        await new Promise((r) => setTimeout(r, 100));
        res = await client.get('/api/users/check-session');
      }
      expectEnvelope(res, 503, 'SERVICE_OVERLOADED');
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));
      expect((await client.get('/healthz')).status).toBe(200);
      expect((await client.get('/readyz')).status).toBe(200);
    } finally {
      await pressed.close();
    }
  });
});

describe('logs', () => {
  it('carry the request id and never a password, code, cookie or e-mail address', async () => {
    const logged = await startOpsBff(spring.url, { LOG_LEVEL: 'info' });
    try {
      const email = 'secret.person@example.com';
      const password = 'Sup3r-Secret-pw';
      const session = 'SESSIONSECRET0123456789ABCDEF';
      const headers = { cookie: `JSESSIONID=${session}`, 'x-request-id': 'web-req-0123456789' };
      const client = createClient(logged.url);
      await client.post('/api/users/login', { userId: 'logwatch', password }, { headers });
      await client.post('/api/users/send-email', undefined, { query: { email }, headers });
      await client.post('/api/users/verify-email', undefined, { query: { code: '918273', email }, headers });
      await client.post(
        '/api/users/signup',
        { name: '김포브', userId: 'logwatch', email, password, birth: '1990-01-01', phoneNm: '010-1234-5678' },
        { headers },
      );
      logged.app.log.info({ body: { email, password, verificationCode: '918273' } }, `custom line about ${email}`);

      const all = logged.logs.join('\n');
      expect(logged.logs.length).toBeGreaterThan(6);
      for (const secret of [password, email, 'secret.person%40example.com', session, '918273', '010-1234-5678'])
        expect(all).not.toContain(secret);
      expect(all).toContain('s***@e***');
      const lines = logged.logs.map((l) => JSON.parse(l) as Record<string, unknown>);
      for (const l of lines.filter((x) => x.req || x.res)) expect(typeof l.requestId).toBe('string');
      // The client's id is logged beside ours, never as ours (issue 24 item 16).
      expect(lines.filter((l) => l.clientRequestId === 'web-req-0123456789').length).toBeGreaterThanOrEqual(2);
      expect(lines.some((l) => l.requestId === 'web-req-0123456789')).toBe(false);
    } finally {
      await logged.close();
    }
  });
});
