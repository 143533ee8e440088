import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER } from '@pawbridge/shared';
import type { TestApi } from '../../testing/test-api';
import { call, jpegWithExif, send, type Member } from '../../testing/fixtures';
import { form, missingJson, openLostScene, sightingJson, yesterday, type LostCalls } from './lost.testing';

// The board's total read from the trigger-kept counts (migration 0017) must always equal counting the
// rows: after posting, hiding, showing, closing, moving to another 시·도 and deleting, for every filter it serves.

let api: TestApi;
let owner: Member;
let admin: Member;
let lost: LostCalls;

beforeAll(async () => void ({ api, lost, owner, admin } = await openLostScene('count')));
afterAll(() => api.close());

const total = async (query: string) =>
  Number((await call(api, 'GET', `/api/lost/posts?size=1${query}`, {})).headers.get(TOTAL_COUNT_HEADER));
const truth = async (where: string) =>
  Number(
    (await sql<{ n: string }>`select count(*)::text as n from lost_posts where not hidden ${sql.raw(where)}`.execute(api.ctx.db)).rows[0]!
      .n,
  );

async function expectTotalsTrue() {
  const cases: [string, string][] = [
    ['', ''],
    ['&kind=MISSING', "and kind = 'MISSING'"],
    ['&kind=SIGHTING', "and kind in ('FOUND', 'SEEN')"],
    ['&status=OPEN', "and status = 'OPEN'"],
    ['&sido=서울특별시', "and sido = '서울특별시'"],
    ['&sido=부산광역시&kind=SEEN&status=OPEN', "and sido = '부산광역시' and kind = 'SEEN' and status = 'OPEN'"],
    ['&breed=푸들', "and breed like '%푸들%'"],
  ];
  for (const [query, where] of cases) expect([query, await total(encodeURI(query))]).toEqual([query, await truth(where)]);
}

describe('the board total', () => {
  it('stays equal to counting the rows through posting, hiding, closing, moving and deleting', async () => {
    const photo = [await jpegWithExif()];
    const ids: number[] = [];
    for (const body of [missingJson({ name: '하나' }), missingJson({ name: '둘', lat: 35.1587, lng: 129.1604, address: '해운대' })]) {
      const res = await lost.postMissing(owner, body, photo);
      expect(res.status).toBe(201);
      ids.push((res.json as unknown as { id: number }).id);
    }
    const seen = await lost.postSighting(owner, sightingJson({ lat: 35.1532, lng: 129.1186, address: '광안리' }));
    const seenId = (seen.json as unknown as { id: number }).id;
    await expectTotalsTrue();
    expect(await total('')).toBe(3);

    expect((await call(api, 'POST', `/api/admin/lost/posts/${seenId}/hide`, { cookie: admin.cookie, json: { hidden: true } })).status).toBe(
      200,
    );
    await expectTotalsTrue();
    expect(await total('')).toBe(2);
    expect(
      (await call(api, 'POST', `/api/admin/lost/posts/${seenId}/hide`, { cookie: admin.cookie, json: { hidden: false } })).status,
    ).toBe(200);
    expect((await call(api, 'POST', `/api/admin/lost/posts/${seenId}/close`, { cookie: admin.cookie })).status).toBe(200);
    await expectTotalsTrue();
    expect(await total('&status=CLOSED')).toBe(1);

    // A move to another 시·도 (서울 → 경기) moves the post between count groups.
    const moved = await send(api, 'POST', `/api/lost/posts/${ids[0]!}/updates`, {
      cookie: owner.cookie,
      form: form('update', { lat: 37.2636, lng: 127.0286, address: '수원역 앞', sigungu: '수원시', date: yesterday(), time: '20:00' }),
    });
    expect(moved.status).toBe(200);
    await expectTotalsTrue();
    expect([await total(encodeURI('&sido=서울특별시')), await total(encodeURI('&sido=경기도'))]).toEqual([0, 1]);

    await api.ctx.db.deleteFrom('lostPosts').where('id', '=', seenId).execute();
    await expectTotalsTrue();
    expect(await total('')).toBe(2);
  });
});
