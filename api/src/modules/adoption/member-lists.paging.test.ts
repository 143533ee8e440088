import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER } from '@pawbridge/shared';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { createMember, getJson, insertStray, type Member } from '../../testing/fixtures';

type Res = Awaited<ReturnType<typeof getJson>>;
const total = (res: Res) => Number(res.headers.get(TOTAL_COUNT_HEADER));
const keys = (res: Res, key: string) => (res.json as Record<string, unknown>[]).map((r) => r[key]);

/** Reads a list page by page (size 2) and checks each page's header; returns the keys in order. */
async function pages(api: TestApi, path: string, cookie: string, key: string, expectedTotal: number): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let page = 1; page <= Math.ceil(expectedTotal / 2) + 1; page++) {
    const res = await getJson(api, `${path}${path.includes('?') ? '&' : '?'}page=${page}&size=2`, cookie);
    expect(res.status, `${path} ${res.text}`).toBe(200);
    expect(total(res)).toBe(expectedTotal);
    out.push(...keys(res, key));
  }
  return out;
}

// Issue 17: the member's and the admin's lists page like the adopt list (?page from 1, ?size ≤ 100,
// X-Total-Count); without either they answer everything as the legacy did (notifications: the newest 100).
describe('paged member and admin lists', () => {
  let api: TestApi;
  let admin: Member;
  let ann: Member;
  let ben: Member;

  beforeAll(async () => {
    api = await startTestApi();
    admin = await createMember(api, 'listadmin', { role: 'ADMIN' });
    ann = await createMember(api, 'ann');
    ben = await createMember(api, 'ben');
    const db = api.ctx.db;
    for (let i = 0; i < 5; i++) {
      const stray = await insertStray(api, { status: 'WAITING' });
      await db
        .insertInto('adoptionApplications')
        .values({ strayId: stray, applicantPk: i < 3 ? ann.pk : ben.pk, adoptStatus: 'REQUESTED', approvedAt: null, decidedAt: null })
        .execute();
      await db
        .insertInto('donations')
        .values({
          impUid: `imp_${i}`,
          merchantUid: `m_${i}`,
          donorPk: ann.pk,
          donorLoginId: ann.userId,
          strayId: stray,
          amount: 1000 * (i + 1),
          paymentMethod: 'card',
          gateway: 'test',
        })
        .execute();
      await db
        .insertInto('notifications')
        .values({
          recipientPk: ann.pk,
          sender: 'system',
          message: `알림 ${i}`,
          notificationType: 'COMMENT',
          relatedId: null,
          targetUrl: null,
          isRead: i % 2 === 0,
        })
        .execute();
      await db
        .insertInto('pets')
        .values({
          userPk: ann.pk,
          petId: `p-${i}`,
          name: `멍멍 ${i}`,
          type: '진돗개',
          weight: 5,
          age: 2,
          size: 'SMALL',
          gender: 'MALE',
          adopt: false,
          profile: null,
        })
        .execute();
    }
  });
  afterAll(() => api.close());

  it('admin applications: every one, newest first with the id breaking ties, in pages', async () => {
    const whole = await getJson(api, '/api/admin/adopt-applications', admin.cookie);
    expect(total(whole)).toBe(5);
    const ids = keys(whole, 'id') as number[];
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(await pages(api, '/api/admin/adopt-applications', admin.cookie, 'id', 5)).toEqual(ids);
  });

  it('my applications: only the caller’s, paged', async () => {
    const whole = await getJson(api, '/api/adopt/adoption/my-applications', ann.cookie);
    expect(total(whole)).toBe(3);
    expect(await pages(api, '/api/adopt/adoption/my-applications', ann.cookie, 'id', 3)).toEqual(keys(whole, 'id'));
    expect(total(await getJson(api, '/api/adopt/adoption/my-applications?size=1', ben.cookie))).toBe(2);
  });

  it('my donations: newest first, paged', async () => {
    const whole = await getJson(api, '/api/abandoned/donation/my-donations', ann.cookie);
    expect(total(whole)).toBe(5);
    expect(await pages(api, '/api/abandoned/donation/my-donations', ann.cookie, 'donationId', 5)).toEqual(keys(whole, 'donationId'));
  });

  it('notifications: all and unread, newest first, paged', async () => {
    const all = await getJson(api, `/api/notifications/user/${ann.userId}`, ann.cookie);
    expect(total(all)).toBe(5);
    expect(await pages(api, `/api/notifications/user/${ann.userId}`, ann.cookie, 'id', 5)).toEqual(keys(all, 'id'));
    const unread = await getJson(api, `/api/notifications/user/${ann.userId}/unread?size=1`, ann.cookie);
    expect(total(unread)).toBe(2);
    expect(keys(unread, 'id')).toHaveLength(1);
  });

  it('my dogs: oldest first, paged', async () => {
    const whole = await getJson(api, '/api/pet/profile/pets', ann.cookie);
    expect(total(whole)).toBe(5);
    expect(keys(whole, 'petId')).toEqual(['p-0', 'p-1', 'p-2', 'p-3', 'p-4']);
    expect(await pages(api, '/api/pet/profile/pets', ann.cookie, 'petId', 5)).toEqual(keys(whole, 'petId'));
  });

  it('bad page or size is a 400 on every list', async () => {
    const lists: [string, string][] = [
      ['/api/admin/adopt-applications', admin.cookie],
      ['/api/adopt/adoption/my-applications', ann.cookie],
      ['/api/abandoned/donation/my-donations', ann.cookie],
      [`/api/notifications/user/${ann.userId}`, ann.cookie],
      [`/api/notifications/user/${ann.userId}/unread`, ann.cookie],
      ['/api/pet/profile/pets', ann.cookie],
    ];
    for (const [path, cookie] of lists)
      for (const q of ['size=0', 'size=101', 'page=0', 'page=x'])
        expect((await getJson(api, `${path}?${q}`, cookie)).status, `${path}?${q}`).toBe(400);
  });
});
