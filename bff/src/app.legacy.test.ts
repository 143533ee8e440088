import { closedPortUrl } from './testing/fixtures';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSpring, type FakeSpring } from './testing/fake-spring/index';
import { createClient, startTestBff, type TestBff } from './testing/test-bff';
import { expectEnvelope } from './testing/expect-envelope';

// The frame every route relies on: envelope, request ids, origin check, probes, docs, config, photo proxy.
let spring: FakeSpring;
let bff: TestBff;

beforeAll(async () => {
  spring = await startFakeSpring();
  bff = await startTestBff(spring.url, { ALLOWED_ORIGINS: 'https://partner.example' });
});
afterAll(async () => {
  await bff.close();
  await spring.close();
});
beforeEach(() => {
  spring.state.requests.length = 0;
  spring.state.overrides.clear();
  spring.state.delayMs = 0;
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('error envelope and request ids', () => {
  it('answers unknown paths with the 404 envelope', async () => {
    expectEnvelope(await createClient(bff.url).get('/api/nothing-here'), 404, 'NOT_FOUND');
  });

  it('uses its own request id whatever the client sends, in the header, the envelope and the upstream call (issue 24 item 16)', async () => {
    const res = await createClient(bff.url).post(
      '/api/users/login',
      { userId: 'ghost', password: 'x' },
      { headers: { 'x-request-id': 'trace-12345678' } },
    );
    const own = res.headers.get('x-request-id');
    expect(own).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.error.requestId).toBe(own);
    expect(spring.state.calls('/api/users/login').at(-1)?.headers['x-request-id']).toBe(own);
  });

  it('replaces a malformed X-Request-Id with its own', async () => {
    const res = await createClient(bff.url).get('/healthz', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers malformed JSON with 400, a wrong content type with 415 and an oversized body with 413', async () => {
    const client = createClient(bff.url);
    expectEnvelope(
      await client.post('/api/users/login', undefined, { headers: { 'content-type': 'application/json' } }),
      400,
      'MALFORMED_REQUEST',
    );
    const xml = await fetch(`${bff.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<login/>',
    });
    const xmlBody = (await xml.json()) as { error: { code: string; requestId: string } };
    expect(xml.status).toBe(415);
    // Its own code (issue 8 item 18): a JSON endpoint sent XML is not "only image files".
    expect(xmlBody.error).toMatchObject({ code: 'UNSUPPORTED_CONTENT_TYPE', requestId: xml.headers.get('x-request-id') });
    expectEnvelope(await client.post('/api/users/login', { userId: 'x'.repeat(70_000), password: 'x' }), 413, 'PAYLOAD_TOO_LARGE');
    expect(spring.state.requests).toHaveLength(0);
  });
});

describe('origin check', () => {
  const body = { userId: 'ghost', password: 'x' };

  it('rejects a cross-origin write before it reaches the upstream', async () => {
    expectEnvelope(
      await createClient(bff.url).post('/api/users/login', body, { headers: { origin: 'https://evil.example' } }),
      403,
      'CROSS_ORIGIN_REJECTED',
    );
    expectEnvelope(
      await createClient(bff.url).post('/api/users/logout', undefined, { headers: { origin: 'null' } }),
      403,
      'CROSS_ORIGIN_REJECTED',
    );
    expect(spring.state.requests).toHaveLength(0);
  });

  it('rejects a cross-site write that carries no Origin', async () => {
    const res = await createClient(bff.url).post('/api/users/login', body, { headers: { origin: '', 'sec-fetch-site': 'cross-site' } });
    expectEnvelope(res, 403, 'CROSS_ORIGIN_REJECTED');
  });

  it('lets same-origin, configured origins and non-browser clients through', async () => {
    expect((await createClient(bff.url).post('/api/users/login', body)).status).toBe(401);
    expect((await createClient(bff.url).post('/api/users/login', body, { headers: { origin: 'https://partner.example' } })).status).toBe(
      401,
    );
    expect((await createClient(bff.url).post('/api/users/login', body, { headers: { origin: '' } })).status).toBe(401);
  });

  it('never checks reads', async () => {
    expect((await createClient(bff.url).get('/api/users/check-session', { headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });
});

describe('upstream failures', () => {
  it('answers 502 when the upstream is down', async () => {
    const orphan = await startTestBff(await closedPortUrl());
    try {
      expectEnvelope(await createClient(orphan.url).post('/api/users/login', { userId: 'a', password: 'b' }), 502, 'UPSTREAM_UNAVAILABLE');
      const ready = await createClient(orphan.url).get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        status: 'not-ready',
        failing: ['upstream'],
        checks: { upstream: 'down', ...(orphan.config.redisUrl ? { redis: 'ok' } : {}) },
      });
    } finally {
      await orphan.close();
    }
  });

  it('answers 504 when the upstream is slower than UPSTREAM_TIMEOUT_MS', async () => {
    const impatient = await startTestBff(spring.url, { UPSTREAM_TIMEOUT_MS: '150' });
    try {
      spring.state.delayMs = 600;
      expectEnvelope(await createClient(impatient.url).post('/api/users/login', { userId: 'a', password: 'b' }), 504, 'UPSTREAM_TIMEOUT');
    } finally {
      await impatient.close();
    }
  });
});

describe('probes, docs and config', () => {
  it('answers /healthz without the upstream and /readyz with it', async () => {
    expect((await createClient(bff.url).get('/healthz')).body).toEqual({ status: 'ok' });
    expect(spring.state.requests).toHaveLength(0);
    const ready = await createClient(bff.url).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { upstream: 'ok', ...(bff.config.redisUrl ? { redis: 'ok' } : {}) } });
  });

  it('documents the account routes at /docs', async () => {
    const spec = (await createClient(bff.url).get('/docs/json')).body;
    for (const [path, method] of [
      ['/api/users/check-session', 'get'],
      ['/api/users/login', 'post'],
      ['/api/users/logout', 'post'],
      ['/api/users/signup', 'post'],
      ['/api/users/send-email', 'post'],
      ['/api/users/verify-email', 'post'],
    ] as const) {
      expect(spec.paths[path]?.[method]?.tags).toEqual(['accounts']);
      expect(spec.paths[path][method].summary).toMatch(/[가-힣]/);
    }
    expect(Object.keys(spec.paths['/api/users/login'].post.requestBody.content['application/json'].schema.properties).sort()).toEqual([
      'password',
      'userId',
    ]);
    expect(spec.paths['/healthz']).toBeUndefined();
    const ui = await fetch(`${bff.url}/docs/`, { redirect: 'follow' });
    expect(ui.status).toBe(200);
    expect(await ui.text()).toMatch(/swagger/i);
  });

  it('tells the browser the map, social logins, payments and breed prediction of this deployment', async () => {
    const res = await createClient(bff.url).get('/api/config');
    expect(res.body).toEqual({
      map: {
        provider: 'leaflet',
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: expect.stringContaining('OpenStreetMap'),
      },
      socialProviders: [],
      // No Kakao JavaScript key: no 카카오톡으로 공유 (issue 27).
      kakaoShareKey: null,
      kakaoShareSdk: null,
      payments: { mode: 'test', merchantCode: null },
      breedPrediction: true,
      // The legacy has no test gateway: without a merchant code no donation could succeed (issue 23 item 12).
      donations: false,
      lostAndFound: false,
      favourites: false,
      // No nicknames and no stray names there (decision 0035): the web hides both.
      nicknames: false,
      strayNames: false,
    });
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const kakao = await startTestBff(spring.url, {
      KAKAO_MAP_KEY: 'k-123',
      SOCIAL_PROVIDERS: 'kakao,myspace,naver',
      PORTONE_MERCHANT_CODE: 'imp123',
      BREED_PREDICTION_ENABLED: 'false',
    });
    try {
      expect((await createClient(kakao.url).get('/api/config')).body).toEqual({
        map: { provider: 'kakao', appKey: 'k-123' },
        // The map's key is a Kakao JavaScript key too: it shares unless KAKAO_JS_KEY names another.
        kakaoShareKey: 'k-123',
        // The pinned SDK release with its integrity hash: the browser refuses a changed file.
        kakaoShareSdk: {
          url: 'https://t1.kakaocdn.net/kakao_js_sdk/2.7.4/kakao.min.js',
          integrity: 'sha384-DKYJZ8NLiK8MN4/C5P2dtSmLQ4KwPaoqAfyA/DfmEc1VDxu4yyC7wy6K1Hs90nka',
        },
        socialProviders: ['kakao', 'naver'],
        payments: { mode: 'portone', merchantCode: 'imp123' },
        breedPrediction: false,
        donations: true,
        lostAndFound: false,
        favourites: false,
        nicknames: false,
        strayNames: false,
      });
    } finally {
      await kakao.close();
    }
  });
});

describe('GET /uploads/:key', () => {
  it('proxies an image with long-lived cache headers and nosniff, forwarding the session', async () => {
    spring.state.override('GET /uploads/abc123.png', (_req, reply) => reply.type('image/png').send(PNG));
    const res = await fetch(`${bff.url}/uploads/abc123.png`, { headers: { cookie: 'JSESSIONID=SID1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    expect(spring.state.calls('/uploads/abc123.png')[0]?.headers.cookie).toBe('JSESSIONID=SID1');
  });

  it('answers 404 for anything but an image: missing, login redirect, HTML', async () => {
    const client = createClient(bff.url);
    expectEnvelope(await client.get('/uploads/missing.png'), 404, 'NOT_FOUND');
    spring.state.override('GET /uploads/private.png', (req, reply) =>
      reply.code(302).header('location', `http://${req.host}/login`).send(),
    );
    expectEnvelope(await client.get('/uploads/private.png'), 404, 'NOT_FOUND');
    spring.state.override('GET /uploads/page.png', (_req, reply) => reply.type('text/html').send('<script>alert(1)</script>'));
    expectEnvelope(await client.get('/uploads/page.png'), 404, 'NOT_FOUND');
  });

  it('rejects keys that could leave the upload folder without asking the upstream', async () => {
    const res = await createClient(bff.url).get('/uploads/..%2F..%2Fetc%2Fpasswd');
    expect([400, 404]).toContain(res.status);
    expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));
    expect(spring.state.requests).toHaveLength(0);
  });
});
