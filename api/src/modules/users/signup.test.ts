import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { isoDay } from './session-user';
import { call, latestCode, sendCode, signUpVerified, validSignup, verifyCode } from '../../testing/fixtures';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const signup = (body: unknown) => call(api, 'POST', '/api/users/signup', { json: body });

async function verify(email: string): Promise<void> {
  await sendCode(api, email);
  expect((await verifyCode(api, latestCode(api, email), email)).status).toBe(200);
}

describe('POST /api/users/signup', () => {
  it('creates a USER with an argon2id hash, spends the verification and does not log in', async () => {
    const res = await signUpVerified(api, { userId: 'newbie', email: 'newbie@example.com' });
    expect(res).toMatchObject({ status: 200, text: '회원가입 성공!' });
    expect(res.headers.getSetCookie()).toEqual([]);
    const row = await api.ctx.db.selectFrom('users').selectAll().where('userId', '=', 'newbie').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: '김포브', email: 'newbie@example.com', role: 'USER', phoneNm: '010-2345-6789', provider: null });
    expect(isoDay(row.birth)).toBe('1994-03-15');
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain('secret123');
    const flag = await api.ctx.db.selectFrom('verifiedEmails').selectAll().where('email', '=', 'newbie@example.com').executeTakeFirst();
    expect(flag).toBeUndefined();
  });

  it('ignores a client-supplied id and the role, so no existing row can be overwritten', async () => {
    await signUpVerified(api, { userId: 'victim', email: 'victim@example.com' });
    const victim = await api.ctx.db.selectFrom('users').select(['id', 'userId']).where('userId', '=', 'victim').executeTakeFirstOrThrow();
    await verify('attacker@example.com');
    const res = await signup(validSignup({ id: victim.id, role: 'ADMIN', userId: 'attacker', email: 'attacker@example.com' }));
    expect(res.status).toBe(200);
    const after = await api.ctx.db.selectFrom('users').select(['userId', 'role']).where('id', '=', victim.id).executeTakeFirstOrThrow();
    expect(after.userId).toBe('victim');
    const attacker = await api.ctx.db.selectFrom('users').select(['id', 'role']).where('userId', '=', 'attacker').executeTakeFirstOrThrow();
    expect(attacker.id).not.toBe(victim.id);
    expect(attacker.role).toBe('USER');
  });

  it('validates every field server-side: Boot 400 JSON with Korean field errors', async () => {
    const res = await signup({ name: ' ', userId: 'ab', email: 'x', password: '123', birth: '2001-02-30', phoneNm: 'call me' });
    expect(res.status).toBe(400);
    const body = JSON.parse(res.text) as {
      status: number;
      error: string;
      path: string;
      timestamp: string;
      message: string;
      fieldErrors: Record<string, string>;
    };
    expect(body).toMatchObject({ status: 400, error: 'Bad Request', path: '/api/users/signup' });
    expect(body.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(body.message).toBe('입력한 내용을 다시 확인해 주세요.');
    expect(body.fieldErrors).toEqual({
      name: '이름을 입력해 주세요.',
      userId: '아이디는 4자 이상이어야 합니다.',
      email: '이메일 형식이 올바르지 않습니다.',
      password: '비밀번호는 6자 이상이어야 합니다.',
      birth: '생년월일이 올바르지 않습니다.',
      phoneNm: '휴대폰 번호 형식이 올바르지 않습니다. (예: 010-1234-5678)',
    });
  });

  it('answers 400 field errors for an empty body too', async () => {
    const res = await call(api, 'POST', '/api/users/signup', { json: {} });
    expect(res.status).toBe(400);
    expect(Object.keys((JSON.parse(res.text) as { fieldErrors: object }).fieldErrors).sort()).toEqual([
      'birth',
      'email',
      'name',
      'password',
      'phoneNm',
      'userId',
    ]);
  });

  it('requires a verified e-mail', async () => {
    const res = await signup(validSignup({ userId: 'noverify', email: 'noverify@example.com' }));
    expect(res).toMatchObject({ status: 400, text: '이메일 인증을 먼저 완료해주세요.' });
    const row = await api.ctx.db.selectFrom('users').select('id').where('userId', '=', 'noverify').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('does not let one verification create two accounts', async () => {
    await verify('once@example.com');
    expect((await signup(validSignup({ userId: 'once1', email: 'once@example.com' }))).status).toBe(200);
    const second = await signup(validSignup({ userId: 'once2', email: 'ONCE@example.com' }));
    expect(second).toMatchObject({ status: 409, text: '이미 가입된 이메일입니다.' });
  });

  it("refuses the reserved id 'admin' in any case with 409", async () => {
    await verify('wannabe@example.com');
    for (const userId of ['admin', 'Admin', 'ADMIN']) {
      expect(await signup(validSignup({ userId, email: 'wannabe@example.com' }))).toMatchObject({
        status: 409,
        text: '이미 사용 중인 아이디입니다.',
      });
    }
  });

  it('refuses a taken login id regardless of case with 409, keeping the verification for a retry', async () => {
    await signUpVerified(api, { userId: 'Dupe', email: 'dupe1@example.com' });
    await verify('dupe2@example.com');
    expect(await signup(validSignup({ userId: 'dupe', email: 'dupe2@example.com' }))).toMatchObject({
      status: 409,
      text: '이미 사용 중인 아이디입니다.',
    });
    expect((await signup(validSignup({ userId: 'dupe-two', email: 'dupe2@example.com' }))).status).toBe(200);
  });

  it('refuses an e-mail that already has an account regardless of case with 409', async () => {
    await signUpVerified(api, { userId: 'mailer1', email: 'same@example.com' });
    // The address was verified before the first account took it.
    await api.ctx.db
      .insertInto('verifiedEmails')
      .values({ email: 'same@example.com', expiresAt: new Date(Date.now() + 60_000) })
      .execute();
    expect(await signup(validSignup({ userId: 'mailer2', email: 'Same@Example.com' }))).toMatchObject({
      status: 409,
      text: '이미 가입된 이메일입니다.',
    });
  });

  it('lets the database settle simultaneous signups for one id: exactly one wins, the other gets 409', async () => {
    await verify('race1@example.com');
    await verify('race2@example.com');
    const results = await Promise.all([
      signup(validSignup({ userId: 'racer', email: 'race1@example.com' })),
      signup(validSignup({ userId: 'racer', email: 'race2@example.com' })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.text).toBe('이미 사용 중인 아이디입니다.');
  });

  it('publishes user.registered for the new member after the commit, and survives a failing handler', async () => {
    const seen: unknown[] = [];
    api.ctx.events.subscribe('user.registered', () => {
      throw new Error('dashboard down');
    });
    api.ctx.events.subscribe('user.registered', (event) => {
      seen.push(event);
    });
    expect((await signUpVerified(api, { userId: 'announced', email: 'announced@example.com' })).status).toBe(200);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    const pk = (await api.ctx.db.selectFrom('users').select('id').where('userId', '=', 'announced').executeTakeFirstOrThrow()).id;
    expect(seen).toEqual([expect.objectContaining({ type: 'user.registered', userPk: pk, userId: 'announced' })]);
  });

  it('answers Boot 400 JSON for a body that is not JSON', async () => {
    const res = await fetch(`${api.url}/api/users/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400, path: '/api/users/signup' });
  });
});
