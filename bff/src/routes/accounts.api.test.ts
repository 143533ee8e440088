import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '@pawbridge/api/testing';
import { createClient, type TestBff, type TestClient } from '../testing/test-bff';
import type { RecordingProxy } from '../testing/recording-proxy';
import { closeBffOnApi, startBffOnApi } from '../testing/api-stack';

// The account routes against our real api (behind a proxy that records what reached it).
let api: TestApi;
let proxy: RecordingProxy;
let bff: TestBff;

beforeAll(async () => void ({ api, proxy, bff } = await startBffOnApi()));
afterAll(() => closeBffOnApi({ api, proxy, bff }));

/** The 6-digit code of the newest outbox mail to `to` (nodemailer .eml, base64 or quoted-printable body). */
function codeFromOutbox(to: string): string {
  const dir = api.config.mail.outboxDir;
  const mails = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((eml) => eml.toLowerCase().includes(`to: ${to.toLowerCase()}`));
  const eml = mails.at(-1) ?? '';
  const part = /Content-Type: text\/plain[^\n]*\nContent-Transfer-Encoding: (\S+)\n\n([\s\S]*?)\n--/i.exec(eml);
  const raw = part?.[2] ?? '';
  const text =
    part?.[1]?.toLowerCase() === 'base64' ? Buffer.from(raw.replace(/\s+/g, ''), 'base64').toString('utf8') : raw.replace(/=\n/g, '');
  const code = /(\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${seq++}`;
const signupBody = (userId: string, email: string) => ({
  name: '이하은',
  userId,
  email,
  password: 'secret123',
  birth: '1993-03-03',
  phoneNm: '010-2222-3333',
});

async function verifiedEmail(client: TestClient): Promise<string> {
  const email = `${unique('mail')}@example.com`;
  expect((await client.post('/api/users/send-email', undefined, { query: { email } })).status).toBe(200);
  expect((await client.post('/api/users/verify-email', undefined, { query: { code: codeFromOutbox(email), email } })).status).toBe(200);
  return email;
}

describe('accounts through the BFF against the real api', () => {
  it('walks the whole journey: logged out → signup with verification → login → session', async () => {
    const client = createClient(bff.url);
    expect((await client.get('/api/users/check-session')).body).toEqual({ loggedIn: false });

    const invalid = await client.post('/api/users/signup', { name: '', userId: 'x', email: 'bad', password: '1', birth: '', phoneNm: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(invalid.body.error.fieldErrors).sort()).toEqual(['birth', 'email', 'name', 'password', 'phoneNm', 'userId']);
    expect(proxy.seen.filter((s) => s.endsWith('/api/users/signup'))).toEqual([]);

    const email = `${unique('journey')}@example.com`;
    const sent = await client.post('/api/users/send-email', undefined, { query: { email } });
    expect(sent.status).toBe(200);
    expect(sent.body.ok).toBe(true);
    const verified = await client.post('/api/users/verify-email', undefined, { query: { code: codeFromOutbox(email), email } });
    expect(verified.body).toMatchObject({ ok: true });

    const userId = unique('hana');
    const signedUp = await client.post('/api/users/signup', signupBody(userId, email));
    expect(signedUp.status).toBe(200);
    expect(signedUp.body.ok).toBe(true);

    const login = await client.post('/api/users/login', { userId, password: 'secret123' });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ loggedIn: true, userId, name: '이하은', email, isAdmin: false, role: 'USER', birth: '1993-03-03' });
    expect(login.setCookies.find((c) => c.startsWith('JSESSIONID='))).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/);
    const session = await client.get('/api/users/check-session');
    expect(session.body).toMatchObject({ loggedIn: true, userId, displayName: '이하은', isAdmin: false });

    const sid = client.cookies.get('JSESSIONID') ?? '';
    const out = await client.post('/api/users/logout');
    expect(out.body).toEqual({ ok: true, message: '로그아웃되었습니다.' });
    expect((await client.get('/api/users/check-session')).body).toEqual({ loggedIn: false });
    // The old id is dead upstream too, not just forgotten by the browser.
    const replay = createClient(bff.url);
    replay.cookies.set('JSESSIONID', sid);
    expect((await replay.get('/api/users/check-session')).body).toEqual({ loggedIn: false });
  });

  it("refuses 'admin' before the upstream sees it", async () => {
    const before = proxy.seen.length;
    const res = await createClient(bff.url).post('/api/users/signup', signupBody('Admin', 'admin-wannabe@example.com'));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'USER_ID_TAKEN', fieldErrors: { userId: '이미 사용 중인 아이디입니다.' } });
    expect(proxy.seen.length).toBe(before);
  });

  it('answers a wrong password with the 401 envelope', async () => {
    const client = createClient(bff.url);
    const email = await verifiedEmail(client);
    const userId = unique('pw');
    await client.post('/api/users/signup', signupBody(userId, email));
    const res = await client.post('/api/users/login', { userId, password: 'not-the-password' });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: '아이디 또는 비밀번호가 올바르지 않습니다.',
      requestId: res.headers.get('x-request-id'),
    });
    expect(client.cookies.has('JSESSIONID')).toBe(false);
  });

  it('maps duplicates, missing verification and wrong codes to their codes', async () => {
    const client = createClient(bff.url);
    const email = await verifiedEmail(client);
    const userId = unique('dup');
    expect((await client.post('/api/users/signup', signupBody(userId, email))).status).toBe(200);

    const again = await client.post('/api/users/send-email', undefined, { query: { email } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('EMAIL_ALREADY_REGISTERED');

    const other = await verifiedEmail(client);
    const takenId = await client.post('/api/users/signup', signupBody(userId.toUpperCase(), other));
    expect(takenId.status).toBe(409);
    expect(takenId.body.error).toMatchObject({ code: 'USER_ID_TAKEN', fieldErrors: { userId: expect.any(String) } });

    const unverified = await client.post('/api/users/signup', signupBody(unique('nv'), `${unique('nv')}@example.com`));
    expect(unverified.status).toBe(400);
    expect(unverified.body.error.code).toBe('EMAIL_NOT_VERIFIED');

    const wrongCode = await client.post('/api/users/verify-email', undefined, {
      query: { code: '000000', email: `${unique('wc')}@example.com` },
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.error).toMatchObject({ code: 'INVALID_CODE', fieldErrors: { code: '인증 코드가 올바르지 않습니다.' } });
  });

  it("lets the seeded-style 'admin' account log in and reports it as isAdmin", async () => {
    // The api's seed is not exported to other workspaces: make the admin the way it would, in the database.
    const client = createClient(bff.url);
    const email = await verifiedEmail(client);
    const userId = unique('boss');
    await client.post('/api/users/signup', signupBody(userId, email));
    await api.ctx.db.updateTable('users').set({ role: 'ADMIN', userId: 'admin' }).where('userId', '=', userId).execute();
    const login = await client.post('/api/users/login', { userId: 'admin', password: 'secret123' });
    expect(login.body).toMatchObject({ loggedIn: true, userId: 'admin', role: 'ADMIN', isAdmin: true });
    expect((await client.get('/api/users/check-session')).body).toMatchObject({ isAdmin: true });
  });

  it('keeps a member with the role USER out of isAdmin, whatever the name', async () => {
    const client = createClient(bff.url);
    const email = await verifiedEmail(client);
    const userId = unique('admin_');
    await client.post('/api/users/signup', signupBody(userId, email));
    expect((await client.post('/api/users/login', { userId, password: 'secret123' })).body).toMatchObject({ userId, isAdmin: false });
  });
});
