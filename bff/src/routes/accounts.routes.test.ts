import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSpring, type FakeSpring } from '../testing/fake-spring/index';
import { createClient, startTestBff, type TestBff, type TestResponse } from '../testing/test-bff';

// Every account route against the legacy wire behaviour (the fake Spring).
let spring: FakeSpring;
let bff: TestBff;

beforeAll(async () => {
  spring = await startFakeSpring();
  bff = await startTestBff(spring.url);
});
afterAll(async () => {
  await bff.close();
  await spring.close();
});
beforeEach(() => {
  spring.state.requests.length = 0;
  spring.state.overrides.clear();
  spring.state.logoutCharset = 'latin1';
});

let seq = 0;
const uniqueId = (prefix: string) => `${prefix}${Date.now().toString(36)}${seq++}`;

function addUser(overrides: Partial<Parameters<FakeSpring['state']['addUser']>[0]> = {}) {
  const userId = overrides.userId ?? uniqueId('user');
  return spring.state.addUser({ password: 'secret123', name: '김민지', email: `${userId}@example.com`, birth: '1990-04-01', phoneNm: '010-1234-5678', ...overrides, userId });
}

const sessionCookie = (res: TestResponse) => res.setCookies.find((c) => c.startsWith('JSESSIONID='));

function expectEnvelope(res: TestResponse, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));
}

describe('GET /api/users/check-session', () => {
  it('answers logged out without asking the upstream when there is no cookie', async () => {
    const res = await createClient(bff.url).get('/api/users/check-session');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ loggedIn: false });
    expect(spring.state.calls('/api/users/check-session')).toHaveLength(0);
  });

  it('normalises the reduced map of a social login without a local user', async () => {
    const client = createClient(bff.url);
    client.cookies.set('JSESSIONID', spring.state.createSession('3141592653'));
    const res = await client.get('/api/users/check-session');
    expect(res.body).toMatchObject({ loggedIn: true, userId: '3141592653', username: '3141592653', name: null, displayName: '3141592653', isAdmin: false, role: 'USER' });
  });

  it('reports role ADMIN as isAdmin', async () => {
    const admin = addUser({ role: 'ADMIN', name: '관리자' });
    const client = createClient(bff.url);
    client.cookies.set('JSESSIONID', spring.state.createSession(admin.userId));
    const res = await client.get('/api/users/check-session');
    expect(res.body).toMatchObject({ loggedIn: true, userId: admin.userId, isAdmin: true, role: 'ADMIN', displayName: '관리자' });
  });

  it('treats an expired upstream session as logged out and clears the stale cookie', async () => {
    const client = createClient(bff.url);
    client.cookies.set('JSESSIONID', 'EXPIRED0000');
    const res = await client.get('/api/users/check-session');
    expect(res.body).toEqual({ loggedIn: false });
    expect(sessionCookie(res)).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(client.cookies.has('JSESSIONID')).toBe(false);
  });

  it('treats a 302 to /login as logged out', async () => {
    spring.state.override('GET /api/users/check-session', (req, reply) => reply.code(302).header('location', `http://${req.host}/login`).send());
    const client = createClient(bff.url);
    client.cookies.set('JSESSIONID', 'ANY');
    expect((await client.get('/api/users/check-session')).body).toEqual({ loggedIn: false });
  });

  it('answers 502 (not "logged out") when the upstream fails for a caller with a cookie', async () => {
    spring.state.override('GET /api/users/check-session', (_req, reply) => reply.code(500).send({ status: 500, error: 'Internal Server Error' }));
    const client = createClient(bff.url);
    client.cookies.set('JSESSIONID', 'ANY');
    expectEnvelope(await client.get('/api/users/check-session'), 502, 'UPSTREAM_UNAVAILABLE');
  });
});

