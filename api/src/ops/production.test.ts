import { refusalOf } from '@pawbridge/server-kit/testing/processes';
import { describe, expect, it } from 'vitest';
import { loadApiConfig } from '../config/env';
import { isWeakAdminPassword } from './production-requirements';

const complete = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db.internal/pawbridge',
  REDIS_URL: 'redis://redis.internal:6379',
  SMTP_URL: 'smtp://smtp.internal:587',
  PORTONE_API_KEY: 'key',
  PORTONE_API_SECRET: 'secret',
  UNSUBSCRIBE_SECRET: 'unsubscribe-secret-0123456789abcdef-0123456789',
  ADMIN_PASSWORD: 'Str0ng-admin-pass',
};

const refusal = (env: Record<string, string>): string => refusalOf(loadApiConfig, env);

describe('production refuses to start without what it needs', () => {
  it('lists every missing variable in one message', () => {
    const message = refusal({ NODE_ENV: 'production' });
    expect(message.split('\n')[0]).toBe('The api refuses to start with NODE_ENV=production:');
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PORTONE_API_KEY and PORTONE_API_SECRET', 'ADMIN_PASSWORD'])
      expect(message).toContain(`  - ${name}:`);
    expect(message).toMatch(/PGlite/);
  });

  it.each([
    ['DATABASE_URL', /DATABASE_URL: required/],
    ['REDIS_URL', /REDIS_URL: required .*other api instances/],
    ['SMTP_URL', /SMTP_URL: required .*outbox/],
    ['PORTONE_API_SECRET', /PORTONE_API_KEY and PORTONE_API_SECRET: required .*test payment/],
    ['ADMIN_PASSWORD', /ADMIN_PASSWORD: required/],
  ])('without %s', (name, expected) => {
    const env: Record<string, string> = { ...complete };
    delete env[name];
    const message = refusal(env);
    expect(message).toMatch(expected);
    expect(message.match(/^ {2}- /gm)).toHaveLength(1);
  });

  it('refuses the demo seed when asked for, and seeds nothing by default', () => {
    expect(refusal({ ...complete, SEED_DEMO_DATA: 'true' })).toMatch(/SEED_DEMO_DATA: must not be true/);
    expect(loadApiConfig(complete).seedDemoData).toBe(false);
    expect(loadApiConfig({ ...complete, SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
    expect(loadApiConfig({ NODE_ENV: 'development' }).seedDemoData).toBe(true);
  });

  it('refuses a weak admin bootstrap password', () => {
    for (const weak of ['short1A!', 'change-me-please', 'aaaaaaaaaaaaaaaa', 'alllowercaseletters', 'Password1234'.toLowerCase()]) {
      expect(isWeakAdminPassword(weak)).toBe(true);
      expect(refusal({ ...complete, ADMIN_PASSWORD: weak })).toMatch(/ADMIN_PASSWORD: too weak/);
    }
    expect(isWeakAdminPassword('Str0ng-admin-pass')).toBe(false);
  });

  it('starts with everything set; development needs none of it', () => {
    const config = loadApiConfig(complete);
    expect(config.env).toBe('production');
    expect(config.ops).toEqual({
      metrics: undefined,
      pressure: { maxEventLoopDelayMs: 1000, maxHeapUsedBytes: undefined, maxRssBytes: undefined },
      shutdown: { timeoutMs: 10_000, drainDelayMs: 0 },
    });
    expect(() => loadApiConfig({})).not.toThrow();
    expect(loadApiConfig({ NODE_ENV: 'test' }).ops.pressure.maxEventLoopDelayMs).toBe(0);
    expect(loadApiConfig({ METRICS_PORT: '9464' }).ops.metrics).toEqual({ host: '127.0.0.1', port: 9464 });
  });
});
