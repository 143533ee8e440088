import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { BffConfig } from '../config/env';
import { configPlugin } from './config';
import { startTestBff, createClient, type TestBff } from '../testing/test-bff';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { cspDirectives, securityHeadersPlugin, tileOrigin } from './security-headers';

const stack = useBffOnFakeSpring();
const opened: TestBff[] = [];
afterAll(async () => {
  for (const b of opened) await b.close();
});

/** The CSP header as directive → sources. */
function csp(header: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  it('are on every answer: CSP without inline scripts, no framing, nosniff, Referrer-Policy, and no HSTS over plain http', async () => {
    const client = createClient(stack.bff.url);
    for (const path of ['/api/config', '/api/users/check-session', '/api/nothing-here', '/healthz']) {
      const res = await client.get(path);
      const policy = csp(res.headers.get('content-security-policy'));
      expect(policy['default-src'], path).toEqual(["'self'"]);
      expect(policy['frame-ancestors'], path).toEqual(["'none'"]);
      expect(policy['object-src'], path).toEqual(["'none'"]);
      expect(policy['script-src'], path).toEqual(["'self'", 'https://cdn.iamport.kr']);
      expect(policy['img-src'], path).toContain('https://tile.openstreetmap.org');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('allow the Kakao map origins only when a Kakao key is configured, and send HSTS when configured for TLS', async () => {
    const bff = await startTestBff(stack.spring.url, { KAKAO_MAP_KEY: 'test-key', HSTS_MAX_AGE_SECONDS: '31536000' });
    opened.push(bff);
    const res = await createClient(bff.url).get('/api/config');
    const policy = csp(res.headers.get('content-security-policy'));
    expect(policy['script-src']).toEqual([
      "'self'",
      'https://dapi.kakao.com',
      'https://*.daumcdn.net',
      'https://t1.kakaocdn.net',
      'https://cdn.iamport.kr',
    ]);
    expect(policy['img-src']).not.toContain('https://tile.openstreetmap.org');
    expect(policy['img-src']).toContain('https://*.daumcdn.net');
    expect(policy).toHaveProperty('upgrade-insecure-requests');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });
});

describe('security headers computed once', () => {
  it("are the same on every answer, and a route's own CSP (photos: default-src 'none') wins over them", async () => {
    const app = Fastify();
    const config = { kakaoMapKey: undefined, mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', hstsMaxAgeSeconds: 0 };
    await app.register(configPlugin, { config: config as BffConfig });
    await app.register(securityHeadersPlugin);
    app.get('/page', async () => ({ ok: true }));
    app.get('/photo', async (_request, reply) => reply.header('Content-Security-Policy', "default-src 'none'").send('x'));
    const [a, b, photo, missing] = await Promise.all(['/page', '/page', '/photo', '/nowhere'].map((url) => app.inject({ url })));
    expect(a?.headers['content-security-policy']).toContain("default-src 'self'");
    expect(a?.headers['content-security-policy']).toContain('img-src');
    expect(b?.headers['content-security-policy']).toBe(a?.headers['content-security-policy']);
    expect(a?.headers['x-frame-options']).toBe('DENY');
    expect(photo?.headers['content-security-policy']).toBe("default-src 'none'");
    expect(photo?.headers['x-content-type-options']).toBe('nosniff');
    expect(missing?.statusCode).toBe(404);
    expect(missing?.headers['x-frame-options']).toBe('DENY');
    await app.close();
  });
});

describe('tileOrigin', () => {
  it('widens a subdomain placeholder and ignores relative or unreadable templates', () => {
    expect(tileOrigin('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://*.tile.openstreetmap.org');
    expect(tileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileOrigin('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(tileOrigin('https://tiles.{region}.example/{z}.png')).toBeNull();
  });

  it('adds the configured tile origin to img-src', () => {
    const directives = cspDirectives({
      kakaoMapKey: undefined,
      mapTileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      hstsMaxAgeSeconds: 0,
    });
    expect(directives.imgSrc).toContain('https://*.tile.openstreetmap.org');
    expect(directives.upgradeInsecureRequests).toBeNull();
    expect(directives.scriptSrc).not.toContain('https://t1.kakaocdn.net');
  });

  it('allows the KakaoTalk share SDK only with a Kakao JavaScript key, even on a Leaflet map', () => {
    const directives = cspDirectives({
      kakaoMapKey: undefined,
      kakaoShareKey: 'js-key',
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      hstsMaxAgeSeconds: 0,
    });
    expect(directives.scriptSrc).toEqual(["'self'", 'https://t1.kakaocdn.net', 'https://cdn.iamport.kr']);
    expect(directives.connectSrc).toContain('https://*.kakao.com');
    expect(directives.imgSrc).not.toContain('https://*.daumcdn.net');
  });

  it("allows another SDK release's host when the operator configured one", () => {
    const directives = cspDirectives({
      kakaoMapKey: undefined,
      kakaoShareKey: 'js-key',
      kakaoShareSdk: { url: 'https://developers.kakao.example/sdk/js/kakao.min.js', integrity: 'sha384-AAAA' },
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      hstsMaxAgeSeconds: 0,
    });
    expect(directives.scriptSrc).toEqual(["'self'", 'https://developers.kakao.example', 'https://cdn.iamport.kr']);
  });
});
