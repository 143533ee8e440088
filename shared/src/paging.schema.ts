import { z } from 'zod';

/**
 * Paging of every list and search (issue 17), the convention the community
 * board started: `?page` counts from 1, `?size` is the page length, the answer
 * body stays the spec's bare array and the number of items on all pages is in
 * the `X-Total-Count` header.
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';

export const PAGE_LIMITS = {
  sizeDefault: 20,
  sizeMax: 100,
  /** Far beyond any real list; keeps OFFSET arithmetic in safe integers. */
  pageMax: 100_000,
} as const;

export interface PageBounds {
  sizeDefault: number;
  sizeMax: number;
}

const pageNumber = z.coerce.number({ error: 'invalid' }).int('invalid').min(1, 'invalid').max(PAGE_LIMITS.pageMax, 'invalid');
const sizeNumber = (max: number) => z.coerce.number({ error: 'invalid' }).int('invalid').min(1, 'invalid').max(max, 'invalid');

/** `page` and `size` with defaults, for the BFF (every public list is paged). */
export const pageQueryFields = (bounds: PageBounds = PAGE_LIMITS) => ({
  page: pageNumber.default(1),
  size: sizeNumber(bounds.sizeMax).default(bounds.sizeDefault),
});

export const PageQuerySchema = z.object(pageQueryFields());
export type PageQuery = z.infer<typeof PageQuerySchema>;

/**
 * `page` and `size` both optional, for the api on the legacy paths: without
 * either it answers the whole list as the legacy did (the BFF's own joins read
 * it); with either, one page (the missing one takes its default).
 */
export const optionalPageQueryFields = (bounds: PageBounds = PAGE_LIMITS) => ({
  page: pageNumber.optional(),
  size: sizeNumber(bounds.sizeMax).optional(),
});
export const OptionalPageQuerySchema = z.object(optionalPageQueryFields());
export type OptionalPageQuery = z.infer<typeof OptionalPageQuerySchema>;

/** LIMIT/OFFSET of a page, or undefined for "everything". */
export function pageWindow(
  q: { page?: number | undefined; size?: number | undefined },
  bounds: PageBounds = PAGE_LIMITS,
): { limit: number; offset: number } | undefined {
  if (q.page === undefined && q.size === undefined) return undefined;
  const size = q.size ?? bounds.sizeDefault;
  return { limit: size, offset: ((q.page ?? 1) - 1) * size };
}

/** The api's reading of `?page&size`: the window (undefined: the whole list) or the first problem's key. */
export function pageWindowFrom(query: unknown): { ok: true; window: PageWindow } | { ok: false; message: string } {
  const parsed = OptionalPageQuerySchema.safeParse(query);
  if (!parsed.success)
    return { ok: false, message: `${String(parsed.error.issues[0]?.path[0] ?? 'page')}: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
  return { ok: true, window: pageWindow(parsed.data) };
}

/** One page cut from a whole list (the legacy upstream answers everything). */
export function slicePage<T>(items: readonly T[], q: { page: number; size: number }): T[] {
  const start = (q.page - 1) * q.size;
  return items.slice(start, start + q.size);
}

/** The total from an `X-Total-Count` value, or undefined when it is missing or not a count. */
export function parseTotalCount(value: string | null | undefined): number | undefined {
  return value !== null && value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/** LIMIT/OFFSET of one page; undefined is the whole list. */
export type PageWindow = { limit: number; offset: number } | undefined;

/** One page of rows (or all of them) and the number of rows on all pages. */
export interface Paged<T> {
  rows: T[];
  total: number;
}

/**
 * A page read with two statements, the rows and a count (not one snapshot: a row
 * written in between may be counted and not shown, or shift the next page by one,
 * which these lists can live with; a window count(*) over() would read every
 * matching row for every page). Without a window the whole list is read.
 */
export async function pagedRows<T>(
  w: PageWindow,
  rows: { all: () => Promise<T[]>; page: (w: { limit: number; offset: number }) => Promise<T[]>; count: () => Promise<number> },
): Promise<Paged<T>> {
  if (!w) {
    const all = await rows.all();
    return { rows: all, total: all.length };
  }
  // Side by side: on a pool of connections the page costs the slower of the two, not their sum.
  const [page, total] = await Promise.all([rows.page(w), rows.count()]);
  return { rows: page, total };
}
