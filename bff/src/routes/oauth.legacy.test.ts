import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, startTestBff, type TestBff } from '../testing/test-bff';

/**
 * Spring Security's oauth2Login as the legacy runs it (legacy-contract §4.4): the
 * authorisation request lives in the JSESSIONID session, the redirect URI is built
 * from the Host header, success goes to the hard-coded http://localhost:3000 with a
 * new session id, failure to a bare `/login?error`. Cookies without SameSite.
 */
async function startSpringOAuth() {
  const sessions = new Map<string, { state?: string; user?: string }>();
  const hosts: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://spring.invalid');
    const host = req.headers.host ?? '';
    hosts.push(host);
    const sid = /JSESSIONID=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const newSession = (data: { state?: string; user?: string }) => {
      const id = crypto.randomBytes(8).toString('hex').toUpperCase();
      sessions.set(id, data);
      return `JSESSIONID=${id}; Path=/; HttpOnly`;
    };
    const start = /^\/oauth2\/authorization\/(\w+)$/.exec(url.pathname);
    if (start) {
      const state = crypto.randomBytes(8).toString('hex');
      const provider = new URL('https://accounts.google.com/o/oauth2/v2/auth');
      provider.searchParams.set('state', state);
      provider.searchParams.set('redirect_uri', `http://${host}/login/oauth2/code/${start[1]}`);
      res.writeHead(302, { location: provider.toString(), 'set-cookie': newSession({ state }) }).end();
      return;
    }
    if (/^\/login\/oauth2\/code\/\w+$/.test(url.pathname)) {
      const session = sid ? sessions.get(sid) : undefined;
      if (!session?.state || session.state !== url.searchParams.get('state') || url.searchParams.has('error')) {
        res.writeHead(302, { location: `http://${host}/login?error` }).end();
        return;
      }
      if (sid) sessions.delete(sid);
      res.writeHead(302, { location: 'http://localhost:3000', 'set-cookie': newSession({ user: '1234567890' }) }).end();
      return;
    }
    if (url.pathname === '/api/users/check-session') {
      const user = sid ? sessions.get(sid)?.user : undefined;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(user ? { loggedIn: true, userId: user, username: user, userName: user } : { loggedIn: false }));
      return;
    }
    res.writeHead(302, { location: `http://${host}/login` }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hosts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let spring: Awaited<ReturnType<typeof startSpringOAuth>>;
let bff: TestBff;

beforeAll(async () => {
  spring = await startSpringOAuth();
  bff = await startTestBff(spring.url, {
    UPSTREAM_KIND: 'legacy',
    SOCIAL_PROVIDERS: 'google,kakao',
    PUBLIC_ORIGIN: 'https://www.pawbridge.example',
  });
});

afterAll(async () => {
  await bff.close();
  await spring.close();
});

describe('social login through the BFF in front of the legacy Spring service', () => {
  it('forwards the public host, so Spring builds its redirect URI on the public origin', async () => {
    const client = createClient(bff.url);
    const start = await client.get('/oauth2/authorization/google');
    expect(start.status).toBe(302);
    const atProvider = new URL(start.headers.get('location') ?? '');
    expect(atProvider.host).toBe('accounts.google.com');
    expect(atProvider.searchParams.get('redirect_uri')).toBe('http://www.pawbridge.example/login/oauth2/code/google');
    expect(spring.hosts.at(-1)).toBe('www.pawbridge.example');
    // Spring's session cookie comes back under the BFF's attributes.
    expect(start.setCookies.find((c) => c.startsWith('JSESSIONID='))).toMatch(/SameSite=Lax/);
  });

  it("rewrites Spring's success redirect to http://localhost:3000 into the web app's /?socialLogin=success", async () => {
    const client = createClient(bff.url);
    const start = await client.get('/oauth2/authorization/kakao');
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const firstSession = client.cookies.get('JSESSIONID');
    const done = await client.get(`/login/oauth2/code/kakao?code=abc&state=${state}`);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('https://www.pawbridge.example/?socialLogin=success');
    expect(client.cookies.get('JSESSIONID')).not.toBe(firstSession);
    expect((await client.get('/api/users/check-session')).body).toMatchObject({ loggedIn: true, userId: '1234567890' });
  });

  it("turns Spring's bare /login?error into a coded failure on the web app", async () => {
    const client = createClient(bff.url);
    await client.get('/oauth2/authorization/google');
    const done = await client.get('/login/oauth2/code/google?error=access_denied&state=whatever');
    expect(done.headers.get('location')).toBe('https://www.pawbridge.example/login?error=SOCIAL_LOGIN_FAILED');
  });

  it('refuses a provider the operator did not list, without asking Spring', async () => {
    const asked = spring.hosts.length;
    const res = await createClient(bff.url).get('/oauth2/authorization/naver');
    expect(res.headers.get('location')).toBe('https://www.pawbridge.example/login?error=SOCIAL_LOGIN_UNSUPPORTED');
    expect(spring.hosts.length).toBe(asked);
  });
});
