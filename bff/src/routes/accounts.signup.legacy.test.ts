import { beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../testing/test-bff';
import { expectEnvelope } from '../testing/expect-envelope';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';

// Signup and e-mail verification against the legacy wire behaviour (the fake Spring).
const stack = useBffOnFakeSpring();
beforeEach(() => {
  stack.spring.state.requests.length = 0;
  stack.spring.state.overrides.clear();
});

let seq = 0;
const uniqueId = (prefix: string) => `${prefix}${Date.now().toString(36)}${seq++}`;
const addUser = () => {
  const userId = uniqueId('member');
  return stack.spring.state.addUser({ userId, password: 'secret123', name: '정다은', email: `${userId}@example.com` });
};

describe('signup and e-mail verification', () => {
  const signup = (userId: string, email: string) => ({
    name: '박서준',
    userId,
    email,
    password: 'secret123',
    birth: '1995-12-24',
    phoneNm: '010-9876-5432',
  });

  it('runs send-email → verify → signup against Spring text answers', async () => {
    const client = createClient(stack.bff.url);
    const email = `${uniqueId('new')}@example.com`;
    const sent = await client.post('/api/users/send-email', undefined, { query: { email } });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ ok: true, message: expect.any(String) });
    const code = stack.spring.state.mailbox.find((m) => m.email === email)?.code ?? '';
    const verified = await client.post('/api/users/verify-email', undefined, { query: { code, email } });
    expect(verified.body).toMatchObject({ ok: true });
    const userId = uniqueId('newbie');
    const res = await client.post('/api/users/signup', { ...signup(userId, email), id: 1, role: 'ADMIN' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true });
    // Only the contract's fields travel: never a client-chosen primary key or role.
    expect(stack.spring.state.calls('/api/users/signup')[0]?.body).toEqual(signup(userId, email));
    expect(stack.spring.state.users.find((u) => u.userId === userId)).toMatchObject({ email, role: 'USER' });
  });

  it('rejects bad input with field errors and forwards nothing', async () => {
    const res = await createClient(stack.bff.url).post('/api/users/signup', {
      name: '',
      userId: 'ab',
      email: 'not-an-email',
      password: '123',
      birth: '2001-02-30',
      phoneNm: '12',
    });
    expectEnvelope(res, 400, 'VALIDATION_FAILED');
    expect(res.body.error.fieldErrors).toEqual({
      name: '이름을 입력해 주세요.',
      userId: '아이디는 4자 이상이어야 합니다.',
      email: '이메일 형식이 올바르지 않습니다.',
      password: '비밀번호는 6자 이상이어야 합니다.',
      birth: '생년월일이 올바르지 않습니다.',
      phoneNm: '휴대폰 번호 형식이 올바르지 않습니다. (예: 010-1234-5678)',
    });
    expect(stack.spring.state.requests).toHaveLength(0);
  });

  it("refuses the id 'admin' in any case itself", async () => {
    const res = await createClient(stack.bff.url).post('/api/users/signup', signup('AdMiN', 'someone@example.com'));
    expectEnvelope(res, 409, 'USER_ID_TAKEN');
    expect(res.body.error.fieldErrors.userId).toBe('이미 사용 중인 아이디입니다.');
    expect(stack.spring.state.requests).toHaveLength(0);
  });

  it("turns Spring's redirect (unverified e-mail) into an honest 400", async () => {
    const res = await createClient(stack.bff.url).post('/api/users/signup', signup(uniqueId('late'), 'unverified@example.com'));
    expectEnvelope(res, 400, 'VALIDATION_FAILED');
    expect(res.body.error.message).toContain('이메일 인증');
  });

  it('maps the 409s and 400 of our api by their message', async () => {
    const cases = [
      { status: 409, text: '이미 사용 중인 아이디입니다.', code: 'USER_ID_TAKEN', field: 'userId' },
      { status: 409, text: '이미 가입된 이메일입니다.', code: 'EMAIL_ALREADY_REGISTERED', field: 'email' },
      { status: 400, text: '이메일 인증을 먼저 완료해주세요.', code: 'EMAIL_NOT_VERIFIED', field: 'email' },
    ];
    for (const c of cases) {
      stack.spring.state.override('POST /api/users/signup', (_req, reply) =>
        reply.code(c.status).type('text/plain; charset=utf-8').send(c.text),
      );
      const res = await createClient(stack.bff.url).post('/api/users/signup', signup(uniqueId('dup'), 'dup@example.com'));
      expectEnvelope(res, c.status, c.code);
      expect(Object.keys(res.body.error.fieldErrors)).toEqual([c.field]);
    }
  });

  it('sends no session cookie with signup and e-mail calls', async () => {
    const client = createClient(stack.bff.url);
    client.cookies.set('JSESSIONID', stack.spring.state.createSession(addUser().userId));
    await client.post('/api/users/send-email', undefined, { query: { email: `${uniqueId('c')}@example.com` } });
    expect(stack.spring.state.calls('/api/users/send-email')[0]?.headers.cookie).toBeUndefined();
  });

  it('send-email: 400 for a malformed address (nothing forwarded), 400 for a registered one behind a redirect, 409 from our api', async () => {
    const client = createClient(stack.bff.url);
    const bad = await client.post('/api/users/send-email', undefined, { query: { email: 'nope' } });
    expectEnvelope(bad, 400, 'VALIDATION_FAILED');
    expect(bad.body.error.fieldErrors.email).toBe('이메일 형식이 올바르지 않습니다.');
    expect(stack.spring.state.requests).toHaveLength(0);

    const existing = addUser();
    const registered = await client.post('/api/users/send-email', undefined, { query: { email: existing.email ?? '' } });
    expectEnvelope(registered, 400, 'VALIDATION_FAILED');
    expect(registered.body.error.fieldErrors.email).toContain('이미 가입된');

    stack.spring.state.override('POST /api/users/send-email', (_req, reply) => reply.code(409).send('이미 가입된 이메일입니다.'));
    expectEnvelope(
      await client.post('/api/users/send-email', undefined, { query: { email: 'x@example.com' } }),
      409,
      'EMAIL_ALREADY_REGISTERED',
    );
  });

  it('verify-email: a wrong code is 400 INVALID_CODE, a malformed one never leaves the BFF', async () => {
    const client = createClient(stack.bff.url);
    const wrong = await client.post('/api/users/verify-email', undefined, { query: { code: '000000', email: 'a@example.com' } });
    expectEnvelope(wrong, 400, 'INVALID_CODE');
    expect(wrong.body.error.fieldErrors).toEqual({ code: '인증 코드가 올바르지 않습니다.' });
    stack.spring.state.requests.length = 0;
    const malformed = await client.post('/api/users/verify-email', undefined, { query: { code: '12ab' } });
    expectEnvelope(malformed, 400, 'VALIDATION_FAILED');
    expect(malformed.body.error.fieldErrors.code).toBe('인증 코드는 숫자 6자리입니다.');
    expect(stack.spring.state.requests).toHaveLength(0);
  });
});
