import { refusalOf } from '@pawbridge/server-kit/testing/processes';
import { describe, expect, it } from 'vitest';
import { loadBffConfig } from '../config/env';

const complete = {
  NODE_ENV: 'production',
  UPSTREAM_URL: 'http://api.internal:8080',
  PUBLIC_ORIGIN: 'https://www.pawbridge.example',
  REDIS_URL: 'redis://redis.internal:6379',
  PORTONE_MERCHANT_CODE: 'imp12345678',
};

const refusal = (env: Record<string, string>): string => refusalOf(loadBffConfig, env);

describe('production refuses to start without what it needs', () => {
  it('lists every missing variable in one message', () => {
    const message = refusal({ NODE_ENV: 'production' });
    expect(message.split('\n')[0]).toBe('The BFF refuses to start with NODE_ENV=production:');
    for (const name of ['UPSTREAM_URL', 'PUBLIC_ORIGIN', 'REDIS_URL', 'PORTONE_MERCHANT_CODE']) expect(message).toContain(`  - ${name}:`);
  });

  it.each(['UPSTREAM_URL', 'PUBLIC_ORIGIN', 'REDIS_URL', 'PORTONE_MERCHANT_CODE'])('without %s', (name) => {
    const env: Record<string, string> = { ...complete };
    delete env[name];
    const message = refusal(env);
    expect(message).toContain(`  - ${name}: required`);
    expect(message.match(/^ {2}- /gm)).toHaveLength(1);
  });

  it("in front of the legacy, needs the service account that fetches visitors' photos", () => {
    expect(refusal({ ...complete, UPSTREAM_KIND: 'legacy' })).toMatch(/LEGACY_SERVICE_USER_ID and LEGACY_SERVICE_PASSWORD: required/);
    expect(() =>
      loadBffConfig({ ...complete, UPSTREAM_KIND: 'legacy', LEGACY_SERVICE_USER_ID: 'svc', LEGACY_SERVICE_PASSWORD: 'pw' }),
    ).not.toThrow();
  });

  it('starts with everything set; development needs none of it', () => {
    expect(loadBffConfig(complete).ops).toEqual({
      metrics: undefined,
      pressure: { maxEventLoopDelayMs: 1000, maxHeapUsedBytes: undefined, maxRssBytes: undefined },
      shutdown: { timeoutMs: 10_000, drainDelayMs: 0 },
    });
    expect(() => loadBffConfig({})).not.toThrow();
    expect(loadBffConfig({ METRICS_PORT: '0', METRICS_HOST: '10.0.0.5' }).ops.metrics).toEqual({ host: '10.0.0.5', port: 0 });
  });
});

describe('a schema error in production (issue 24 item 11)', () => {
  it('lists every production gap too, so one start shows every fix', () => {
    const message = refusal({ NODE_ENV: 'production', PORT: 'eighty' });
    expect(message).toMatch(/^Invalid BFF environment:\n {2}PORT: /);
    expect(message).toContain('The BFF refuses to start with NODE_ENV=production:');
    for (const name of ['UPSTREAM_URL', 'PUBLIC_ORIGIN', 'REDIS_URL']) expect(message).toContain(`  - ${name}`);
  });
});

describe('/docs in production (issue 24 item 16)', () => {
  it('is off unless DOCS_ENABLED=true; on by default elsewhere', () => {
    expect(loadBffConfig(complete).docsEnabled).toBe(false);
    expect(loadBffConfig({ ...complete, DOCS_ENABLED: 'true' }).docsEnabled).toBe(true);
    expect(loadBffConfig({ NODE_ENV: 'development', UPSTREAM_URL: 'http://127.0.0.1:1' }).docsEnabled).toBe(true);
  });
});
