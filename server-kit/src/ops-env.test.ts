import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { opsConfig, opsEnv } from './ops-env';
import { productionRefusal } from './production';

const parse = (env: Record<string, string>) => z.object(opsEnv).parse(env);

describe('the ops environment', () => {
  it('defaults: no metrics listener, a 1 s event-loop limit (off under test), 10 s shutdown, no drain delay', () => {
    expect(opsConfig(parse({}), 'production')).toEqual({
      metrics: undefined,
      pressure: { maxEventLoopDelayMs: 1000, maxHeapUsedBytes: undefined, maxRssBytes: undefined },
      shutdown: { timeoutMs: 10_000, drainDelayMs: 0 },
    });
    expect(opsConfig(parse({}), 'test').pressure.maxEventLoopDelayMs).toBe(0);
    expect(opsConfig(parse({ MAX_EVENT_LOOP_DELAY_MS: '250' }), 'test').pressure.maxEventLoopDelayMs).toBe(250);
  });

  it('reads every variable, and refuses nonsense', () => {
    const config = opsConfig(
      parse({
        METRICS_PORT: '9464',
        METRICS_HOST: '0.0.0.0',
        MAX_HEAP_USED_BYTES: '1000',
        MAX_RSS_BYTES: '2000',
        SHUTDOWN_TIMEOUT_MS: '5000',
        SHUTDOWN_DRAIN_DELAY_MS: '800',
      }),
      'production',
    );
    expect(config).toEqual({
      metrics: { host: '0.0.0.0', port: 9464 },
      pressure: { maxEventLoopDelayMs: 1000, maxHeapUsedBytes: 1000, maxRssBytes: 2000 },
      shutdown: { timeoutMs: 5000, drainDelayMs: 800 },
    });
    expect(opsConfig(parse({ METRICS_PORT: '0' }), 'test').metrics).toEqual({ host: '127.0.0.1', port: 0 });
    for (const bad of <Record<string, string>[]>[
      { METRICS_PORT: '70000' },
      { SHUTDOWN_TIMEOUT_MS: '0' },
      { MAX_HEAP_USED_BYTES: '-1' },
      { SHUTDOWN_DRAIN_DELAY_MS: 'soon' },
    ])
      expect(() => parse(bad)).toThrow();
  });

  it('a production refusal names the tier and lists every problem on its own line', () => {
    expect(productionRefusal('BFF', ['A: required', 'B: required']).split('\n')).toEqual([
      'The BFF refuses to start with NODE_ENV=production:',
      '  - A: required',
      '  - B: required',
      'Set these variables (see .env.example) or run with NODE_ENV=development.',
    ]);
  });
});
