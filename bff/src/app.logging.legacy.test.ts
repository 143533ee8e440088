import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSpring, type FakeSpring } from './testing/fake-spring/index';
import { createClient } from './testing/test-bff';
import { startOpsBff } from './testing/ops-bff';

// perf (bench/README.md): one log line per request, with the request, its outcome and its id.
let spring: FakeSpring;
let bff: Awaited<ReturnType<typeof startOpsBff>>;
beforeAll(async () => {
  spring = await startFakeSpring();
  bff = await startOpsBff(spring.url, { LOG_LEVEL: 'info' });
});
afterAll(async () => {
  await bff?.close();
  await spring?.close();
});

describe('request log', () => {
  it('writes one line per request: masked request, status, time, request id; no separate incoming line', async () => {
    const id = 'one-line-0123456789';
    const res = await createClient(bff.url).post('/api/users/verify-email', undefined, {
      query: { code: '918273', email: 'secret.person@example.com' },
      headers: { 'x-request-id': id },
    });
    await new Promise((r) => setTimeout(r, 50));
    const lines = bff.logs.map(
      (l) =>
        JSON.parse(l) as {
          requestId?: string;
          clientRequestId?: string;
          msg?: string;
          req?: { method?: string; url?: string };
          res?: { statusCode?: number };
          responseTime?: number;
        },
    );
    const mine = lines.filter((l) => l.clientRequestId === id && (l.req || l.res));
    expect(mine).toHaveLength(1);
    const [line] = mine;
    expect(line!.msg).toBe('request completed');
    expect(line!.req?.method).toBe('POST');
    expect(line!.req?.url).toContain('/api/users/verify-email');
    expect(line!.req?.url).not.toContain('918273');
    expect(line!.req?.url).not.toContain('secret.person');
    expect(line!.res?.statusCode).toBe(res.status);
    expect(typeof line!.responseTime).toBe('number');
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
  });
});

describe('upstream failures in the log (issue 24 item 9)', () => {
  type Line = {
    msg?: string;
    code?: string;
    status?: number;
    upstreamStatus?: number;
    path?: string;
    cause?: string;
    requestId?: string;
    clientRequestId?: string;
  };
  const failureLine = async (clientId: string): Promise<Line | undefined> => {
    await new Promise((r) => setTimeout(r, 50));
    const all = bff.logs.map((l) => JSON.parse(l) as Line);
    const ours = all.find((l) => l.clientRequestId === clientId)?.requestId;
    return all.find((l) => l.requestId === ours && l.code !== undefined);
  };

  it('logs the error code (never redacted), the upstream status, the path and the cause, in English', async () => {
    spring.state.override('GET /api/community/posts', (_req, reply) => reply.code(500).send({ message: 'boom' }));
    try {
      const id = 'upstream-500-0123456789';
      const res = await createClient(bff.url).get('/api/community/posts', { headers: { 'x-request-id': id } });
      expect(res.status).toBe(502);
      const line = await failureLine(id);
      expect(line).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', status: 502, upstreamStatus: 500, path: '/api/community/posts' });
      expect(line?.cause).toBe('upstream answered 500');
      expect(line?.msg).toBe('UPSTREAM_UNAVAILABLE: upstream answered 500');
      expect(JSON.stringify(line)).not.toMatch(/[가-힣]|REDACTED/);
    } finally {
      spring.state.overrides.clear();
    }
  });
});
