import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER } from '@pawbridge/shared';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { createMember, getJson, insertStray, type Member } from '../../testing/fixtures';

interface Dto {
  id: number;
  status: string;
}

const ids = (res: { json: unknown }) => (res.json as Dto[]).map((d) => d.id);
const total = (res: { headers: Headers }) => Number(res.headers.get(TOTAL_COUNT_HEADER));

// Issue 17: every list and search pages with ?page (from 1) and ?size (≤ 100), the total in X-Total-Count;
// without either the whole list, as on the legacy wire (the BFF's own joins read it).
describe('paged stray lists', () => {
  let api: TestApi;
  let admin: Member;
  const publicIds: number[] = [];

  beforeAll(async () => {
    api = await startTestApi();
    admin = await createMember(api, 'pager', { role: 'ADMIN' });
    // Ties on purpose: the same day and time for several strays, so only the id orders them.
    for (let i = 0; i < 9; i++) {
      const status = i < 5 ? 'PROTECTING' : i < 7 ? 'WAITING' : 'ADOPT';
      publicIds.push(
        await insertStray(api, {
          status,
          location: i % 2 ? '서울특별시' : '부산광역시',
          description: i === 4 ? '100%_순수 진돗개' : '갈색 개',
          foundDate: '2026-10-01',
          foundTime: i % 3 ? '08:00' : '09:30',
        }),
      );
    }
    await insertStray(api, { status: 'LOST', location: '서울특별시' });
  });
  afterAll(() => api.close());

  it('without page or size: the whole public list, total in the header', async () => {
    const res = await getJson(api, '/api/abandoned/abandoned-pets');
    expect(res.status).toBe(200);
    expect(ids(res).sort()).toEqual([...publicIds].sort());
    expect(total(res)).toBe(9);
  });

  it('pages follow the adopt order with the id as the last tiebreak: no overlap, nothing skipped', async () => {
    const whole = await getJson(api, '/api/abandoned/abandoned-pets');
    const pages: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await getJson(api, `/api/abandoned/abandoned-pets?page=${page}&size=3`);
      expect(total(res)).toBe(9);
      pages.push(...ids(res));
    }
    expect(pages).toEqual(ids(whole));
    const statuses = (whole.json as Dto[]).map((d) => d.status);
    expect(statuses).toEqual([...Array(5).fill('PROTECTING'), 'WAITING', 'WAITING', 'ADOPT', 'ADOPT']);
    // Within one status, day and time: newest id first.
    const protecting830 = (whole.json as (Dto & { foundTime: string })[])
      .filter((d) => d.status === 'PROTECTING' && d.foundTime === '08:00')
      .map((d) => d.id);
    expect(protecting830).toEqual([...protecting830].sort((a, b) => b - a));
    expect(ids(await getJson(api, '/api/abandoned/abandoned-pets?size=4'))).toEqual(ids(whole).slice(0, 4));
    expect(ids(await getJson(api, '/api/abandoned/abandoned-pets?page=2'))).toEqual([]);
  });

  it('search pages its matches; % and _ stay literal', async () => {
    const seoul = await getJson(api, `/api/abandoned/abandoned-pets/search?location=${encodeURIComponent('서울')}&size=2&page=2`);
    expect(seoul.status).toBe(200);
    expect(total(seoul)).toBe(4);
    expect(ids(seoul)).toHaveLength(2);
    const all = await getJson(api, `/api/abandoned/abandoned-pets/search?location=${encodeURIComponent('서울')}`);
    expect(ids(all).slice(2, 4)).toEqual(ids(seoul));
    expect(ids(await getJson(api, `/api/abandoned/abandoned-pets/search?location=${encodeURIComponent('0%_순')}`))).toEqual([publicIds[4]]);
    expect(ids(await getJson(api, `/api/abandoned/abandoned-pets/search?location=${encodeURIComponent('0__순')}`))).toEqual([]);
    const none = await getJson(api, '/api/abandoned/abandoned-pets/search?location=nowhere&page=1&size=5');
    expect(ids(none)).toEqual([]);
    expect(total(none)).toBe(0);
  });

  it('admin list pages every report newest first', async () => {
    const first = await getJson(api, '/api/admin/abandoned-pets?size=4', admin.cookie);
    expect(total(first)).toBe(10);
    const rest = await getJson(api, '/api/admin/abandoned-pets?size=4&page=2', admin.cookie);
    const both = [...ids(first), ...ids(rest)];
    expect(both).toEqual([...both].sort((a, b) => b - a));
    expect(new Set(both).size).toBe(8);
  });

  it('bad page or size is a 400', async () => {
    for (const q of ['size=0', 'size=101', 'page=0', 'page=abc', 'size=1.5', 'page=100001']) {
      expect((await getJson(api, `/api/abandoned/abandoned-pets?${q}`)).status, q).toBe(400);
      expect((await getJson(api, `/api/abandoned/abandoned-pets/search?${q}`)).status, q).toBe(400);
      expect((await getJson(api, `/api/admin/abandoned-pets?${q}`, admin.cookie)).status, q).toBe(400);
    }
    expect((await getJson(api, '/api/abandoned/abandoned-pets?size=100')).status).toBe(200);
  });
});
