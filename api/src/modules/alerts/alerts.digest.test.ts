import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { call, createMember, type Member } from '../../testing/fixtures';
import { emlSubject, emlText, outboxMessages } from '../../testing/fixtures/mail';

// neighbourhood alerts (issue 28): a member's stray report reaches neighbours once an admin registers it; the daily digest.

let api: TestApi;
let digest: Member;
let reporter: Member;
const P = { lat: 35.1587, lng: 129.1604 }; // 해운대

beforeAll(async () => {
  api = await startTestApi();
  await api.app.matching.stop();
  digest = await createMember(api, 'digestmember');
  reporter = await createMember(api, 'digestreporter');
  const res = await call(api, 'PUT', '/api/me/neighbourhood', {
    cookie: digest.cookie,
    json: {
      lat: P.lat + 0.01,
      lng: P.lng,
      place: '부산 해운대구',
      radiusKm: 3,
      missing: true,
      found: false,
      strays: true,
      shelter: false,
      delivery: 'DIGEST',
    },
  });
  expect(res.status).toBe(200);
});
afterAll(() => api.close());

const bells = async () =>
  (await api.ctx.db.selectFrom('notifications').select(['code', 'targetUrl']).where('recipientPk', '=', digest.pk).execute()).filter((n) =>
    n.code?.startsWith('NEIGHBOURHOOD_'),
  );

describe('a stray report', () => {
  it('alerts nobody while it waits for the admin, and the neighbours once registered (public)', async () => {
    const { id } = await api.ctx.db
      .insertInto('strayReports')
      .values({
        reporterPk: reporter.pk,
        latitude: P.lat,
        longitude: P.lng,
        imageUrl: '/uploads/0123456789abcdef0123456789abcdef.jpg',
        gender: 'FEMALE',
        description: '하얀 개',
        location: '부산',
        foundDate: '2026-11-20',
        foundTime: '09:00',
        placeName: '부산광역시 해운대구 우동',
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await api.app.matching.drain();
    expect(await bells()).toEqual([]);
    await api.ctx.db.updateTable('strayReports').set({ status: 'PROTECTING', registeredAt: new Date() }).where('id', '=', id).execute();
    await api.app.matching.drain();
    expect(await bells()).toEqual([{ code: 'NEIGHBOURHOOD_STRAY', targetUrl: `/adopt/${id}` }]);
    expect(outboxMessages(api, 'digestmember@example.com')).toHaveLength(0); // the digest waits for the morning
  });
});

describe('the daily digest', () => {
  it('mails each waiting alert once, in one e-mail, place in words, with the unsubscribe link', async () => {
    expect(await api.app.alertDigest.sweep()).toEqual({ claimed: 1, sent: 1 });
    const [mail] = outboxMessages(api, 'digestmember@example.com');
    expect(emlSubject(mail!)).toBe('[포브리지] 지난 하루 내 동네 새 글 1건');
    const text = emlText(mail!);
    expect(text).toContain('유기견 제보 — 부산광역시 해운대구 우동, 약 1 km');
    expect(text).not.toMatch(/35\.1|129\.1/);
    expect(text).toMatch(/\/unsubscribe\?token=/);
    expect(await api.app.alertDigest.sweep()).toEqual({ claimed: 0, sent: 0 });
    expect(outboxMessages(api, 'digestmember@example.com')).toHaveLength(1);
  });
});
