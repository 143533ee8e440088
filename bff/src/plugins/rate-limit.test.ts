import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSpring, type FakeSpring } from '../testing/fake-spring/index';
import { createClient, startTestBff, type TestResponse } from '../testing/test-bff';

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
  expect(res.body.error).toMatchObject({ code: 'RATE_LIMITED', message: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.', requestId: res.headers.get('x-request-id') });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);
}

const login = (url: string, userId: string) => createClient(url).post('/api/users/login', { userId, password: 'wrong-password' });

describe('rate limits', () => {
  it('limits login attempts per account (any letter case), and only that account', async () => {
    const bff = await bffWith({ RATE_LOGIN_PER_ACCOUNT: '3', RATE_LOGIN_PER_IP: '100' });
    for (const id of ['victim', 'VICTIM', 'Victim']) expect((await login(bff.url, id)).status).toBe(401);
    const before = spring.state.calls('/api/users/login').length;
    expectLimited(await login(bff.url, 'victim'));
    expect(spring.state.calls('/api/users/login').length).toBe(before);
    expect((await login(bff.url, 'someone-else')).status).toBe(401);
  });

  it('limits login attempts per IP across accounts', async () => {
    const bff = await bffWith({ RATE_LOGIN_PER_ACCOUNT: '100', RATE_LOGIN_PER_IP: '3' });
    for (const id of ['one', 'two', 'three']) expect((await login(bff.url, id)).status).toBe(401);
    expectLimited(await login(bff.url, 'four'));
  });

  it('does not count requests that fail validation', async () => {
    const bff = await bffWith({ RATE_LOGIN_PER_ACCOUNT: '1', RATE_LOGIN_PER_IP: '1' });
    for (let i = 0; i < 3; i++) expect((await createClient(bff.url).post('/api/users/login', { userId: '', password: '' })).status).toBe(400);
    expect((await login(bff.url, 'first')).status).toBe(401);
    expectLimited(await login(bff.url, 'first'));
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
    const verify = (url: string, email?: string) => createClient(url).post('/api/users/verify-email', undefined, { query: { code: '123456', ...(email ? { email } : {}) } });
    const perAddress = await bffWith({ RATE_VERIFY_PER_ADDRESS: '2', RATE_VERIFY_PER_IP: '100' });
    expect((await verify(perAddress.url, 'guess@example.com')).status).toBe(400);
    expect((await verify(perAddress.url, 'guess@example.com')).status).toBe(400);
    expectLimited(await verify(perAddress.url, 'Guess@example.com'));
    expect((await verify(perAddress.url, 'other@example.com')).status).toBe(400);

    const perIp = await bffWith({ RATE_VERIFY_PER_ADDRESS: '100', RATE_VERIFY_PER_IP: '2' });
    expect((await verify(perIp.url)).status).toBe(400);
    expect((await verify(perIp.url, 'x@example.com')).status).toBe(400);
    expectLimited(await verify(perIp.url));
  });

  it('shares counts between instances through Redis when REDIS_URL is set, and keeps them per process otherwise', async () => {
    const prefix = `pawbridge:test:${crypto.randomBytes(6).toString('hex')}:`;
    const env = { RATE_LOGIN_PER_ACCOUNT: '2', RATE_LOGIN_PER_IP: '100', RATE_LIMIT_PREFIX: prefix };
    const first = await bffWith(env);
    const second = await bffWith(env);
    expect((await login(first.url, 'shared')).status).toBe(401);
    expect((await login(first.url, 'shared')).status).toBe(401);
    const third = await login(second.url, 'shared');
    if (first.config.redisUrl) expectLimited(third);
    else expect(third.status).toBe(401);
  });
});
