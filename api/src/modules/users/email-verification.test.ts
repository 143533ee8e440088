import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { call, emlSubject, emlText, latestCode, outboxMessages, sendCode, validSignup, verifyCode } from '../../testing/fixtures';

let api: TestApi;
let clock: number;
beforeAll(async () => {
  api = await startTestApi();
});
afterEach(() => {
  api.app.usersService.now = () => new Date();
});
afterAll(async () => {
  await api.close();
});

/** Freezes the service clock at a fixed time; `advance` moves it. */
function freeze(): (ms: number) => void {
  clock = Date.now();
  api.app.usersService.now = () => new Date(clock);
  return (ms) => {
    clock += ms;
  };
}

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/users/send-email', () => {
  it('mails a 6-digit code with a Korean subject and body and answers the legacy text', async () => {
    const res = await sendCode(api, 'mail-body@example.com');
    expect(res).toMatchObject({ status: 200, text: '인증 이메일을 전송했습니다.' });
    expect(res.headers.get('content-type')).toContain('text/plain');
    const [eml] = outboxMessages(api, 'mail-body@example.com');
    expect(eml).toBeDefined();
    expect(emlSubject(eml ?? '')).toBe('[포브리지] 이메일 인증 코드');
    expect(eml).toContain('Content-Type: text/html');
    const body = emlText(eml ?? '');
    expect(body).toMatch(/인증 코드: \d{6}\n/);
    expect(body).toContain('2분 뒤에 만료');
  });

  it('stores only a digest of the code', async () => {
    await sendCode(api, 'digest@example.com');
    const code = latestCode(api, 'digest@example.com');
    const row = await api.ctx.db.selectFrom('emailCodes').selectAll().where('email', '=', 'digest@example.com').executeTakeFirstOrThrow();
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rejects a missing or malformed address with Boot 400 JSON and field errors', async () => {
    for (const query of ['', '?email=', '?email=not-an-email']) {
      const res = await call(api, 'POST', `/api/users/send-email${query}`);
      expect(res.status).toBe(400);
      const body = JSON.parse(res.text) as Record<string, unknown>;
      expect(body).toMatchObject({ status: 400, error: 'Bad Request', path: '/api/users/send-email' });
      expect((body.fieldErrors as Record<string, string>).email).toMatch(/이메일/);
    }
  });

  it('answers 409 for an address that already has an account, in any case', async () => {
    await api.ctx.db
      .insertInto('users')
      .values({
        userId: 'taken1',
        name: '가입자',
        email: 'Taken@Example.com',
        passwordHash: null,
        birth: null,
        phoneNm: null,
        role: 'USER',
        provider: null,
        socialId: null,
      })
      .execute();
    const res = await sendCode(api, 'taken@example.COM');
    expect(res).toMatchObject({ status: 409, text: '이미 가입된 회원입니다.' });
    expect(outboxMessages(api, 'taken@example.COM')).toHaveLength(0);
  });
});

