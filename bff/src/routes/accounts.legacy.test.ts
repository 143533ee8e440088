import { beforeEach, describe, expect, it } from 'vitest';
import { createClient, startTestBff } from '../testing/test-bff';
import { expectEnvelope, sessionCookie } from '../testing/expect-envelope';
import type { FakeSpring } from '../testing/fake-spring/index';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';

// Every account route against the legacy wire behaviour (the fake Spring).
const stack = useBffOnFakeSpring();
beforeEach(() => {
  stack.spring.state.requests.length = 0;
  stack.spring.state.overrides.clear();
  stack.spring.state.logoutCharset = 'latin1';
});

let seq = 0;
const uniqueId = (prefix: string) => `${prefix}${Date.now().toString(36)}${seq++}`;

function addUser(overrides: Partial<Parameters<FakeSpring['state']['addUser']>[0]> = {}) {
  const userId = overrides.userId ?? uniqueId('user');
  return stack.spring.state.addUser({
    password: 'secret123',
    name: '김민지',
    email: `${userId}@example.com`,
    birth: '1990-04-01',
    phoneNm: '010-1234-5678',
    ...overrides,
    userId,
  });
}

describe('GET /api/users/check-session', () => {
  it('answers logged out without asking the upstream when there is no cookie', async () => {
    const res = await createClient(stack.bff.url).get('/api/users/check-session');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ loggedIn: false });
    expect(stack.spring.state.calls('/api/users/check-session')).toHaveLength(0);
  });

  it('normalises the reduced map of a social login without a local user', async () => {
    const client = createClient(stack.bff.url);
    client.cookies.set('JSESSIONID', stack.spring.state.createSession('3141592653'));
    const res = await client.get('/api/users/check-session');
    expect(res.body).toMatchObject({
      loggedIn: true,
      userId: '3141592653',
      username: '3141592653',
      name: null,
      displayName: '3141592653',
      isAdmin: false,
      role: 'USER',
    });
  });

  it('reports role ADMIN as isAdmin', async () => {
    const admin = addUser({ role: 'ADMIN', name: '관리자' });
    const client = createClient(stack.bff.url);
    client.cookies.set('JSESSIONID', stack.spring.state.createSession(admin.userId));
    const res = await client.get('/api/users/check-session');
    expect(res.body).toMatchObject({ loggedIn: true, userId: admin.userId, isAdmin: true, role: 'ADMIN', displayName: '관리자' });
  });

  it('treats an expired upstream session as logged out and clears the stale cookie', async () => {
    const client = createClient(stack.bff.url);
    client.cookies.set('JSESSIONID', 'EXPIRED0000');
    const res = await client.get('/api/users/check-session');
    expect(res.body).toEqual({ loggedIn: false });
    expect(sessionCookie(res)).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(client.cookies.has('JSESSIONID')).toBe(false);
  });

  it('treats a 302 to /login as logged out', async () => {
    stack.spring.state.override('GET /api/users/check-session', (req, reply) =>
      reply.code(302).header('location', `http://${req.host}/login`).send(),
    );
    const client = createClient(stack.bff.url);
    client.cookies.set('JSESSIONID', 'ANY');
    expect((await client.get('/api/users/check-session')).body).toEqual({ loggedIn: false });
  });

  it('answers 502 (not "logged out") when the upstream fails for a caller with a cookie', async () => {
    stack.spring.state.override('GET /api/users/check-session', (_req, reply) =>
      reply.code(500).send({ status: 500, error: 'Internal Server Error' }),
    );
    const client = createClient(stack.bff.url);
    client.cookies.set('JSESSIONID', 'ANY');
    expectEnvelope(await client.get('/api/users/check-session'), 502, 'UPSTREAM_UNAVAILABLE');
  });
});

