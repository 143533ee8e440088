import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startFakeSpring, type FakeSpring } from '../testing/fake-spring/index';
import { startOpsBff } from '../testing/ops-bff';

// Issue 24 item 16 (small ones) seen from outside, with the BFF's own log lines.
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

type Line = { level?: number; msg?: string; err?: { stack?: string } };
const lines = () => bff.logs.map((l) => JSON.parse(l) as Line);

describe('an oversized WebSocket frame', () => {
  it('closes the socket (1009) and logs a warning without a stack, never an ERROR', async () => {
    spring.state.addUser({ userId: 'bigframe', name: '큰', email: 'bigframe@example.com', role: 'USER' } as never);
    const sid = spring.state.createSession('bigframe');
    const ws = new WebSocket(`${bff.url.replace(/^http/, 'ws')}/ws`, { headers: { origin: bff.url, cookie: `JSESSIONID=${sid}` } });
    await new Promise((r, j) => {
      ws.once('open', r);
      ws.once('error', j);
    });
    const closed = new Promise<number>((r) => ws.once('close', (c) => r(c)));
    ws.send('x'.repeat(200 * 1024));
    expect(await closed).toBe(1009);
    await new Promise((r) => setTimeout(r, 100));
    expect(lines().filter((l) => (l.level ?? 0) >= 50)).toEqual([]);
    const warning = lines().find((l) => l.msg === 'websocket frame too large; socket closed');
    expect(warning?.level).toBe(40);
    expect(JSON.stringify(warning)).not.toContain('    at ');
  });
});

describe('/docs behind DOCS_ENABLED (issue 24 item 16)', () => {
  it('is not served when off (production default)', async () => {
    const closed = await startOpsBff(spring.url, { DOCS_ENABLED: 'false' });
    try {
      // Bodies read, so no keep-alive connection holds a server's close.
      const status = async (url: string) => {
        const res = await fetch(url);
        await res.arrayBuffer();
        return res.status;
      };
      expect(await status(`${closed.url}/docs/json`)).toBe(404);
      expect(await status(`${closed.url}/docs/`)).toBe(404);
      expect(await status(`${bff.url}/docs/json`)).toBe(200);
    } finally {
      await closed.close();
    }
  });
});
