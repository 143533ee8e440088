import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '@pawbridge/api/testing';
import { TOTAL_COUNT_HEADER } from '@pawbridge/shared';
import { startTestBff, type TestBff, type TestClient } from '../testing/test-bff';
import { apiMember, type Member } from '../testing/fixtures';
import { expectEnvelope } from './strays.suite';

// Issue 17 through the BFF in front of our api: the member's and the admin's lists page with ?page and ?size
// (default 20, at most 100), the total in X-Total-Count, the bare array as body.
let api: TestApi;
let bff: TestBff;
let ann: Member;
let admin: Member;

const total = (res: Awaited<ReturnType<TestClient['get']>>) => Number(res.headers.get(TOTAL_COUNT_HEADER));

async function walk(c: TestClient, path: string, key: string, size: number): Promise<{ keys: unknown[]; total: number }> {
  const keys: unknown[] = [];
  let seen: number | undefined;
  for (let page = 1; page < 30; page++) {
    const res = await c.get(path, { query: { page: String(page), size: String(size) } });
    expect(res.status, `${path} ${res.text}`).toBe(200);
    seen ??= total(res);
    expect(total(res)).toBe(seen);
    const items = res.body as Record<string, unknown>[];
    keys.push(...items.map((i) => i[key]));
    if (items.length < size) break;
  }
  return { keys, total: seen ?? 0 };
}

beforeAll(async () => {
  api = await startTestApi();
  bff = await startTestBff(api.url);
  ann = await apiMember(api, bff.url);
  admin = await apiMember(api, bff.url, { role: 'ADMIN' });
  const db = api.ctx.db;
  const annPk = (await db.selectFrom('users').select('id').where('userId', '=', ann.userId).executeTakeFirstOrThrow()).id;
  for (let i = 0; i < 23; i++) {
    const stray = await db
      .insertInto('strayReports')
      .values({
        reporterPk: null,
        latitude: 37.5,
        longitude: 127,
        imageUrl: '/uploads/0123456789abcdef0123456789abcdef.jpg',
        gender: 'MALE',
        description: '갈색 개',
        location: '서울특별시',
        type: null,
        name: null,
        foundDate: '2026-10-01',
        foundTime: '08:00',
        status: 'WAITING',
        registeredAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('adoptionApplications')
      .values({ strayId: stray.id, applicantPk: annPk, adoptStatus: 'REQUESTED', approvedAt: null, decidedAt: null })
      .execute();
    await db
      .insertInto('donations')
      .values({
        impUid: `imp_b${i}`,
        merchantUid: `m_b${i}`,
        donorPk: annPk,
        donorLoginId: ann.userId,
        strayId: stray.id,
        amount: 1000,
        paymentMethod: 'card',
        gateway: 'test',
      })
      .execute();
    await db
      .insertInto('notifications')
      .values({ recipientPk: annPk, sender: 'system', message: `알림 ${i}`, notificationType: 'COMMENT', relatedId: null, targetUrl: null })
      .execute();
    if (i < 7)
      await db
        .insertInto('pets')
        .values({
          userPk: annPk,
          petId: `bp-${i}`,
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
afterAll(async () => {
  await bff?.close();
  await api?.close();
});

describe('paged member and admin lists through the BFF (api upstream)', () => {
  const lists = () => [
    { c: admin.client, path: '/api/admin/adopt-applications', key: 'id', n: 23 },
    { c: ann.client, path: '/api/adopt/adoption/my-applications', key: 'id', n: 23 },
    { c: ann.client, path: '/api/abandoned/donation/my-donations', key: 'donationId', n: 23 },
    { c: ann.client, path: `/api/notifications/user/${ann.userId}/unread`, key: 'id', n: 23 },
    { c: ann.client, path: '/api/pet/profile/pets', key: 'petId', n: 7 },
  ];

  it('default page: the first 20 with the total in the header', async () => {
    for (const { c, path, n } of lists()) {
      const res = await c.get(path);
      expect(res.status, `${path} ${res.text}`).toBe(200);
      expect((res.body as unknown[]).length, path).toBe(Math.min(n, 20));
      expect(total(res), path).toBe(n);
      expect(res.headers.get('access-control-expose-headers')).toContain(TOTAL_COUNT_HEADER);
    }
  });

  it('pages of 6 join up to one page of 100: same order, no overlap', async () => {
    for (const { c, path, key, n } of lists()) {
      const whole = (await c.get(path, { query: { size: '100' } })).body as Record<string, unknown>[];
      expect(whole).toHaveLength(n);
      const paged = await walk(c, path, key, 6);
      expect(paged.total, path).toBe(n);
      expect(paged.keys, path).toEqual(whole.map((w) => w[key]));
    }
  });

  it('bad page or size is a 400 VALIDATION_FAILED', async () => {
    const bad: Record<string, string>[] = [{ size: '0' }, { size: '101' }, { page: '0' }, { page: 'two' }];
    for (const { c, path } of lists()) {
      for (const query of bad) expectEnvelope(await c.get(path, { query }), 400, 'VALIDATION_FAILED');
    }
  });
});
