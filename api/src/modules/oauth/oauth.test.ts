import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocialProvider } from '@pawbridge/shared';
import { OAuthStandin } from '../../integrations/oauth/testing/oauth-standin';
import { startTestApi, type TestApi } from '../../testing/test-api';

const ORIGIN = 'http://app.pawbridge.test';

let standin: OAuthStandin;
let api: TestApi;

beforeAll(async () => {
  standin = await OAuthStandin.start();
  api = await startTestApi({ ...standin.env(), PUBLIC_ORIGIN: ORIGIN });
});

afterAll(async () => {
  await api.close();
  await standin.close();
});

const cookieValue = (headers: Headers, name: string): string | undefined =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/** Our public origin → the api (the BFF does this in real life). */
const toApi = (location: string) => api.url + location.slice(ORIGIN.length);

interface Round {
  /** Where the callback sent the browser. */
  landing: string;
  session: string | undefined;
}

/** The browser's trip: start → provider → callback (with `tamper` changing the callback URL first). */
async function socialLogin(
  provider: string,
  opts: { cookie?: string; tamper?: (callback: URL) => void; dropFlowCookie?: boolean } = {},
): Promise<Round> {
  const start = await fetch(`${api.url}/oauth2/authorization/${provider}`, {
    redirect: 'manual',
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });
  expect(start.status).toBe(302);
  const flow = cookieValue(start.headers, 'OAUTH2_FLOW');
  const atProvider = start.headers.get('location') ?? '';
  if (!atProvider.startsWith(standin.url)) return { landing: atProvider, session: undefined };
  const back = await fetch(atProvider, { redirect: 'manual' });
  const callback = new URL(back.headers.get('location') ?? '');
  expect(callback.origin + callback.pathname).toBe(`${ORIGIN}/login/oauth2/code/${provider}`);
  opts.tamper?.(callback);
  const cookies = [opts.cookie, flow && !opts.dropFlowCookie ? `OAUTH2_FLOW=${flow}` : undefined].filter(Boolean).join('; ');
  const done = await fetch(toApi(callback.toString()), { redirect: 'manual', headers: cookies ? { cookie: cookies } : {} });
  expect(done.status).toBe(302);
  return { landing: done.headers.get('location') ?? '', session: cookieValue(done.headers, 'JSESSIONID') };
}

async function sessionOf(sid: string | undefined): Promise<Record<string, unknown>> {
  const res = await fetch(`${api.url}/api/users/check-session`, { headers: sid ? { cookie: `JSESSIONID=${sid}` } : {} });
  return (await res.json()) as Record<string, unknown>;
}

async function insertLocalUser(userId: string, email: string, role: 'USER' | 'ADMIN'): Promise<void> {
  await api.ctx.db
    .insertInto('users')
    .values({ userId, email, name: userId, passwordHash: 'x', birth: null, phoneNm: null, role, provider: null, socialId: null })
    .execute();
}

