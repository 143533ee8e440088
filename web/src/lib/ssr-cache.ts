import { unstable_serialize, type Cache, type Key, type Middleware, type State } from 'swr';
import { unstable_serialize as infiniteSerialize } from 'swr/infinite';
import { ApiError } from './api-client';

/*
 * The first screen's data, fetched once by the server render (issue 26, docs/decisions/0032):
 * the server puts the answers into SWR's cache under the keys the hooks use and writes them
 * into the page; the browser starts its SWR cache from them, and a hook whose data came that
 * way does not ask again when it mounts. After the first navigation every hook behaves as
 * before (a screen opened later reads fresh data).
 */

/** The element the server writes the cache into (JSON, not a script that runs). */
export const SSR_DATA_ID = 'pb-ssr-data';

/** A cache entry as written into the page: the answer, or the failure the list's error state shows. */
export type EmbeddedEntry = { data: unknown } | { error: { status: number; code: string } };
export type EmbeddedCache = Record<string, EmbeddedEntry>;

/** The cache key of a plain `useSWR(key)`. */
export const swrKey = (key: Key): string => unstable_serialize(key);

/** The cache key of a `useSWRInfinite` whose first page key is `firstPage`, and that page's own key. */
export const infiniteKeys = (firstPage: Key): [infinite: string, page: string] => [
  infiniteSerialize(() => firstPage as string),
  unstable_serialize(firstPage),
];

/** Per cache, the keys whose data came with the page: their hooks do not fetch on the first mount (server render and hydration alike). */
const freshKeys = new WeakMap<object, Set<string>>();

/** SWR's cache, started from the server's answers (in the server render and in the browser that hydrates it). */
export function cacheFrom(embedded: EmbeddedCache): Cache {
  const map = new Map<string, State>();
  const fresh = new Set<string>();
  for (const [key, entry] of Object.entries(embedded)) {
    const state: State =
      'data' in entry
        ? { data: entry.data }
        : { error: new ApiError(entry.error.status, entry.error.code as ApiError['code'], entry.error.code) };
    map.set(key, state);
    fresh.add(key);
  }
  freshKeys.set(map, fresh);
  return map as unknown as Cache;
}

/** Whether `key` (as SWR serialises it) still holds what the server sent. */
export function isFreshFromServer(cache: Cache, key: string): boolean {
  return freshKeys.get(cache)?.has(key) ?? false;
}

/** The first navigation ends it: later mounts read again, as without a server render. */
export function forgetServerData(cache: Cache): void {
  freshKeys.get(cache)?.clear();
}

/** SWR middleware: a hook (or an infinite list) whose data came with the page does not refetch on mount. */
export const serverDataFirst: Middleware = (useSWRNext) => (key, fetcher, config) => {
  // SWR hands middleware its full configuration, the cache included (typed as the partial one).
  const fresh = freshKeys.get((config as { cache: Cache }).cache);
  const serialised = fresh && fresh.size > 0 ? (typeof key === 'function' ? safeInfiniteKey(key) : swrKey(key)) : '';
  const cameWithPage = serialised !== '' && Boolean(fresh?.has(serialised));
  return useSWRNext(key, fetcher, cameWithPage ? { ...config, revalidateOnMount: false } : config);
};

function safeInfiniteKey(getKey: unknown): string {
  try {
    return infiniteSerialize(getKey as Parameters<typeof infiniteSerialize>[0]);
  } catch {
    return ''; // a key function that needs previous pages: never embedded
  }
}

/** What a server-rendered page carries: SWR's cache and the public origin its absolute URLs used. */
export interface EmbeddedPage {
  origin: string;
  cache: EmbeddedCache;
}

/** The server's data in this page, if it was server-rendered. */
export function readEmbeddedPage(): EmbeddedPage | null {
  if (typeof document === 'undefined') return null;
  const el = document.getElementById(SSR_DATA_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as EmbeddedPage;
  } catch {
    return null;
  }
}

/** The JSON written into the page: `<` escaped so no answer can close the element early. */
export function embedPage(page: EmbeddedPage): string {
  return JSON.stringify(page)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
