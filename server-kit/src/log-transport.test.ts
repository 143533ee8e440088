import { prettyFactory } from 'pino-pretty';
import { describe, expect, it } from 'vitest';
import { prettyTransport } from './log-transport';

describe('prettyTransport', () => {
  it('prints a request line as "message METHOD url → status" on one line, without pid, host or request ids', () => {
    const pretty = prettyFactory({ ...prettyTransport.options, colorize: false });
    const line = pretty(
      JSON.stringify({
        level: 30,
        time: Date.UTC(2026, 0, 1, 12, 0, 0),
        pid: 4242,
        hostname: 'box',
        reqId: 'req-1',
        msg: 'request completed',
        req: { method: 'GET', url: '/api/pets' },
        res: { statusCode: 200 },
        responseTime: 3,
      }),
    );
    expect(line).toMatch(/INFO.*: request completed GET \/api\/pets → 200\n$/);
    expect(line).not.toMatch(/4242|box|req-1/);
  });
});