describe('POST /api/users/login', () => {
  it('logs in, relays a fresh session cookie of our own and answers the session', async () => {
    const user = addUser();
    const client = createClient(stack.bff.url);
    const res = await client.post('/api/users/login', { userId: user.userId, password: 'secret123' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      loggedIn: true,
      userId: user.userId,
      username: user.userId,
      name: '김민지',
      // The legacy keeps no nicknames (decision 0035).
      nickname: null,
      displayName: '김민지',
      email: user.email,
      role: 'USER',
      isAdmin: false,
      provider: null,
      socialId: null,
      isSocialLogin: false,
      birth: '1990-04-01',
      phoneNm: '010-1234-5678',
      firstLogin: null,
    });
    const cookie = sessionCookie(res) ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure|Domain/);
    expect(res.setCookies).toHaveLength(1);
    const sid = client.cookies.get('JSESSIONID') ?? '';
    expect(stack.spring.state.sessions.get(sid)?.principal).toBe(user.userId);
    // The login itself went without any browser session; the check used the new one.
    expect(stack.spring.state.calls('/api/users/login')[0]?.headers.cookie).toBeUndefined();
    expect(stack.spring.state.calls('/api/users/check-session')[0]?.headers.cookie).toBe(`JSESSIONID=${sid}`);
    expect((await client.get('/api/users/check-session')).body).toMatchObject({ loggedIn: true, userId: user.userId });
  });

  it('never reuses the pre-login session id and ends the old session', async () => {
    const user = addUser();
    const client = createClient(stack.bff.url);
    const planted = stack.spring.state.createSession(null);
    client.cookies.set('JSESSIONID', planted);
    const res = await client.post('/api/users/login', { userId: user.userId, password: 'secret123' });
    expect(res.status).toBe(200);
    expect(client.cookies.get('JSESSIONID')).not.toBe(planted);
    expect(stack.spring.state.sessions.has(planted)).toBe(false);
  });

  it('answers Secure cookies when the request came over https through a trusted proxy', async () => {
    const proxied = await startTestBff(stack.spring.url, { TRUST_PROXY: 'true' });
    try {
      const user = addUser();
      const res = await createClient(proxied.url).post(
        '/api/users/login',
        { userId: user.userId, password: 'secret123' },
        { headers: { 'x-forwarded-proto': 'https', origin: 'https' + proxied.url.slice(4) } },
      );
      expect(res.status).toBe(200);
      expect(sessionCookie(res)).toMatch(/Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('relays only the session id: no other upstream cookie, none of its attributes', async () => {
    const user = addUser();
    stack.spring.state.override('POST /api/users/login', (_req, reply) => {
      const sid = stack.spring.state.createSession(user.userId);
      return reply
        .header('set-cookie', [`JSESSIONID=${sid}; Path=/legacy; Domain=pawnder.site; Max-Age=99999`, 'tracker=abc; Path=/'])
        .type('application/json')
        .send('로그인 성공!');
    });
    const client = createClient(stack.bff.url);
    const res = await client.post('/api/users/login', { userId: user.userId, password: 'secret123' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.setCookies).toHaveLength(1);
    expect(sessionCookie(res)).toMatch(/^JSESSIONID=[0-9A-F]{32}; Path=\/; HttpOnly; SameSite=Lax$/);
    expect([...client.cookies.keys()]).toEqual(['JSESSIONID']);
  });

  it('answers 401 INVALID_CREDENTIALS for a wrong password and sets no cookie', async () => {
    const user = addUser();
    const res = await createClient(stack.bff.url).post('/api/users/login', { userId: user.userId, password: 'wrong-password' });
    expectEnvelope(res, 401, 'INVALID_CREDENTIALS');
    expect(res.body.error.message).toBe('아이디 또는 비밀번호가 올바르지 않습니다.');
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('maps a 302 and a 401 from the upstream to INVALID_CREDENTIALS', async () => {
    stack.spring.state.override('POST /api/users/login', (req, reply) =>
      reply.code(302).header('location', `http://${req.host}/login`).send(),
    );
    expectEnvelope(
      await createClient(stack.bff.url).post('/api/users/login', { userId: 'someone', password: 'x' }),
      401,
      'INVALID_CREDENTIALS',
    );
    stack.spring.state.override('POST /api/users/login', (_req, reply) => reply.code(401).send('no'));
    expectEnvelope(
      await createClient(stack.bff.url).post('/api/users/login', { userId: 'someone', password: 'x' }),
      401,
      'INVALID_CREDENTIALS',
    );
  });

  it('rejects empty fields with field errors and forwards nothing', async () => {
    const res = await createClient(stack.bff.url).post('/api/users/login', { userId: '  ', password: '' });
    expectEnvelope(res, 400, 'VALIDATION_FAILED');
    expect(res.body.error.fieldErrors).toEqual({ userId: '아이디를 입력해 주세요.', password: '비밀번호를 입력해 주세요.' });
    expect(stack.spring.state.requests).toHaveLength(0);
  });

  it('answers 502 when the upstream fails', async () => {
    stack.spring.state.override('POST /api/users/login', (_req, reply) => reply.code(500).send({ status: 500 }));
    expectEnvelope(
      await createClient(stack.bff.url).post('/api/users/login', { userId: 'someone', password: 'x' }),
      502,
      'UPSTREAM_UNAVAILABLE',
    );
  });
});

describe('POST /api/users/logout', () => {
  for (const charset of ['latin1', 'utf8'] as const) {
    it(`ends the upstream session and clears the cookie (logout body in ${charset})`, async () => {
      stack.spring.state.logoutCharset = charset;
      const user = addUser();
      const client = createClient(stack.bff.url);
      await client.post('/api/users/login', { userId: user.userId, password: 'secret123' });
      const sid = client.cookies.get('JSESSIONID') ?? '';
      const res = await client.post('/api/users/logout');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true, message: '로그아웃되었습니다.' });
      expect(sessionCookie(res)).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect(client.cookies.has('JSESSIONID')).toBe(false);
      expect(stack.spring.state.sessions.has(sid)).toBe(false);
      expect((await client.get('/api/users/check-session')).body).toEqual({ loggedIn: false });
    });
  }

  it('answers ok for a visitor without a session', async () => {
    const res = await createClient(stack.bff.url).post('/api/users/logout');
    expect(res.body).toEqual({ ok: true, message: '로그아웃되었습니다.' });
  });
});
