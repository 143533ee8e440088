import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { call, createMember, type Member } from '../../testing/fixtures';
import { outboxMessages } from '../../testing/fixtures/mail';
import { sendMemberMail } from './member-mail';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe';

// The one-link unsubscribe (issue 28): signed tokens (kind + member), no login; my page's switches.

let api: TestApi;
let member: Member;

beforeAll(async () => {
  api = await startTestApi();
  member = await createMember(api, 'unsubmember');
});
afterAll(() => api.close());

const unsubscribe = (token: string) => call(api, 'POST', '/api/unsubscribe', { json: { token } });
const prefs = async () =>
  JSON.parse((await call(api, 'GET', '/api/me/email-preferences', { cookie: member.cookie })).text) as Record<string, boolean>;
const mail = () =>
  sendMemberMail(api.ctx, {
    userPk: member.pk,
    to: 'unsubmember@example.com',
    kind: 'LOST_NOTICE',
    subject: 's',
    text: 't',
    html: '<p>t</p>',
  });

describe('unsubscribe tokens', () => {
  const config = { unsubscribeSecret: 'x'.repeat(40), unsubscribeTtlDays: 30 };

  it('reads back what it signed, refuses a forged or altered one and an expired one', () => {
    const token = unsubscribeToken(config, 'NEIGHBOURHOOD_ALERT', 42);
    expect(readUnsubscribeToken(config, token)).toEqual({ ok: true, kind: 'NEIGHBOURHOOD_ALERT', userPk: 42 });
    // Another member's id in the payload, the same signature: refused.
    const [, sig] = token.split('.');
    const forged = `${Buffer.from(`NEIGHBOURHOOD_ALERT.43.${Math.floor(Date.now() / 1000) + 999}`).toString('base64url')}.${sig}`;
    expect(readUnsubscribeToken(config, forged)).toEqual({ ok: false, why: 'INVALID' });
    expect(readUnsubscribeToken({ ...config, unsubscribeSecret: 'y'.repeat(40) }, token)).toEqual({ ok: false, why: 'INVALID' });
    expect(readUnsubscribeToken(config, 'garbage')).toEqual({ ok: false, why: 'INVALID' });
    const old = unsubscribeToken(config, 'LOST_NOTICE', 42, new Date(Date.now() - 31 * 86_400_000));
    expect(readUnsubscribeToken(config, old)).toEqual({ ok: false, why: 'EXPIRED' });
  });
});

describe('POST /api/unsubscribe and the preference switches', () => {
  it('every kind starts on; a member e-mail carries the link and goes out', async () => {
    expect(Object.values(await prefs()).every(Boolean)).toBe(true);
    expect(await mail()).toBe(true);
    expect(outboxMessages(api, 'unsubmember@example.com')).toHaveLength(1);
  });

  it('the link switches its kind off with no login; the next e-mail of that kind is not sent', async () => {
    const eml = outboxMessages(api, 'unsubmember@example.com')[0]!;
    const token = /List-Unsubscribe:\s+<[^>]*token=([\w-]+\.[\w-]+)>/.exec(eml)![1]!;
    const res = await unsubscribe(token);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ kind: 'LOST_NOTICE' });
    expect((await unsubscribe(token)).status).toBe(200); // twice is fine
    expect((await prefs()).LOST_NOTICE).toBe(false);
    expect((await prefs()).NEIGHBOURHOOD_ALERT).toBe(true);
    expect(await mail()).toBe(false);
    expect(outboxMessages(api, 'unsubmember@example.com')).toHaveLength(1);
  });

  it('refuses a forged token (400) and an expired one (410) with coded reasons', async () => {
    const forged = unsubscribeToken({ unsubscribeSecret: 'z'.repeat(40), unsubscribeTtlDays: 30 }, 'LOST_MATCH', member.pk);
    const bad = await unsubscribe(forged);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).error).toMatchObject({ code: 'INVALID_CODE', reason: 'UNSUBSCRIBE_LINK_INVALID' });
    const expired = unsubscribeToken(api.config.alerts, 'LOST_MATCH', member.pk, new Date(Date.now() - 400 * 86_400_000));
    const gone = await unsubscribe(expired);
    expect(gone.status).toBe(410);
    expect(JSON.parse(gone.text).error).toMatchObject({ reason: 'UNSUBSCRIBE_LINK_EXPIRED' });
    expect((await prefs()).LOST_MATCH).toBe(true);
  });

  it('my page switches a kind back on (members only)', async () => {
    const on = await call(api, 'PUT', '/api/me/email-preferences', { cookie: member.cookie, json: { kind: 'LOST_NOTICE', enabled: true } });
    expect(JSON.parse(on.text).LOST_NOTICE).toBe(true);
    expect(await mail()).toBe(true);
    expect((await call(api, 'PUT', '/api/me/email-preferences', { json: { kind: 'LOST_NOTICE', enabled: false } })).status).toBe(401);
    expect(
      (await call(api, 'PUT', '/api/me/email-preferences', { cookie: member.cookie, json: { kind: 'NOPE', enabled: false } })).status,
    ).toBe(400);
  });
});
