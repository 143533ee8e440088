import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamClient } from './client';

// The buffered call reads Node's parsed headers through NodeHeaders (no WHATWG Headers copy): the
// gateways' reads (a value, repeated values, cookies, a login redirect) answer as Headers would.
let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/login-redirect') {
      res.writeHead(302, { Location: 'http://upstream.test/login?error' });
      return res.end();
    }
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('X-Total-Count', '42');
    res.setHeader('X-Repeated', ['a', 'b']);
    res.setHeader('Set-Cookie', ['JSESSIONID=abc; Path=/; HttpOnly', 'other=1; Path=/']);
    res.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('UpstreamClient headers', () => {
  it('reads values case-insensitively, joins repeats, keeps every cookie, absent is null', async () => {
    const res = await new UpstreamClient(base, 5_000).request('GET', '/list');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect(res.headers.get('x-total-count')).toBe('42');
    expect(res.headers.get('X-Total-Count')).toBe('42');
    expect(res.headers.get('x-repeated')).toBe('a, b');
    expect(res.headers.get('x-missing')).toBeNull();
    expect(res.setCookies).toEqual(['JSESSIONID=abc; Path=/; HttpOnly', 'other=1; Path=/']);
    expect(res.loginRedirect).toBe(false);
  });

  it("sees Spring's 302 to /login as a login redirect", async () => {
    const res = await new UpstreamClient(base, 5_000).request('GET', '/login-redirect');
    expect(res.status).toBe(302);
    expect(res.loginRedirect).toBe(true);
    expect(res.setCookies).toEqual([]);
  });
});
