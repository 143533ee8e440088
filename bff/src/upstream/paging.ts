import type { FastifyReply } from 'fastify';
import { PAGE_LIMITS, parseTotalCount, slicePage, TOTAL_COUNT_HEADER, type PageQuery } from '@pawbridge/shared';
import type { UpstreamResponse } from './client';

/** OpenAPI text of every paged list. */
export const PAGE_DOC = `\`page\`(1부터, 기본 1)·\`size\`(기본 ${PAGE_LIMITS.sizeDefault}, 최대 ${PAGE_LIMITS.sizeMax})로 나눠 받고 전체 개수는 \`${TOTAL_COUNT_HEADER}\` 헤더에 있습니다(잘못된 값은 400).`;

/** One page of a list and the number of items on all pages (the `X-Total-Count` header). */
export interface Page<T> {
  items: T[];
  total: number;
}

/** Request options asking our api for one page (the legacy ignores them and answers everything); none: the whole list. */
export const withPage = (q?: PageQuery): { query?: { page: number; size: number } } => (q ? { query: { page: q.page, size: q.size } } : {});

/**
 * A page from an upstream answer: our api pages itself and says the total in
 * `X-Total-Count`; without that header (the legacy sends every item) the
 * whole normalised list is cut here.
 */
export function pageFrom<T>(res: UpstreamResponse, items: T[], q: PageQuery): Page<T> {
  const total = parseTotalCount(res.headers.get(TOTAL_COUNT_HEADER));
  if (total !== undefined) return { items, total };
  return { items: slicePage(items, q), total: items.length };
}

/** A page as the browser gets it: the bare array, the total in a header it may read, never cached. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>, cache = 'no-store'): FastifyReply {
  return reply
    .header(TOTAL_COUNT_HEADER, String(page.total))
    .header('access-control-expose-headers', TOTAL_COUNT_HEADER)
    .header('cache-control', cache)
    .send(page.items);
}
