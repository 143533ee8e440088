import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { call, sessionCookie, signUpVerified } from '../../testing/fixtures';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  expect((await signUpVerified(api, { userId: 'walker', email: 'walker@example.com', password: 'walk-the-dog' })).status).toBe(200);
  await api.ctx.db
    .insertInto('users')
    .values({
      userId: '1234567890',
      name: '카카오 회원',
      email: 'kakao@example.com',
      passwordHash: null,
      birth: null,
      phoneNm: null,
      role: 'USER',
      provider: 'kakao',
      socialId: '1234567890',
    })
    .execute();
});
afterAll(async () => {
  await api.close();
});

const login = (userId: unknown, password: unknown, cookie?: string) =>
  call(api, 'POST', '/api/users/login', { json: { userId, password }, ...(cookie ? { cookie } : {}) });
const checkSession = async (cookie?: string) =>
  JSON.parse((await call(api, 'GET', '/api/users/check-session', cookie ? { cookie } : {})).text) as Record<string, unknown>;

describe('POST /api/users/login', () => {
  it('logs in with the right password and sets an HttpOnly, SameSite=Lax JSESSIONID', async () => {
    const res = await login('walker', 'walk-the-dog');
    expect(res).toMatchObject({ status: 200, text: '로그인 성공!' });
    const [setCookie] = res.headers.getSetCookie();
    expect(setCookie).toMatch(/^JSESSIONID=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it('matches the login id regardless of case', async () => {
    expect((await login('WALKER', 'walk-the-dog')).status).toBe(200);
  });

  it.each([
    ['wrong password', 'walker', 'walk-the-cat'],
    ['unknown user', 'nobody', 'walk-the-dog'],
    ['blank id', '', 'walk-the-dog'],
    ['blank password', 'walker', ''],
    ['missing fields', undefined, undefined],
    ['non-string fields', 42, ['x']],
    ['social account without a password', '1234567890', 'anything'],
  ])('answers the one legacy 400 sentence for %s, without a cookie', async (_case, userId, password) => {
    const res = await login(userId, password);
    expect(res).toMatchObject({ status: 400, text: '아이디 또는 비밀번호가 올바르지 않습니다.' });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('rotates the session id: the cookie from before login stops working', async () => {
    const first = sessionCookie(await login('walker', 'walk-the-dog'));
    expect((await checkSession(first)).loggedIn).toBe(true);
    const second = sessionCookie(await login('walker', 'walk-the-dog', first));
    expect(second).not.toBe(first);
    expect(await checkSession(first)).toEqual({ loggedIn: false });
    expect((await checkSession(second)).loggedIn).toBe(true);
  });

  it('ignores a planted session id: login issues a new one', async () => {
    const planted = 'JSESSIONID=attacker-chosen-id';
    const issued = sessionCookie(await login('walker', 'walk-the-dog', planted));
    expect(issued).not.toBe(planted);
    expect(await checkSession(planted)).toEqual({ loggedIn: false });
  });
});

describe('GET /api/users/check-session', () => {
  it('answers {loggedIn:false} without a session, uncached', async () => {
    const res = await call(api, 'GET', '/api/users/check-session');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ loggedIn: false });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await checkSession('JSESSIONID=garbage')).toEqual({ loggedIn: false });
  });

  it('answers the legacy shape (userName/username = login id) plus provider and socialId', async () => {
    const cookie = sessionCookie(await login('walker', 'walk-the-dog'));
    expect(await checkSession(cookie)).toEqual({
      loggedIn: true,
      userId: 'walker',
      username: 'walker',
      userName: 'walker',
      name: '김포브',
      nickname: '김포브',
      email: 'walker@example.com',
      birth: '1994-03-15',
      phoneNm: '010-2345-6789',
      role: 'USER',
      provider: null,
      socialId: null,
      firstLogin: false,
    });
  });

  it('says firstLogin until the member logs in a second time', async () => {
    expect((await signUpVerified(api, { userId: 'newcomer', email: 'newcomer@example.com', password: 'first-steps' })).status).toBe(200);
    const first = sessionCookie(await login('newcomer', 'first-steps'));
    expect(await checkSession(first)).toMatchObject({ loggedIn: true, firstLogin: true });
    // Still the first visit on a later check of the same session.
    expect(await checkSession(first)).toMatchObject({ firstLogin: true });
    const second = sessionCookie(await login('newcomer', 'first-steps'));
    expect(await checkSession(second)).toMatchObject({ firstLogin: false });
  });

  it('reads the role from the database on every call', async () => {
    const cookie = sessionCookie(await login('walker', 'walk-the-dog'));
    await api.ctx.db.updateTable('users').set({ role: 'ADMIN' }).where('userId', '=', 'walker').execute();
    expect((await checkSession(cookie)).role).toBe('ADMIN');
    await api.ctx.db.updateTable('users').set({ role: 'USER' }).where('userId', '=', 'walker').execute();
    expect((await checkSession(cookie)).role).toBe('USER');
  });

  it('shows provider and socialId for a social account', async () => {
    const pk = (await api.ctx.db.selectFrom('users').select('id').where('userId', '=', '1234567890').executeTakeFirstOrThrow()).id;
    const sid = await api.ctx.sessions.create(pk);
    expect(await checkSession(`JSESSIONID=${sid}`)).toMatchObject({
      loggedIn: true,
      userId: '1234567890',
      provider: 'kakao',
      socialId: '1234567890',
      birth: null,
      phoneNm: null,
    });
  });
});

describe('/api/users/logout', () => {
  it.each(['GET', 'POST', 'PUT', 'DELETE'])('%s destroys the session, clears the cookie and answers the legacy JSON', async (method) => {
    const cookie = sessionCookie(await login('walker', 'walk-the-dog'));
    const res = await call(api, method, '/api/users/logout', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(JSON.parse(res.text)).toEqual({ success: true, message: '로그아웃 완료' });
    expect(res.headers.getSetCookie().join()).toMatch(/JSESSIONID=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    expect(await checkSession(cookie)).toEqual({ loggedIn: false });
  });

  it('answers 200 for an anonymous caller too', async () => {
    const res = await call(api, 'POST', '/api/users/logout');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ success: true, message: '로그아웃 완료' });
  });

  it('ends only that session: another login of the same user stays valid', async () => {
    const a = sessionCookie(await login('walker', 'walk-the-dog'));
    const b = sessionCookie(await login('walker', 'walk-the-dog'));
    await call(api, 'POST', '/api/users/logout', { cookie: a });
    expect((await checkSession(b)).loggedIn).toBe(true);
  });
});
