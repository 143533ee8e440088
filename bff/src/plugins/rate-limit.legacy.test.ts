import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSpring, type FakeSpring } from '../testing/fake-spring/index';
import { createClient, startTestBff, type TestResponse } from '../testing/test-bff';
import { loginDelayMs } from './rate-limit';

let spring: FakeSpring;
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  spring = await startFakeSpring();
});
afterAll(async () => {
  for (const o of opened) await o.close();
  await spring.close();
});

async function bffWith(env: Record<string, string>) {
  const bff = await startTestBff(spring.url, env);
  opened.push(bff);
  return bff;
}

function expectLimited(res: TestResponse) {
  expect(res.status).toBe(429);
  expect(res.body.error).toMatchObject({
    code: 'RATE_LIMITED',
    message: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    requestId: res.headers.get('x-request-id'),
  });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);
}

let seq = 0;
const owner = (password = 'right-password') =>
  spring.state.addUser({
    userId: `owner${Date.now().toString(36)}${seq++}`,
    password,
    name: '김민지',
    email: `o${seq}@example.com`,
    role: 'USER',
  }).userId;

/** A login as seen from `ip` (the BFF trusts one proxy hop in these tests, so X-Forwarded-For names the caller). */
const loginFrom = (url: string, ip: string, userId: string, password = 'wrong-password') =>
  createClient(url).post('/api/users/login', { userId, password }, { headers: { 'x-forwarded-for': ip } });
const login = (url: string, userId: string) => loginFrom(url, '198.51.100.1', userId);
const loginEnv = (env: Record<string, string>) => bffWith({ TRUST_PROXY: '1', RATE_LOGIN_SLOWDOWN_MS: '0', ...env });