describe('social login through the stand-in providers', () => {
  it('Google: PKCE and a signed ID token; a new member logged in with provider and social id', async () => {
    standin.setPerson('google', { id: '1111', email: 'g1@example.com', name: '구글 회원' });
    const round = await socialLogin('google');
    expect(round.landing).toBe(`${ORIGIN}/?socialLogin=success`);
    const authorize = standin.requests.filter((r) => r.provider === 'google' && r.endpoint === 'authorize').at(-1);
    expect(authorize?.params).toMatchObject({ code_challenge_method: 'S256', redirect_uri: `${ORIGIN}/login/oauth2/code/google` });
    expect(authorize?.params.scope).toContain('openid');
    const token = standin.requests.filter((r) => r.provider === 'google' && r.endpoint === 'token').at(-1);
    expect(token?.params.code_verifier).toMatch(/^[\w-]{43,}$/);
    expect(await sessionOf(round.session)).toMatchObject({
      loggedIn: true,
      userId: 'google_1111',
      provider: 'google',
      socialId: '1111',
      name: '구글 회원',
      email: 'g1@example.com',
      role: 'USER',
    });
  });

  it('Kakao: the secret goes in the form body; id, verified e-mail and nickname come from /v2/user/me', async () => {
    standin.setPerson('kakao', { id: '2222', email: 'k1@example.com', name: '카카오 회원' });
    const round = await socialLogin('kakao');
    expect(round.landing).toBe(`${ORIGIN}/?socialLogin=success`);
    const token = standin.requests.filter((r) => r.provider === 'kakao' && r.endpoint === 'token').at(-1);
    expect(token?.authorization).toBeUndefined();
    expect(token?.params.client_secret).toBe(OAuthStandin.clientSecret('kakao'));
    expect(await sessionOf(round.session)).toMatchObject({
      userId: 'kakao_2222',
      provider: 'kakao',
      socialId: '2222',
      name: '카카오 회원',
      email: 'k1@example.com',
    });
  });

  it('Naver: the id is response.id, not the whole response map', async () => {
    standin.setPerson('naver', { id: 'nv-3333', email: 'n1@example.com', name: '네이버 회원' });
    const round = await socialLogin('naver');
    expect(await sessionOf(round.session)).toMatchObject({
      userId: 'naver_nv-3333',
      provider: 'naver',
      socialId: 'nv-3333',
      name: '네이버 회원',
    });
  });

  it('a new member is announced as user.registered (once, not on later logins)', async () => {
    const seen: string[] = [];
    const stop = api.ctx.events.subscribe('user.registered', (e) => {
      seen.push(e.userId);
    });
    try {
      standin.setPerson('naver', { id: 'nv-7777', email: null, name: null });
      await socialLogin('naver');
      await socialLogin('naver');
      expect(seen).toEqual(['naver_nv-7777']);
    } finally {
      stop();
    }
  });

  it('an unverified e-mail is not stored', async () => {
    standin.setPerson('kakao', { id: '2223', email: 'unverified@example.com', name: null, emailVerified: false });
    const round = await socialLogin('kakao');
    expect(await sessionOf(round.session)).toMatchObject({ userId: 'kakao_2223', email: null });
  });

  it('the same person again gets the same account and a new session id; the old session is gone', async () => {
    standin.setPerson('google', { id: '4444', email: 'g4@example.com', name: '처음' });
    const first = await socialLogin('google');
    standin.setPerson('google', { id: '4444', email: 'g4@example.com', name: '바뀐 이름' });
    const second = await socialLogin('google', { cookie: `JSESSIONID=${first.session}` });
    expect(second.session).toBeDefined();
    expect(second.session).not.toBe(first.session);
    expect(await sessionOf(first.session)).toEqual({ loggedIn: false });
    expect(await sessionOf(second.session)).toMatchObject({ userId: 'google_4444', name: '바뀐 이름' });
    const rows = await api.ctx.db.selectFrom('users').select('id').where('socialId', '=', '4444').execute();
    expect(rows).toHaveLength(1);
  });

  it('a provider id already used as a local login id does not collide', async () => {
    await insertLocalUser('kakao_5555', 'someone@example.com', 'USER');
    standin.setPerson('kakao', { id: '5555', email: null, name: null });
    const round = await socialLogin('kakao');
    const s = await sessionOf(round.session);
    expect(s.userId).toMatch(/^kakao_5555_[0-9a-f]{6}$/);
    expect(s.socialId).toBe('5555');
  });
});

