import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '@pawbridge/api/testing/unsubscribe';
import { closeBffOnApi, startBffOnApi, type BffOnApi } from '../testing/api-stack';
import { apiMember, type Member } from '../testing/fixtures';
import { createClient } from '../testing/test-bff';

// neighbourhood alerts and the one-link unsubscribe through the BFF on our api (issue 28).
let stack: BffOnApi;
let member: Member;
let other: Member;

const setting = {
  lat: 37.556,
  lng: 126.91,
  place: '서울 마포구',
  radiusKm: 3,
  missing: true,
  found: true,
  strays: false,
  shelter: false,
  delivery: 'INSTANT',
};

beforeAll(async () => {
  stack = await startBffOnApi();
  member = await apiMember(stack.api, stack.bff.url, { name: '동네회원' });
  other = await apiMember(stack.api, stack.bff.url, { name: '다른회원' });
});
afterAll(() => closeBffOnApi(stack));

describe('neighbourhood alerts through the BFF, upstream = our api', () => {
  it('saves and reads back the member’s own 동네; another member sees none', async () => {
    const saved = await member.client.put('/api/me/neighbourhood', setting);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ setting });
    expect((await member.client.get('/api/me/neighbourhood')).body).toEqual({ setting });
    expect((await other.client.get('/api/me/neighbourhood')).body).toEqual({ setting: null });
    expect((await createClient(stack.bff.url).get('/api/me/neighbourhood')).status).toBe(401);
  });

  it('refuses a point outside Korea with a coded field error', async () => {
    const res = await member.client.put('/api/me/neighbourhood', { ...setting, lat: 35.68, lng: 139.76 });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrorCodes: { lat: 'lostOutsideKorea' } });
  });

  it('switches e-mail kinds from my page, and a forged unsubscribe link is refused without a login', async () => {
    const off = await member.client.put('/api/me/email-preferences', { kind: 'NEIGHBOURHOOD_DIGEST', enabled: false });
    expect(off.body).toMatchObject({ NEIGHBOURHOOD_DIGEST: false, LOST_NOTICE: true });
    const forged = await createClient(stack.bff.url).post('/api/unsubscribe', { token: 'TE9TVF9OT1RJQ0UuMS45OTk5OTk5OTk5.c2lnbmF0dXJl' });
    expect([forged.status, forged.body.error.reason]).toEqual([400, 'UNSUBSCRIBE_LINK_INVALID']);
  });

  it('a real link (as the e-mail carries it) unsubscribes with no cookie, by JSON and by the mail client’s one-click form', async () => {
    const { id: pk } = await stack.api.ctx.db
      .selectFrom('users')
      .select('id')
      .where('userId', '=', member.userId)
      .executeTakeFirstOrThrow();
    const token = unsubscribeToken(stack.api.config.alerts, 'LOST_NOTICE', pk);
    const res = await createClient(stack.bff.url).post('/api/unsubscribe', { token });
    expect([res.status, res.body]).toEqual([200, { kind: 'LOST_NOTICE' }]);
    const oneClick = await fetch(
      `${stack.bff.url}/api/unsubscribe?token=${unsubscribeToken(stack.api.config.alerts, 'LOST_REMINDER', pk)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(oneClick.status).toBe(200);
    expect((await member.client.get('/api/me/email-preferences')).body).toMatchObject({ LOST_NOTICE: false, LOST_REMINDER: false });
  });

  it('the reach of a post is the author’s only', async () => {
    expect((await other.client.get('/api/lost/posts/999/reach')).status).toBe(404);
  });
});
