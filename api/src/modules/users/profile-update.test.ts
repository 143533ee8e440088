import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { isoDay } from './session-user';
import { call, createMember, latestCode, sendCode, verifyCode, type Member } from '../../testing/fixtures';

let api: TestApi;
let walker: Member;
let other: Member;
beforeAll(async () => {
  api = await startTestApi();
  walker = await createMember(api, 'walker', { email: 'walker@example.com', birth: '1990-01-02', phoneNm: '010-1111-2222' });
  other = await createMember(api, 'other', { email: 'other@example.com', birth: '1985-05-05', phoneNm: '010-3333-4444' });
});
afterAll(async () => {
  await api.close();
});

const update = (body: unknown, cookie?: string) => call(api, 'PUT', '/api/users/me', { json: body, ...(cookie ? { cookie } : {}) });
const row = (pk: number) =>
  api.ctx.db.selectFrom('users').select(['email', 'birth', 'phoneNm']).where('id', '=', pk).executeTakeFirstOrThrow();

describe('PUT /api/users/me', () => {
  it('changes the caller’s own phone and birth (same e-mail needs no code) and answers the session', async () => {
    const res = await update({ email: 'Walker@Example.com', birth: '1991-02-03', phoneNm: '010-9876-5432' }, walker.cookie);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({
      loggedIn: true,
      userId: 'walker',
      email: 'Walker@Example.com',
      birth: '1991-02-03',
      phoneNm: '010-9876-5432',
    });
    const saved = await row(walker.pk);
    expect({ ...saved, birth: isoDay(saved.birth) }).toEqual({
      email: 'Walker@Example.com',
      birth: '1991-02-03',
      phoneNm: '010-9876-5432',
    });
    const session = JSON.parse((await call(api, 'GET', '/api/users/check-session', { cookie: walker.cookie })).text) as Record<
      string,
      unknown
    >;
    expect(session).toMatchObject({ phoneNm: '010-9876-5432', birth: '1991-02-03' });
    // Only the caller's row changed.
    expect((await row(other.pk)).phoneNm).toBe('010-3333-4444');
  });

  it('refuses a visitor with 401', async () => {
    const res = await update({ email: 'x@example.com', birth: '1991-02-03', phoneNm: '010-1234-5678' });
    expect(res.status).toBe(401);
  });

  it('validates e-mail, birth and phone like signup (400 with field errors) and changes nothing', async () => {
    const res = await update({ email: 'not-mail', birth: '2999-01-01', phoneNm: 'call me' }, walker.cookie);
    expect(res.status).toBe(400);
    const body = JSON.parse(res.text) as { fieldErrors: Record<string, string> };
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['birth', 'email', 'phoneNm']);
    expect((await row(walker.pk)).phoneNm).toBe('010-9876-5432');
  });

  it('refuses a new e-mail that was not verified, then accepts it after the code, spending the verification', async () => {
    const body = { email: 'walker.new@example.com', birth: '1991-02-03', phoneNm: '010-9876-5432' };
    const refused = await update(body, walker.cookie);
    expect(refused).toMatchObject({ status: 400, text: '이메일 인증을 먼저 완료해주세요.' });
    expect((await row(walker.pk)).email).toBe('Walker@Example.com');

    await sendCode(api, body.email);
    expect((await verifyCode(api, latestCode(api, body.email), body.email)).status).toBe(200);
    expect((await update(body, walker.cookie)).status).toBe(200);
    expect((await row(walker.pk)).email).toBe('walker.new@example.com');
    const flag = await api.ctx.db.selectFrom('verifiedEmails').selectAll().where('email', '=', body.email).executeTakeFirst();
    expect(flag).toBeUndefined();
  });

  it('refuses an address another member holds (409), verified or not', async () => {
    const res = await update({ email: 'OTHER@example.com', birth: '1991-02-03', phoneNm: '010-9876-5432' }, walker.cookie);
    expect(res).toMatchObject({ status: 409, text: '이미 가입된 이메일입니다.' });
    expect((await row(other.pk)).email).toBe('other@example.com');
  });

  it('ignores fields beyond the three (no role or login id change)', async () => {
    const res = await update(
      { email: 'walker.new@example.com', birth: '1991-02-03', phoneNm: '010-9876-5432', role: 'ADMIN', userId: 'boss' },
      walker.cookie,
    );
    expect(res.status).toBe(200);
    const after = await api.ctx.db.selectFrom('users').select(['userId', 'role']).where('id', '=', walker.pk).executeTakeFirstOrThrow();
    expect(after).toEqual({ userId: 'walker', role: 'USER' });
  });
});
