import { afterEach, describe, expect, it } from 'vitest';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { expectEnvelope } from '../testing/expect-envelope';
import { createClient } from '../testing/test-bff';

// Issue 24 item 10: an upstream shedding load (503) is busy, not unreachable.
const stack = useBffOnFakeSpring();
afterEach(() => stack.spring.state.overrides.clear());

describe('an upstream that sheds load', () => {
  it('answers 503 UPSTREAM_BUSY with the upstream Retry-After, not 502 "unreachable"', async () => {
    stack.spring.state.override('GET /api/community/posts', (_req, reply) =>
      reply
        .code(503)
        .header('retry-after', '7')
        .send({ error: { code: 'SERVICE_OVERLOADED', message: 'busy' } }),
    );
    const res = await createClient(stack.bff.url).get('/api/community/posts');
    expectEnvelope(res, 503, 'UPSTREAM_BUSY');
    expect(res.headers.get('retry-after')).toBe('7');
  });

  it('gives a Retry-After of its own (2 s) when the upstream says none or nonsense, and bounds a huge one', async () => {
    let said: string | undefined;
    stack.spring.state.override('GET /api/community/posts', (_req, reply) => {
      if (said !== undefined) reply.header('retry-after', said);
      return reply.code(503).send('');
    });
    for (const [header, expected] of [
      [undefined, '2'],
      ['soon', '2'],
      ['86400', '120'],
    ] as const) {
      said = header;
      const res = await createClient(stack.bff.url).get('/api/community/posts');
      expectEnvelope(res, 503, 'UPSTREAM_BUSY');
      expect(res.headers.get('retry-after')).toBe(expected);
    }
  });

  it('a 500 is still UPSTREAM_UNAVAILABLE (502, no Retry-After)', async () => {
    stack.spring.state.override('GET /api/community/posts', (_req, reply) => reply.code(500).send({}));
    const res = await createClient(stack.bff.url).get('/api/community/posts');
    expectEnvelope(res, 502, 'UPSTREAM_UNAVAILABLE');
    expect(res.headers.get('retry-after')).toBeNull();
  });
});