describe('rate limits', () => {
  it('refuses an account+address pair after its failed logins (any letter case), and only that pair', async () => {
    const bff = await loginEnv({ RATE_LOGIN_PER_ACCOUNT_AND_IP: '3', RATE_LOGIN_PER_IP: '100' });
    const victim = owner();
    for (const id of [victim, victim.toUpperCase(), victim]) expect((await loginFrom(bff.url, '198.51.100.7', id)).status).toBe(401);
    const before = spring.state.calls('/api/users/login').length;
    expectLimited(await loginFrom(bff.url, '198.51.100.7', victim, 'right-password'));
    expect(spring.state.calls('/api/users/login').length).toBe(before);
    expect((await loginFrom(bff.url, '198.51.100.7', 'someone-else')).status).toBe(401);
    expect((await loginFrom(bff.url, '198.51.100.8', victim, 'right-password')).status).toBe(200);
  });

  it("never lets a stranger's failures block the owner's correct password from another address", async () => {
    const bff = await loginEnv({ RATE_LOGIN_PER_ACCOUNT: '2', RATE_LOGIN_PER_ACCOUNT_AND_IP: '3', RATE_LOGIN_PER_IP: '100' });
    const victim = owner();
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4']) {
      for (let i = 0; i < 3; i++) expect((await loginFrom(bff.url, ip, victim)).status).toBe(401);
      expectLimited(await loginFrom(bff.url, ip, victim));
    }
    expect((await loginFrom(bff.url, '192.0.2.50', victim, 'right-password')).status).toBe(200);
  });

  it('counts only failures: successful logins are free and one clears the failures of its pair', async () => {
    const bff = await loginEnv({ RATE_LOGIN_PER_ACCOUNT_AND_IP: '2', RATE_LOGIN_PER_IP: '100' });
    const user = owner();
    const right = () => loginFrom(bff.url, '198.51.100.1', user, 'right-password');
    for (let i = 0; i < 5; i++) expect((await right()).status).toBe(200);
    expect((await login(bff.url, user)).status).toBe(401);
    expect((await right()).status).toBe(200);
    expect((await login(bff.url, user)).status).toBe(401);
    expect((await login(bff.url, user)).status).toBe(401);
    expectLimited(await login(bff.url, user));
  });

  it('limits failed logins per address across accounts', async () => {
    const bff = await loginEnv({ RATE_LOGIN_PER_ACCOUNT_AND_IP: '100', RATE_LOGIN_PER_IP: '3' });
    for (const id of ['one', 'two', 'three']) expect((await login(bff.url, id)).status).toBe(401);
    expectLimited(await login(bff.url, 'four'));
    expect((await loginFrom(bff.url, '198.51.100.99', 'four')).status).toBe(401);
  });

  it('slows attempts on an account with many failures instead of refusing them, within a bound', () => {
    expect(loginDelayMs(10, 10, 1000)).toBe(0);
    expect(loginDelayMs(11, 10, 1000)).toBe(1000);
    expect(loginDelayMs(13, 10, 1000)).toBe(3000);
    expect(loginDelayMs(500, 10, 1000)).toBe(5000);
  });

  it('does not count requests that fail validation', async () => {
    const bff = await loginEnv({ RATE_LOGIN_PER_ACCOUNT_AND_IP: '1', RATE_LOGIN_PER_IP: '1' });
    for (let i = 0; i < 3; i++)
      expect(
        (
          await createClient(bff.url).post(
            '/api/users/login',
            { userId: '', password: '' },
            { headers: { 'x-forwarded-for': '198.51.100.1' } },
          )
        ).status,
      ).toBe(400);
    expect((await login(bff.url, 'first')).status).toBe(401);
    expectLimited(await login(bff.url, 'first'));
  });

  it('keys on the address the trusted proxy saw: a spoofed X-Forwarded-For cannot pick a fresh counter', async () => {
    const spoofs = ['10.9.9.1', '10.9.9.2, 10.9.9.3', '10.9.9.4'];
    const tryAll = async (url: string, headers: (spoof: string) => Record<string, string>) => {
      const answers: number[] = [];
      for (const spoof of spoofs)
        answers.push(
          (await createClient(url).post('/api/users/login', { userId: `acct-${spoof}`, password: 'x' }, { headers: headers(spoof) }))
            .status,
        );
      return answers;
    };
    const limits = { RATE_LOGIN_PER_ACCOUNT_AND_IP: '100', RATE_LOGIN_PER_IP: '2', RATE_LOGIN_SLOWDOWN_MS: '0' };
    // One proxy hop (also what the old blanket `true` now means): only the entry our proxy appended counts.
    for (const trust of ['1', 'true', '127.0.0.1', 'loopback, 10.0.0.0/8']) {
      const bff = await bffWith({ ...limits, TRUST_PROXY: trust });
      const answers = await tryAll(bff.url, (spoof) => ({ 'x-forwarded-for': `${spoof}, 192.0.2.9` }));
      expect(answers, `TRUST_PROXY=${trust}`).toEqual([401, 401, 429]);
    }
    // No proxy trusted: the header is ignored altogether.
    const direct = await bffWith({ ...limits, TRUST_PROXY: 'false' });
    expect(await tryAll(direct.url, (spoof) => ({ 'x-forwarded-for': spoof }))).toEqual([401, 401, 429]);
  });

  it('limits code e-mails per address and per IP', async () => {
    const perAddress = await bffWith({ RATE_EMAIL_PER_ADDRESS: '2', RATE_EMAIL_PER_IP: '100' });
    const send = (url: string, email: string) => createClient(url).post('/api/users/send-email', undefined, { query: { email } });
    expect((await send(perAddress.url, 'limit@example.com')).status).toBe(200);
    expect((await send(perAddress.url, 'LIMIT@example.com')).status).toBe(200);
    expectLimited(await send(perAddress.url, 'limit@example.com'));
    expect((await send(perAddress.url, 'other@example.com')).status).toBe(200);

    const perIp = await bffWith({ RATE_EMAIL_PER_ADDRESS: '100', RATE_EMAIL_PER_IP: '2' });
    expect((await send(perIp.url, 'a1@example.com')).status).toBe(200);
    expect((await send(perIp.url, 'a2@example.com')).status).toBe(200);
    expectLimited(await send(perIp.url, 'a3@example.com'));
  });

  it('limits code guesses per address and per IP', async () => {
    const verify = (url: string, email: string) =>
      createClient(url).post('/api/users/verify-email', undefined, { query: { code: '123456', email } });
    const perAddress = await bffWith({ RATE_VERIFY_PER_ADDRESS: '2', RATE_VERIFY_PER_IP: '100' });
    expect((await verify(perAddress.url, 'guess@example.com')).status).toBe(400);
    expect((await verify(perAddress.url, 'guess@example.com')).status).toBe(400);
    expectLimited(await verify(perAddress.url, 'Guess@example.com'));
    expect((await verify(perAddress.url, 'other@example.com')).status).toBe(400);

    const perIp = await bffWith({ RATE_VERIFY_PER_ADDRESS: '100', RATE_VERIFY_PER_IP: '2' });
    expect((await verify(perIp.url, 'x1@example.com')).status).toBe(400);
    expect((await verify(perIp.url, 'x2@example.com')).status).toBe(400);
    expectLimited(await verify(perIp.url, 'x3@example.com'));
  });

  it("requires the address with a code, so no guess escapes the per-address limit and the code's tries", async () => {
    const bff = await bffWith({ RATE_VERIFY_PER_ADDRESS: '2', RATE_VERIFY_PER_IP: '100' });
    const before = spring.state.calls('/api/users/verify-email').length;
    const res = await createClient(bff.url).post('/api/users/verify-email', undefined, { query: { code: '123456' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { email: expect.any(String) } });
    expect(spring.state.calls('/api/users/verify-email').length).toBe(before);
  });

  it('shares counts between instances through Redis when REDIS_URL is set, and keeps them per process otherwise', async () => {
    const prefix = `pawbridge:test:${crypto.randomBytes(6).toString('hex')}:`;
    const env = { RATE_LOGIN_PER_ACCOUNT_AND_IP: '2', RATE_LOGIN_PER_IP: '100', RATE_LIMIT_PREFIX: prefix };
    const first = await loginEnv(env);
    const second = await loginEnv(env);
    expect((await login(first.url, 'shared')).status).toBe(401);
    expect((await login(first.url, 'shared')).status).toBe(401);
    const third = await login(second.url, 'shared');
    if (first.config.redisUrl) expectLimited(third);
    else expect(third.status).toBe(401);
  });
});
