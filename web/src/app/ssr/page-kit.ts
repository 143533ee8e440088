import type { Params } from 'react-router';
import type { Key } from 'swr';
import type { PageDataRequest, PageDataResult } from '@pawbridge/shared/ssr.schema';
import { infiniteKeys, type EmbeddedCache, type EmbeddedEntry } from '@/lib/ssr-cache';

/* What every entry of the render table (public-pages.ts, animal-pages.ts) is made of. */

export type Results = Record<string, PageDataResult>;
export type PageDataResultOf = PageDataResult | undefined;

/**
 * One server-rendered public page (issue 26, docs/decisions/0032). Adding a page is one entry
 * in the render table (`PUBLIC_PAGES` in public-pages.ts, which spreads in `ANIMAL_PAGES` and the like): its router path, the modules its route loads lazily (so the first
 * HTML links their scripts and styles), what data its first screen needs (the BFF fetches each
 * kind from its gateways), and under which SWR keys the page's hooks find those answers. A page
 * renders `PageMeta` (its description, canonical and preview tags).
 */
export interface PublicPage {
  path: string;
  /** Vite manifest keys (paths from web/) of the route's lazily loaded modules. */
  modules: string[];
  data(params: Params, search: URLSearchParams): Record<string, PageDataRequest>;
  cache(results: Results, params: Params, search: URLSearchParams): EmbeddedCache;
  /** The answer's status: 200 unless the page's own data says otherwise. */
  status?(results: Results, params: Params): number;
}

export const SCREEN_STYLES = 'src/components/styles/screens.ts';

/** The answer, or the failure the hook's error state shows (the same as when the browser's call fails). */
export function entryOf(
  result: PageDataResult | undefined,
  data: (r: Extract<PageDataResult, { ok: true }>) => unknown,
): EmbeddedEntry | null {
  if (!result) return null;
  return result.ok ? { data: data(result) } : { error: { status: result.status, code: result.code } };
}

/** 502/504 when the page's main list failed (the page still renders its error state), else 200. */
export const statusOf = (result: PageDataResult | undefined): number => (result && !result.ok ? (result.status === 504 ? 504 : 502) : 200);

export function withEntries(...pairs: [string, EmbeddedEntry | null][]): EmbeddedCache {
  const out: EmbeddedCache = {};
  for (const [k, v] of pairs) if (v) out[k] = v;
  return out;
}

/** An infinite list's first page: under the list's key (all pages) and the page's own key. */
export function firstPage(firstKey: Key, entry: EmbeddedEntry | null): [string, EmbeddedEntry | null][] {
  const [list, page] = infiniteKeys(firstKey);
  if (!entry) return [];
  return 'data' in entry
    ? [
        [list, { data: [entry.data] }],
        [page, entry],
      ]
    : [[list, entry]];
}