describe('POST /api/users/verify-email', () => {
  it('verifies with the code bound to the address, once', async () => {
    await sendCode(api, 'bound@example.com');
    const code = latestCode(api, 'bound@example.com');
    expect(await verifyCode(api, code, 'bound@example.com')).toMatchObject({ status: 200, text: '인증되었습니다.' });
    expect(await verifyCode(api, code, 'bound@example.com')).toMatchObject({
      status: 400,
      text: '인증 코드가 올바르지 않거나 만료되었습니다.',
    });
  });

  it('refuses the code alone from a caller without the signup session that asked for it', async () => {
    await sendCode(api, 'legacy@example.com');
    const code = latestCode(api, 'legacy@example.com');
    const alone = await verifyCode(api, code);
    expect(alone).toMatchObject({ status: 400, text: '인증 코드가 올바르지 않거나 만료되었습니다.' });
    const stranger = await call(api, 'POST', `/api/users/verify-email?code=${code}`, { cookie: 'PAWBRIDGE_SIGNUP=' + 'a'.repeat(43) });
    expect(stranger.status).toBe(400);
    expect(
      await api.ctx.db.selectFrom('verifiedEmails').selectAll().where('email', '=', 'legacy@example.com').executeTakeFirst(),
    ).toBeUndefined();
    expect((await verifyCode(api, code, 'legacy@example.com')).status).toBe(200);
  });
  it("does not accept one address's code for another address", async () => {
    await sendCode(api, 'owner@example.com');
    await sendCode(api, 'other@example.com');
    expect((await verifyCode(api, latestCode(api, 'owner@example.com'), 'other@example.com')).status).toBe(400);
  });

  it('invalidates the old code when a new one is sent', async () => {
    await sendCode(api, 'resend@example.com');
    const first = latestCode(api, 'resend@example.com');
    let second = first;
    // Two sends can draw the same code (one in a million); send again until they differ.
    while (second === first) {
      await sendCode(api, 'resend@example.com');
      second = latestCode(api, 'resend@example.com');
    }
    expect(outboxMessages(api, 'resend@example.com').length).toBeGreaterThanOrEqual(2);
    expect((await verifyCode(api, first, 'resend@example.com')).status).toBe(400);
    expect((await verifyCode(api, second, 'resend@example.com')).status).toBe(200);
  });

  it('expires the code after 120 seconds', async () => {
    const advance = freeze();
    await sendCode(api, 'expiry@example.com');
    const code = latestCode(api, 'expiry@example.com');
    advance(119_000);
    await sendCode(api, 'expiry2@example.com');
    const code2 = latestCode(api, 'expiry2@example.com');
    advance(1_000);
    expect(await verifyCode(api, code, 'expiry@example.com')).toMatchObject({
      status: 400,
      text: '인증 코드가 올바르지 않거나 만료되었습니다.',
    });
    advance(118_000);
    expect((await verifyCode(api, code2, 'expiry2@example.com')).status).toBe(200);
  });

  it('throws the code away after 5 wrong tries for that address', async () => {
    await sendCode(api, 'guess@example.com');
    const code = latestCode(api, 'guess@example.com');
    for (let i = 0; i < 4; i++) expect((await verifyCode(api, wrongCodeFor(code), 'guess@example.com')).status).toBe(400);
    const row = await api.ctx.db
      .selectFrom('emailCodes')
      .select('attempts')
      .where('email', '=', 'guess@example.com')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(4);
    expect((await verifyCode(api, wrongCodeFor(code), 'guess@example.com')).status).toBe(400);
    expect((await verifyCode(api, code, 'guess@example.com')).status).toBe(400);
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    await sendCode(api, 'four@example.com');
    const code = latestCode(api, 'four@example.com');
    for (let i = 0; i < 4; i++) await verifyCode(api, wrongCodeFor(code), 'four@example.com');
    expect((await verifyCode(api, code, 'four@example.com')).status).toBe(200);
  });

  it('rejects a malformed code or address with Boot 400 JSON', async () => {
    for (const query of ['', '?code=12ab56', '?code=123456&email=nope']) {
      const res = await call(api, 'POST', `/api/users/verify-email${query}`);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toMatchObject({ status: 400, path: '/api/users/verify-email' });
    }
  });

  it('keeps the verified state for 10 minutes only', async () => {
    const advance = freeze();
    await sendCode(api, 'late@example.com');
    await verifyCode(api, latestCode(api, 'late@example.com'), 'late@example.com');
    advance(600_000);
    const late = await call(api, 'POST', '/api/users/signup', { json: validSignup({ userId: 'lateuser', email: 'late@example.com' }) });
    expect(late).toMatchObject({ status: 400, text: '이메일 인증을 먼저 완료해주세요.' });

    await sendCode(api, 'intime@example.com');
    await verifyCode(api, latestCode(api, 'intime@example.com'), 'intime@example.com');
    advance(599_000);
    const inTime = await call(api, 'POST', '/api/users/signup', {
      json: validSignup({ userId: 'intimeuser', email: 'intime@example.com' }),
    });
    expect(inTime).toMatchObject({ status: 200, text: '회원가입 성공!' });
  });

  it('clears an earlier verification when a new code is sent', async () => {
    await sendCode(api, 'again@example.com');
    await verifyCode(api, latestCode(api, 'again@example.com'), 'again@example.com');
    await sendCode(api, 'again@example.com');
    const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM verified_emails WHERE email = 'again@example.com'`.execute(
      api.ctx.db,
    );
    expect(count.rows[0]?.n).toBe(0);
  });
});

/** The legacy front end's session-bound flow: `send-email?email=` then `verify-email?code=` alone, in one browser. */
describe('verify-email with the code alone (the legacy front end)', () => {
  const signupCookie = (res: { headers: Headers }): string => {
    const c = res.headers.getSetCookie().find((h) => h.startsWith('PAWBRIDGE_SIGNUP='));
    if (!c) throw new Error('no signup cookie');
    expect(c).toMatch(/HttpOnly/i);
    expect(c).toMatch(/Path=\/api\/users/);
    return c.split(';')[0] ?? '';
  };
  const verifyAlone = (code: string, cookie: string) => call(api, 'POST', `/api/users/verify-email?code=${code}`, { cookie });

  it('verifies the address this browser asked a code for, once; signup then needs that address', async () => {
    const cookie = signupCookie(await sendCode(api, 'alone@example.com'));
    const code = latestCode(api, 'alone@example.com');
    expect(await verifyAlone(code, cookie)).toMatchObject({ status: 200, text: '인증되었습니다.' });
    expect((await verifyAlone(code, cookie)).status).toBe(400);
    const other = await call(api, 'POST', '/api/users/signup', {
      json: validSignup({ userId: 'otheruser', email: 'other-addr@example.com' }),
    });
    expect(other.status).toBe(400);
    const own = await call(api, 'POST', '/api/users/signup', { json: validSignup({ userId: 'aloneuser', email: 'alone@example.com' }) });
    expect(own).toMatchObject({ status: 200, text: '회원가입 성공!' });
  });

  it("counts every wrong guess against that address's code: the fifth throws it away", async () => {
    const cookie = signupCookie(await sendCode(api, 'alone-guess@example.com'));
    const code = latestCode(api, 'alone-guess@example.com');
    for (let i = 0; i < 5; i++) expect((await verifyAlone(wrongCodeFor(code), cookie)).status).toBe(400);
    expect((await verifyAlone(code, cookie)).status).toBe(400);
    expect((await verifyCode(api, code, 'alone-guess@example.com')).status).toBe(400);
  });

  it("never checks a code against another browser's address, and follows the browser's latest request", async () => {
    const mine = signupCookie(await sendCode(api, 'mine@example.com'));
    signupCookie(await sendCode(api, 'theirs@example.com'));
    expect((await verifyAlone(latestCode(api, 'theirs@example.com'), mine)).status).toBe(400);
    // A new request from another browser for my address takes the code (and its binding) away from me.
    const later = signupCookie(await sendCode(api, 'mine@example.com'));
    expect((await verifyAlone(latestCode(api, 'mine@example.com'), mine)).status).toBe(400);
    expect((await verifyAlone(latestCode(api, 'mine@example.com'), later)).status).toBe(200);
  });
});
