import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSpring, type FakeSpring } from './index';
import { brokerMatches } from './realtime';

// The fake must keep the legacy's wire quirks, or the BFF tests prove nothing.
let spring: FakeSpring;
beforeAll(async () => {
  spring = await startFakeSpring();
  spring.state.addUser({ userId: 'legacy1', password: 'pw123456', name: '최유진', email: 'legacy1@example.com', role: 'USER' });
});
afterAll(() => spring.close());

const call = (method: string, path: string, init: { cookie?: string; json?: unknown; accept?: string } = {}) =>
  fetch(spring.url + path, {
    method,
    redirect: 'manual',
    headers: {
      accept: init.accept ?? 'application/json, text/plain, */*',
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });

describe('fake Spring wire format', () => {
  it('labels plain-text answers application/json when JSON is accepted, text/plain otherwise', async () => {
    const json = await call('POST', '/api/users/login', { json: { userId: 'legacy1', password: 'pw123456' } });
    expect(json.headers.get('content-type')).toBe('application/json');
    expect(await json.text()).toBe('로그인 성공!');
    const plain = await call('POST', '/api/users/login', { json: { userId: 'legacy1', password: 'nope' }, accept: '*/*' });
    expect(plain.status).toBe(400);
    expect(plain.headers.get('content-type')).toBe('text/plain;charset=UTF-8');
    expect(await plain.text()).toBe('아이디 또는 비밀번호가 올바르지 않습니다.');
  });

  it('sets JSESSIONID without SameSite and keeps the same id across a login (no rotation)', async () => {
    const first = await call('POST', '/api/users/login', { json: { userId: 'legacy1', password: 'pw123456' } });
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^JSESSIONID=[0-9A-F]{32}; Path=\/; HttpOnly$/);
    const sid = cookie.split(';')[0] ?? '';
    const again = await call('POST', '/api/users/login', { json: { userId: 'legacy1', password: 'pw123456' }, cookie: sid });
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await (await call('GET', '/api/users/check-session', { cookie: sid })).json()).toMatchObject({
      loggedIn: true,
      userName: 'legacy1',
      name: '최유진',
    });
  });

  it('answers anonymous errors with 302 → /login and authenticated ones with Boot JSON', async () => {
    const anonymous = await call('POST', '/api/users/verify-email?code=999999');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/login$/);
    const sid = `JSESSIONID=${spring.state.createSession('legacy1')}`;
    const authenticated = await call('POST', '/api/users/verify-email?code=999999', { cookie: sid });
    expect(authenticated.status).toBe(500);
    expect(await authenticated.json()).toMatchObject({ status: 500, error: 'Internal Server Error', path: '/api/users/verify-email' });
  });

  it("writes logout's literal body with '?' for the Korean characters", async () => {
    const res = await call('POST', '/api/users/logout');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.text()).toBe('{"success": true, "message": "???? ??"}');
  });

  it('answers the reduced map for a principal without a local user', async () => {
    const sid = `JSESSIONID=${spring.state.createSession('naver-77')}`;
    expect(await (await call('GET', '/api/users/check-session', { cookie: sid })).json()).toEqual({
      loggedIn: true,
      userId: 'naver-77',
      username: 'naver-77',
      userName: 'naver-77',
    });
  });
});

describe('the fake broker matches subscriptions as Spring’s simple broker does (AntPathMatcher)', () => {
  it('a subscription with *, ? or {…} is a pattern; anything else is literal', () => {
    expect(brokerMatches('/topic/user/a*/community/comment', '/topic/user/abc/community/comment')).toBe(true);
    expect(brokerMatches('/topic/user/a*/community/comment', '/topic/user/a*/community/comment')).toBe(true);
    expect(brokerMatches('/topic/user/a?c/adoption', '/topic/user/abc/adoption')).toBe(true);
    expect(brokerMatches('/topic/user/a?c/adoption', '/topic/user/abbc/adoption')).toBe(false);
    expect(brokerMatches('/topic/user/{id}/adoption', '/topic/user/anyone/adoption')).toBe(true);
    expect(brokerMatches('/topic/**', '/topic/user/x/community/like')).toBe(true);
    expect(brokerMatches('/topic/user/a*', '/topic/user/a/b')).toBe(false);
    expect(brokerMatches('/topic/user/a.b/adoption', '/topic/user/aXb/adoption')).toBe(false);
  });
});
