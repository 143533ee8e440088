import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '@pawbridge/api/testing';
import { latestCode } from '@pawbridge/api/testing/fixtures';
import { SessionUserSchema } from '@pawbridge/shared';
import { createClient, startTestBff, type TestBff } from '../testing/test-bff';
import type { RecordingProxy } from '../testing/recording-proxy';
import { apiMember } from '../testing/fixtures';
import { expectEnvelope } from '../testing/expect-envelope';
import { closeBffOnApi, startBffOnApi } from '../testing/api-stack';

// Issue 25 items 5 and 8 on our api: nicknames, 아이디·닉네임 중복 확인, phones in one format.
describe('names through the BFF, upstream = our api', () => {
  let api: TestApi;
  let proxy: RecordingProxy;
  let bff: TestBff;
  beforeAll(async () => void ({ api, proxy, bff } = await startBffOnApi()));
  afterAll(() => closeBffOnApi({ api, proxy, bff }));

  async function signup(body: Record<string, unknown>) {
    const client = createClient(bff.url);
    const email = String(body.email);
    expect((await client.post('/api/users/send-email', undefined, { query: { email } })).status).toBe(200);
    expect((await client.post('/api/users/verify-email', undefined, { query: { code: latestCode(api, email), email } })).status).toBe(200);
    return client.post('/api/users/signup', {
      name: '김민지',
      password: 'secret123',
      birth: '1994-03-15',
      phoneNm: '010-2345-6789',
      ...body,
    });
  }

  it('config says nicknames are on', async () => {
    expect((await createClient(bff.url).get('/api/config')).body).toMatchObject({ nicknames: true });
  });

  it('signup takes a nickname and a phone typed any way; both are stored in their one form', async () => {
    const res = await signup({ userId: 'nickfan1', email: 'nickfan1@example.com', nickname: 'Ｃｏｃｏ맘', phoneNm: '+82 10 9876 5432' });
    expect(res.status, res.text).toBe(200);
    const row = await api.ctx.db
      .selectFrom('users')
      .select(['nickname', 'phoneNm'])
      .where('userId', '=', 'nickfan1')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ nickname: 'Coco맘', phoneNm: '010-9876-5432' });
  });

  it('a taken nickname at signup is 409 NICKNAME_TAKEN on the nickname field', async () => {
    await apiMember(api, bff.url, { nickname: '산책대장' });
    const res = await signup({ userId: 'nickfan2', email: 'nickfan2@example.com', nickname: '산책대장' });
    expectEnvelope(res, 409, 'NICKNAME_TAKEN', '이미 다른 회원이 쓰고 있는 닉네임입니다. 다른 닉네임을 골라 주세요.');
    expect((res.body as { error: { fieldErrorCodes: Record<string, string> } }).error.fieldErrorCodes).toEqual({
      nickname: 'nicknameTaken',
    });
  });

  it('PUT /api/users/me/nickname changes it (session answer) and refuses another member’s', async () => {
    await apiMember(api, bff.url, { nickname: '초코아빠' });
    const { client, userId } = await apiMember(api, bff.url, { name: '박서준' });
    const taken = await client.put('/api/users/me/nickname', { nickname: '초코아빠' });
    expectEnvelope(taken, 409, 'NICKNAME_TAKEN');
    const ok = await client.put('/api/users/me/nickname', { nickname: '서준이네' });
    expect(ok.status, ok.text).toBe(200);
    expect(SessionUserSchema.parse(ok.body)).toMatchObject({ userId, nickname: '서준이네' });
    expect((await client.get('/api/users/check-session')).body).toMatchObject({ nickname: '서준이네' });
    expectEnvelope(await createClient(bff.url).put('/api/users/me/nickname', { nickname: '누군가' }), 401, 'UNAUTHENTICATED');
  });

  it('아이디·닉네임 중복 확인 answers {available}; bad input is 400 before the upstream', async () => {
    const { userId } = await apiMember(api, bff.url, { nickname: '뭉치누나' });
    const anon = createClient(bff.url);
    expect((await anon.get('/api/users/check-user-id', { query: { userId: userId.toUpperCase() } })).body).toEqual({ available: false });
    expect((await anon.get('/api/users/check-user-id', { query: { userId: 'nobody-here' } })).body).toEqual({ available: true });
    expect((await anon.get('/api/users/check-nickname', { query: { nickname: '뭉치누나' } })).body).toEqual({ available: false });
    expect((await anon.get('/api/users/check-nickname', { query: { nickname: '뭉치형' } })).body).toEqual({ available: true });
    const before = proxy.seen.length;
    expectEnvelope(await anon.get('/api/users/check-user-id', { query: { userId: 'a' } }), 400, 'VALIDATION_FAILED');
    expectEnvelope(await anon.get('/api/users/check-nickname', { query: { nickname: '관리자' } }), 400, 'VALIDATION_FAILED');
    expect(proxy.seen.length).toBe(before);
  });

  it('the checks are counted per address: past the limit 429 RATE_LIMITED, so ids cannot be walked cheaply', async () => {
    const strict = await startTestBff(proxy.url, { RATE_NAME_CHECK_PER_IP: '3' });
    try {
      const c = createClient(strict.url);
      for (let i = 0; i < 3; i++) expect((await c.get('/api/users/check-user-id', { query: { userId: `walker${i}` } })).status).toBe(200);
      expectEnvelope(await c.get('/api/users/check-nickname', { query: { nickname: '걷는사람' } }), 429, 'RATE_LIMITED');
    } finally {
      await strict.close();
    }
  });
});
