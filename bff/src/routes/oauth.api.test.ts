import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '@pawbridge/api/testing';
import { OAuthStandin } from '@pawbridge/api/testing/oauth-standin';
import { createClient, startTestBff, type TestBff, type TestClient } from '../testing/test-bff';

/** The api's PUBLIC_ORIGIN; the "browser" below swaps it for the BFF's address, as DNS would. */
const ORIGIN = 'http://app.pawbridge.test';

let standin: OAuthStandin;
let api: TestApi;
let bff: TestBff;

beforeAll(async () => {
  standin = await OAuthStandin.start();
  api = await startTestApi({ ...standin.env(), PUBLIC_ORIGIN: ORIGIN });
  bff = await startTestBff(api.url);
});

afterAll(async () => {
  await bff.close();
  await api.close();
  await standin.close();
});

/** start at the BFF → the stand-in → the callback at the BFF; the final response. */
async function roundTrip(client: TestClient, provider: string) {
  const start = await client.get(`/oauth2/authorization/${provider}`);
  expect(start.status).toBe(302);
  const atProvider = start.headers.get('location') ?? '';
  expect(atProvider.startsWith(standin.url)).toBe(true);
  const back = await fetch(atProvider, { redirect: 'manual' });
  const callback = back.headers.get('location') ?? '';
  expect(callback.startsWith(`${ORIGIN}/login/oauth2/code/${provider}?`)).toBe(true);
  return { start, done: await client.get(callback.slice(ORIGIN.length)) };
}

describe('social login through the BFF in front of our api', () => {
  it('/api/config offers what the api announces when SOCIAL_PROVIDERS is unset', async () => {
    const res = await createClient(bff.url).get('/api/config');
    expect(res.body.socialProviders).toEqual(['google', 'kakao', 'naver']);
  });

  it('a round trip lands on /?socialLogin=success logged in as a social member; cookies carry the BFF attributes', async () => {
    standin.setPerson('kakao', { id: '8080', email: 'bff.kakao@example.com', name: '카카오 보호자' });
    const client = createClient(bff.url);
    const { start, done } = await roundTrip(client, 'kakao');
    const flowCookie = start.setCookies.find((c) => c.startsWith('OAUTH2_FLOW='));
    expect(flowCookie).toMatch(/Path=\/login\/oauth2\/code/);
    expect(flowCookie).toMatch(/HttpOnly/);
    expect(flowCookie).toMatch(/SameSite=Lax/);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/?socialLogin=success');
    expect(done.setCookies.find((c) => c.startsWith('JSESSIONID='))).toMatch(/SameSite=Lax/);
    expect(client.cookies.has('OAUTH2_FLOW')).toBe(false);
    const session = await client.get('/api/users/check-session');
    expect(session.body).toMatchObject({
      loggedIn: true,
      userId: 'kakao_8080',
      provider: 'kakao',
      socialId: '8080',
      isSocialLogin: true,
      displayName: '카카오 보호자',
      isAdmin: false,
    });
  });

  it('a denial lands on /login?error=SOCIAL_LOGIN_DENIED without a session', async () => {
    standin.failNext('google', 'deny');
    const client = createClient(bff.url);
    const { done } = await roundTrip(client, 'google');
    expect(done.headers.get('location')).toBe('/login?error=SOCIAL_LOGIN_DENIED');
    expect(client.cookies.has('JSESSIONID')).toBe(false);
  });

  it('an unknown provider is refused with the unsupported code before anything goes upstream', async () => {
    const client = createClient(bff.url);
    const before = standin.requests.length;
    for (const path of ['/oauth2/authorization/github', '/login/oauth2/code/github?code=x&state=y']) {
      const res = await client.get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/login?error=SOCIAL_LOGIN_UNSUPPORTED');
    }
    expect(standin.requests.length).toBe(before);
  });

  it('SOCIAL_PROVIDERS narrows what is offered and started; PUBLIC_ORIGIN makes the landings absolute', async () => {
    const narrow = await startTestBff(api.url, { SOCIAL_PROVIDERS: 'naver', PUBLIC_ORIGIN: 'https://www.pawbridge.example' });
    try {
      const client = createClient(narrow.url);
      expect((await client.get('/api/config')).body.socialProviders).toEqual(['naver']);
      const refused = await client.get('/oauth2/authorization/google');
      expect(refused.headers.get('location')).toBe('https://www.pawbridge.example/login?error=SOCIAL_LOGIN_UNSUPPORTED');
    } finally {
      await narrow.close();
    }
  });

  it('an unreachable upstream lands on /login?error=SOCIAL_LOGIN_FAILED (a redirect, not a JSON page)', async () => {
    const down = await startTestBff('http://127.0.0.1:9', { SOCIAL_PROVIDERS: 'google' });
    try {
      const res = await createClient(down.url).get('/oauth2/authorization/google');
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/login?error=SOCIAL_LOGIN_FAILED');
    } finally {
      await down.close();
    }
  });
});
