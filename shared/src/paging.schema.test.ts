import { describe, expect, it } from 'vitest';
import {
  OptionalPageQuerySchema,
  PageQuerySchema,
  pagedRows,
  pageWindow,
  pageWindowFrom,
  parseTotalCount,
  slicePage,
} from './paging.schema';

describe('paging (issue 17)', () => {
  it('page from 1, size 1..100 with defaults 1 and 20; anything else is refused', () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 1, size: 20 });
    expect(PageQuerySchema.parse({ page: '3', size: '100' })).toEqual({ page: 3, size: 100 });
    for (const bad of [{ page: '0' }, { page: '-1' }, { page: 'x' }, { size: '0' }, { size: '101' }, { size: '2.5' }, { page: '100001' }])
      expect(PageQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(OptionalPageQuerySchema.parse({})).toEqual({});
  });

  it('a window only when asked; the missing half takes its default', () => {
    expect(pageWindow({})).toBeUndefined();
    expect(pageWindow({ page: 3 })).toEqual({ limit: 20, offset: 40 });
    expect(pageWindow({ size: 5 })).toEqual({ limit: 5, offset: 0 });
    expect(pageWindowFrom({ page: '2', size: '10' })).toEqual({ ok: true, window: { limit: 10, offset: 10 } });
    expect(pageWindowFrom({ size: '500' })).toMatchObject({ ok: false, message: expect.stringContaining('size') });
  });

  it('cuts a whole list into pages and reads a total header strictly', () => {
    const items = Array.from({ length: 7 }, (_, i) => i);
    expect(slicePage(items, { page: 3, size: 3 })).toEqual([6]);
    expect(slicePage(items, { page: 4, size: 3 })).toEqual([]);
    expect(parseTotalCount('42')).toBe(42);
    for (const v of [null, undefined, '', '-1', '4.2', 'abc', '1'.repeat(16)]) expect(parseTotalCount(v)).toBeUndefined();
  });

  it('pagedRows: everything without a window, else one page and the count', async () => {
    const all = [1, 2, 3, 4, 5];
    const source = {
      all: async () => all,
      page: async (w: { limit: number; offset: number }) => all.slice(w.offset, w.offset + w.limit),
      count: async () => all.length,
    };
    expect(await pagedRows(undefined, source)).toEqual({ rows: all, total: 5 });
    expect(await pagedRows({ limit: 2, offset: 2 }, source)).toEqual({ rows: [3, 4], total: 5 });
  });
});
