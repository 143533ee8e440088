import { describe, expect, it } from 'vitest';
import { PAGE_LIMITS, StrayListSchema, TOTAL_COUNT_HEADER } from '@pawbridge/shared';
import type { TestClient } from '../testing/test-bff';
import { expectEnvelope, type StraysTarget } from './strays.suite';

type Res = Awaited<ReturnType<TestClient['get']>>;

const total = (res: Res) => Number(res.headers.get(TOTAL_COUNT_HEADER));

/** Every page of a list, in order, by `size`; checks each page's header on the way. */
async function allPages(
  c: TestClient,
  path: string,
  query: Record<string, string>,
  size: number,
): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  let expected: number | undefined;
  for (let page = 1; page <= 50; page++) {
    const res = await c.get(path, { query: { ...query, page: String(page), size: String(size) } });
    expect(res.status, res.text).toBe(200);
    expected ??= total(res);
    expect(total(res)).toBe(expected);
    const items = StrayListSchema.parse(res.body);
    expect(items.length).toBeLessThanOrEqual(size);
    ids.push(...items.map((s) => s.id));
    if (items.length < size) break;
  }
  return { ids, total: expected ?? 0 };
}

/**
 * Paging of the stray lists (issue 17), the same cases against our api and the
 * legacy fake: `page` from 1, `size` default 20 and at most 100, the total in
 * X-Total-Count, pages that neither overlap nor skip, bad values a 400.
 */
export function strayPagingSuite(t: StraysTarget): void {
  describe('paged stray lists', () => {
    it('adopt list: default size 20, pages in adopt order without overlap, total in the header', async () => {
      const seeded: number[] = [];
      for (let i = 0; i < PAGE_LIMITS.sizeDefault + 3; i++) {
        seeded.push(
          await t.seed({
            status: i % 3 === 0 ? 'WAITING' : 'PROTECTING',
            foundDate: `2026-0${1 + (i % 9)}-1${i % 10}`,
            foundTime: '12:00',
          }),
        );
      }
      await t.seed({ status: 'LOST' });
      const c = t.anonymous();
      const first = await c.get('/api/abandoned/abandoned-pets');
      expect(first.status, first.text).toBe(200);
      const everything = StrayListSchema.parse(
        (await c.get('/api/abandoned/abandoned-pets', { query: { size: String(PAGE_LIMITS.sizeMax) } })).body,
      );
      expect(everything.length).toBeGreaterThanOrEqual(seeded.length);
      expect(StrayListSchema.parse(first.body).map((s) => s.id)).toEqual(everything.slice(0, PAGE_LIMITS.sizeDefault).map((s) => s.id));
      expect(total(first)).toBe(everything.length);
      expect(first.headers.get('access-control-expose-headers')).toContain(TOTAL_COUNT_HEADER);
      const paged = await allPages(c, '/api/abandoned/abandoned-pets', {}, 7);
      expect(paged.ids).toEqual(everything.map((s) => s.id));
      expect(new Set(paged.ids).size).toBe(paged.ids.length);
      expect(paged.total).toBe(everything.length);
      for (const id of seeded) expect(paged.ids).toContain(id);
      const ranks = everything.map((s) => ['PROTECTING', 'WAITING', 'ADOPT'].indexOf(s.status));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      const beyond = await c.get('/api/abandoned/abandoned-pets', { query: { page: '999', size: '10' } });
      expect(beyond.body).toEqual([]);
      expect(total(beyond)).toBe(everything.length);
    });

    it('bad page or size is a 400 on the list and the search', async () => {
      const c = t.anonymous();
      const bad: Record<string, string>[] = [
        { size: '0' },
        { size: String(PAGE_LIMITS.sizeMax + 1) },
        { page: '0' },
        { page: 'x' },
        { size: '2.5' },
        { page: '-1' },
      ];
      for (const query of bad) {
        expectEnvelope(await c.get('/api/abandoned/abandoned-pets', { query }), 400, 'VALIDATION_FAILED');
        expectEnvelope(
          await c.get('/api/abandoned/abandoned-pets/search', { query: { ...query, location: '서울' } }),
          400,
          'VALIDATION_FAILED',
        );
      }
    });

    it('search: pages of the matches only, same order as one big page, total of the matches', async () => {
      const marker = `파주 심학산 둘레길 ${Date.now() % 100000}`;
      const ids: number[] = [];
      for (let i = 0; i < 5; i++)
        ids.push(
          await t.seed({
            status: 'PROTECTING',
            location: '경기도',
            description: `${marker} ${i}`,
            foundDate: `2026-08-0${i + 1}`,
            foundTime: '09:00',
          }),
        );
      const c = t.anonymous();
      const paged = await allPages(c, '/api/abandoned/abandoned-pets/search', { location: marker }, 2);
      expect(paged.total).toBe(5);
      // Newest found first within the same status.
      expect(paged.ids).toEqual([...ids].reverse());
      const one = await c.get('/api/abandoned/abandoned-pets/search', { query: { location: marker, page: '3', size: '2' } });
      expect(StrayListSchema.parse(one.body).map((s) => s.id)).toEqual([ids[0]]);
      expect(total(one)).toBe(5);
    });

    it('admin list: newest report first, paged, every status, total in the header', async () => {
      const lost = await t.seed({ status: 'LOST' });
      const admin = await t.admin();
      const everything = StrayListSchema.parse((await admin.get('/api/admin/abandoned-pets', { query: { size: '100' } })).body);
      expect(everything.some((s) => s.id === lost && s.status === 'LOST')).toBe(true);
      const paged = await allPages(admin, '/api/admin/abandoned-pets', {}, 4);
      expect(paged.ids).toEqual(everything.map((s) => s.id));
      expect(paged.total).toBe(everything.length);
      expect(paged.ids).toEqual([...paged.ids].sort((a, b) => b - a));
      expectEnvelope(await admin.get('/api/admin/abandoned-pets', { query: { size: '101' } }), 400, 'VALIDATION_FAILED');
    });
  });
}