describe('failures land on /login?error=<code> without a session', () => {
  it('the person denies access → SOCIAL_LOGIN_DENIED', async () => {
    standin.failNext('kakao', 'deny');
    const round = await socialLogin('kakao');
    expect(round).toEqual({ landing: `${ORIGIN}/login?error=SOCIAL_LOGIN_DENIED`, session: undefined });
  });

  it('a state that is not ours → SOCIAL_LOGIN_STATE_MISMATCH (and the code is never redeemed)', async () => {
    const tokenCalls = standin.requests.filter((r) => r.endpoint === 'token').length;
    const round = await socialLogin('google', { tamper: (u) => u.searchParams.set('state', 'forged') });
    expect(round).toEqual({ landing: `${ORIGIN}/login?error=SOCIAL_LOGIN_STATE_MISMATCH`, session: undefined });
    expect(standin.requests.filter((r) => r.endpoint === 'token')).toHaveLength(tokenCalls);
  });

  it('a callback without the flow cookie (another browser, or expired) → SOCIAL_LOGIN_STATE_MISMATCH', async () => {
    const round = await socialLogin('naver', { dropFlowCookie: true });
    expect(round.landing).toBe(`${ORIGIN}/login?error=SOCIAL_LOGIN_STATE_MISMATCH`);
  });

  it('a flow started for one provider cannot finish at another', async () => {
    const start = await fetch(`${api.url}/oauth2/authorization/google`, { redirect: 'manual' });
    const flow = cookieValue(start.headers, 'OAUTH2_FLOW');
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const res = await fetch(`${api.url}/login/oauth2/code/kakao?code=x&state=${state}`, {
      redirect: 'manual',
      headers: { cookie: `OAUTH2_FLOW=${flow}` },
    });
    expect(res.headers.get('location')).toBe(`${ORIGIN}/login?error=SOCIAL_LOGIN_STATE_MISMATCH`);
  });

  it.each<[SocialProvider, 'token-error' | 'userinfo-error' | 'forged-id-token']>([
    ['google', 'token-error'],
    ['google', 'forged-id-token'],
    ['kakao', 'token-error'],
    ['kakao', 'userinfo-error'],
    ['naver', 'userinfo-error'],
  ])('%s %s → SOCIAL_LOGIN_PROVIDER_ERROR', async (provider, failure) => {
    standin.failNext(provider, failure);
    const round = await socialLogin(provider);
    expect(round).toEqual({ landing: `${ORIGIN}/login?error=SOCIAL_LOGIN_PROVIDER_ERROR`, session: undefined });
  });

  it('an e-mail that belongs to a local account is refused: no link, no takeover, the admin keeps the role', async () => {
    await insertLocalUser('boss', 'boss@example.com', 'ADMIN');
    standin.setPerson('google', { id: '6666', email: 'BOSS@example.com', name: 'attacker' });
    const round = await socialLogin('google');
    expect(round).toEqual({ landing: `${ORIGIN}/login?error=SOCIAL_LOGIN_EMAIL_IN_USE`, session: undefined });
    const boss = await api.ctx.db.selectFrom('users').selectAll().where('userId', '=', 'boss').executeTakeFirstOrThrow();
    expect(boss).toMatchObject({ role: 'ADMIN', provider: null, socialId: null, name: 'boss' });
    expect(await api.ctx.db.selectFrom('users').select('id').where('socialId', '=', '6666').execute()).toHaveLength(0);
  });

  it('an unknown provider → SOCIAL_LOGIN_UNSUPPORTED', async () => {
    const res = await fetch(`${api.url}/oauth2/authorization/github`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${ORIGIN}/login?error=SOCIAL_LOGIN_UNSUPPORTED`);
  });

  it('redirects use PUBLIC_ORIGIN, never the Host or X-Forwarded-Host the request claims', async () => {
    const res = await fetch(`${api.url}/oauth2/authorization/google`, {
      redirect: 'manual',
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    const url = new URL(res.headers.get('location') ?? '');
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/login/oauth2/code/google`);
  });
});

describe('configured providers', () => {
  it('are announced at /api/oauth2/providers', async () => {
    const res = await fetch(`${api.url}/api/oauth2/providers`);
    expect(await res.json()).toEqual({ providers: ['google', 'kakao', 'naver'] });
  });

  it('without configuration none is announced and every one is refused as unsupported', async () => {
    const bare = await startTestApi({ PUBLIC_ORIGIN: ORIGIN });
    try {
      expect(await (await fetch(`${bare.url}/api/oauth2/providers`)).json()).toEqual({ providers: [] });
      for (const p of ['google', 'kakao', 'naver']) {
        const res = await fetch(`${bare.url}/oauth2/authorization/${p}`, { redirect: 'manual' });
        expect(res.headers.get('location')).toBe(`${ORIGIN}/login?error=SOCIAL_LOGIN_UNSUPPORTED`);
      }
    } finally {
      await bare.close();
    }
  });
});