describe('POST /api/users/login', () => {
  it('logs in, relays a fresh session cookie of our own and answers the session', async () => {
    const user = addUser();
    const client = createClient(bff.url);
    const res = await client.post('/api/users/login', { userId: user.userId, password: 'secret123' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      loggedIn: true,
      userId: user.userId,
      username: user.userId,
      name: '김민지',
      displayName: '김민지',
      email: user.email,
      role: 'USER',
      isAdmin: false,
      provider: null,
      socialId: null,
      isSocialLogin: false,
      birth: '1990-04-01',
      phoneNm: '010-1234-5678',
    });
    const cookie = sessionCookie(res) ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure|Domain/);
    expect(res.setCookies).toHaveLength(1);
    const sid = client.cookies.get('JSESSIONID') ?? '';
    expect(spring.state.sessions.get(sid)?.principal).toBe(user.userId);
    // The login itself went without any browser session; the check used the new one.
    expect(spring.state.calls('/api/users/login')[0]?.headers.cookie).toBeUndefined();
    expect(spring.state.calls('/api/users/check-session')[0]?.headers.cookie).toBe(`JSESSIONID=${sid}`);
    expect((await client.get('/api/users/check-session')).body).toMatchObject({ loggedIn: true, userId: user.userId });
  });

  it('never reuses the pre-login session id and ends the old session', async () => {
    const user = addUser();
    const client = createClient(bff.url);
    const planted = spring.state.createSession(null);
    client.cookies.set('JSESSIONID', planted);
    const res = await client.post('/api/users/login', { userId: user.userId, password: 'secret123' });
    expect(res.status).toBe(200);
    expect(client.cookies.get('JSESSIONID')).not.toBe(planted);
    expect(spring.state.sessions.has(planted)).toBe(false);
  });

  it('answers Secure cookies when the request came over https through a trusted proxy', async () => {
    const proxied = await startTestBff(spring.url, { TRUST_PROXY: 'true' });
    try {
      const user = addUser();
      const res = await createClient(proxied.url).post('/api/users/login', { userId: user.userId, password: 'secret123' }, { headers: { 'x-forwarded-proto': 'https', origin: 'https' + proxied.url.slice(4) } });
      expect(res.status).toBe(200);
      expect(sessionCookie(res)).toMatch(/Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('relays only the session id: no other upstream cookie, none of its attributes', async () => {
    const user = addUser();
    spring.state.override('POST /api/users/login', (_req, reply) => {
      const sid = spring.state.createSession(user.userId);
      return reply
        .header('set-cookie', [`JSESSIONID=${sid}; Path=/legacy; Domain=pawnder.site; Max-Age=99999`, 'tracker=abc; Path=/'])
        .type('application/json')
        .send('로그인 성공!');
    });
    const client = createClient(bff.url);
    const res = await client.post('/api/users/login', { userId: user.userId, password: 'secret123' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.setCookies).toHaveLength(1);
    expect(sessionCookie(res)).toMatch(/^JSESSIONID=[0-9A-F]{32}; Path=\/; HttpOnly; SameSite=Lax$/);
    expect([...client.cookies.keys()]).toEqual(['JSESSIONID']);
  });

  it('answers 401 INVALID_CREDENTIALS for a wrong password and sets no cookie', async () => {
    const user = addUser();
    const res = await createClient(bff.url).post('/api/users/login', { userId: user.userId, password: 'wrong-password' });
    expectEnvelope(res, 401, 'INVALID_CREDENTIALS');
    expect(res.body.error.message).toBe('아이디 또는 비밀번호가 올바르지 않습니다.');
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('maps a 302 and a 401 from the upstream to INVALID_CREDENTIALS', async () => {
    spring.state.override('POST /api/users/login', (req, reply) => reply.code(302).header('location', `http://${req.host}/login`).send());
    expectEnvelope(await createClient(bff.url).post('/api/users/login', { userId: 'someone', password: 'x' }), 401, 'INVALID_CREDENTIALS');
    spring.state.override('POST /api/users/login', (_req, reply) => reply.code(401).send('no'));
    expectEnvelope(await createClient(bff.url).post('/api/users/login', { userId: 'someone', password: 'x' }), 401, 'INVALID_CREDENTIALS');
  });

  it('rejects empty fields with field errors and forwards nothing', async () => {
    const res = await createClient(bff.url).post('/api/users/login', { userId: '  ', password: '' });
    expectEnvelope(res, 400, 'VALIDATION_FAILED');
    expect(res.body.error.fieldErrors).toEqual({ userId: '아이디를 입력해 주세요.', password: '비밀번호를 입력해 주세요.' });
    expect(spring.state.requests).toHaveLength(0);
  });

  it('answers 502 when the upstream fails', async () => {
    spring.state.override('POST /api/users/login', (_req, reply) => reply.code(500).send({ status: 500 }));
    expectEnvelope(await createClient(bff.url).post('/api/users/login', { userId: 'someone', password: 'x' }), 502, 'UPSTREAM_UNAVAILABLE');
  });
});

describe('POST /api/users/logout', () => {
  for (const charset of ['latin1', 'utf8'] as const) {
    it(`ends the upstream session and clears the cookie (logout body in ${charset})`, async () => {
      spring.state.logoutCharset = charset;
      const user = addUser();
      const client = createClient(bff.url);
      await client.post('/api/users/login', { userId: user.userId, password: 'secret123' });
      const sid = client.cookies.get('JSESSIONID') ?? '';
      const res = await client.post('/api/users/logout');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true, message: '로그아웃되었습니다.' });
      expect(sessionCookie(res)).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect(client.cookies.has('JSESSIONID')).toBe(false);
      expect(spring.state.sessions.has(sid)).toBe(false);
      expect((await client.get('/api/users/check-session')).body).toEqual({ loggedIn: false });
    });
  }

  it('answers ok for a visitor without a session', async () => {
    const res = await createClient(bff.url).post('/api/users/logout');
    expect(res.body).toEqual({ ok: true, message: '로그아웃되었습니다.' });
  });
});

describe('signup and e-mail verification', () => {
  const signup = (userId: string, email: string) => ({ name: '박서준', userId, email, password: 'secret123', birth: '1995-12-24', phoneNm: '010-9876-5432' });

  it('runs send-email → verify → signup against Spring text answers', async () => {
    const client = createClient(bff.url);
    const email = `${uniqueId('new')}@example.com`;
    const sent = await client.post('/api/users/send-email', undefined, { query: { email } });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ ok: true, message: expect.any(String) });
    const code = spring.state.mailbox.find((m) => m.email === email)?.code ?? '';
    const verified = await client.post('/api/users/verify-email', undefined, { query: { code, email } });
    expect(verified.body).toMatchObject({ ok: true });
    const userId = uniqueId('newbie');
    const res = await client.post('/api/users/signup', { ...signup(userId, email), id: 1, role: 'ADMIN' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true });
    // Only the contract's fields travel: never a client-chosen primary key or role.
    expect(spring.state.calls('/api/users/signup')[0]?.body).toEqual(signup(userId, email));
    expect(spring.state.users.find((u) => u.userId === userId)).toMatchObject({ email, role: 'USER' });
  });

  it('rejects bad input with field errors and forwards nothing', async () => {
    const res = await createClient(bff.url).post('/api/users/signup', { name: '', userId: 'ab', email: 'not-an-email', password: '123', birth: '2001-02-30', phoneNm: '12' });
    expectEnvelope(res, 400, 'VALIDATION_FAILED');
    expect(res.body.error.fieldErrors).toEqual({
      name: '이름을 입력해 주세요.',
      userId: '아이디는 4자 이상이어야 합니다.',
      email: '이메일 형식이 올바르지 않습니다.',
      password: '비밀번호는 6자 이상이어야 합니다.',
      birth: '생년월일이 올바르지 않습니다.',
      phoneNm: '전화번호 형식이 올바르지 않습니다. (예: 010-1234-5678)',
    });
    expect(spring.state.requests).toHaveLength(0);
  });

  it("refuses the id 'admin' in any case itself", async () => {
    const res = await createClient(bff.url).post('/api/users/signup', signup('AdMiN', 'someone@example.com'));
    expectEnvelope(res, 409, 'USER_ID_TAKEN');
    expect(res.body.error.fieldErrors.userId).toBe('이미 사용 중인 아이디입니다.');
    expect(spring.state.requests).toHaveLength(0);
  });

  it("turns Spring's redirect (unverified e-mail) into an honest 400", async () => {
    const res = await createClient(bff.url).post('/api/users/signup', signup(uniqueId('late'), 'unverified@example.com'));
    expectEnvelope(res, 400, 'VALIDATION_FAILED');
    expect(res.body.error.message).toContain('이메일 인증');
  });

  it('maps the 409s and 400 of our api by their message', async () => {
    const cases = [
      { status: 409, text: '이미 사용 중인 아이디입니다.', code: 'USER_ID_TAKEN', field: 'userId' },
      { status: 409, text: '이미 가입된 이메일입니다.', code: 'EMAIL_ALREADY_REGISTERED', field: 'email' },
      { status: 400, text: '이메일 인증을 먼저 완료해주세요.', code: 'EMAIL_NOT_VERIFIED', field: 'email' },
    ];
    for (const c of cases) {
      spring.state.override('POST /api/users/signup', (_req, reply) => reply.code(c.status).type('text/plain; charset=utf-8').send(c.text));
      const res = await createClient(bff.url).post('/api/users/signup', signup(uniqueId('dup'), 'dup@example.com'));
      expectEnvelope(res, c.status, c.code);
      expect(Object.keys(res.body.error.fieldErrors)).toEqual([c.field]);
    }
  });

  it('sends no session cookie with signup and e-mail calls', async () => {
    const client = createClient(bff.url);
    client.cookies.set('JSESSIONID', spring.state.createSession(addUser().userId));
    await client.post('/api/users/send-email', undefined, { query: { email: `${uniqueId('c')}@example.com` } });
    expect(spring.state.calls('/api/users/send-email')[0]?.headers.cookie).toBeUndefined();
  });

  it('send-email: 400 for a malformed address (nothing forwarded), 400 for a registered one behind a redirect, 409 from our api', async () => {
    const client = createClient(bff.url);
    const bad = await client.post('/api/users/send-email', undefined, { query: { email: 'nope' } });
    expectEnvelope(bad, 400, 'VALIDATION_FAILED');
    expect(bad.body.error.fieldErrors.email).toBe('이메일 형식이 올바르지 않습니다.');
    expect(spring.state.requests).toHaveLength(0);

    const existing = addUser();
    const registered = await client.post('/api/users/send-email', undefined, { query: { email: existing.email ?? '' } });
    expectEnvelope(registered, 400, 'VALIDATION_FAILED');
    expect(registered.body.error.fieldErrors.email).toContain('이미 가입된');

    spring.state.override('POST /api/users/send-email', (_req, reply) => reply.code(409).send('이미 가입된 이메일입니다.'));
    expectEnvelope(await client.post('/api/users/send-email', undefined, { query: { email: 'x@example.com' } }), 409, 'EMAIL_ALREADY_REGISTERED');
  });

  it('verify-email: a wrong code is 400 INVALID_CODE, a malformed one never leaves the BFF', async () => {
    const client = createClient(bff.url);
    const wrong = await client.post('/api/users/verify-email', undefined, { query: { code: '000000', email: 'a@example.com' } });
    expectEnvelope(wrong, 400, 'INVALID_CODE');
    expect(wrong.body.error.fieldErrors).toEqual({ code: '인증 코드가 올바르지 않습니다.' });
    spring.state.requests.length = 0;
    const malformed = await client.post('/api/users/verify-email', undefined, { query: { code: '12ab' } });
    expectEnvelope(malformed, 400, 'VALIDATION_FAILED');
    expect(malformed.body.error.fieldErrors.code).toBe('인증 코드는 숫자 6자리입니다.');
    expect(spring.state.requests).toHaveLength(0);
  });
});
