import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { PAGE_LIMITS, TOTAL_COUNT_HEADER } from '@pawbridge/shared';
import { api, type ApiRequest } from './api-client';
import { infiniteKeys, isFreshFromServer } from './ssr-cache';

/** What the list's answer is checked with (the api client's schema option). */
type ListSchema<T> = NonNullable<ApiRequest<T[]>['schema']>;

export interface Page<T> {
  items: T[];
  total: number;
}

async function fetchPage<T>(path: string, page: number, size: number, schema: ListSchema<T>): Promise<Page<T>> {
  let total = 0;
  const items = await api<T[]>(path, {
    query: { page, size },
    schema,
    onHeaders: (h) => {
      total = Number(h.get(TOTAL_COUNT_HEADER) ?? 0) || 0;
    },
  });
  return { items, total: Math.max(total, items.length) };
}

/** The reloads of the paged lists on screen, by path. */
const mounted = new Map<string, Set<() => void>>();

/**
 * Reads every loaded page of the lists of `path` on screen again (e.g. the
 * donation history after a donation). A plain `mutate(path)` does not reach
 * them: SWR keeps infinite lists under their own keys, and a global mutate of
 * that key refetches no page. A list mounted later reads itself on mount.
 */
export function reloadPagedList(path: string): void {
  for (const reload of mounted.get(path) ?? []) reload();
}

/**
 * A paged list read page by page (issue 17: `?page&size`, the total in
 * X-Total-Count), shown as one growing list with a "more" control. `path`
 * null waits (e.g. until the admin gate has passed). `reload` reads every
 * loaded page again, so an item that changed keeps its place.
 */
export function usePagedList<T>(path: string | null, schema: ListSchema<T>, size: number = PAGE_LIMITS.sizeDefault) {
  const getKey = (index: number, previous: Page<T> | null) => {
    if (!path) return null;
    if (previous && (index * size >= previous.total || previous.items.length < size)) return null;
    return [path, index + 1, size] as const;
  };
  const {
    data,
    error,
    isLoading,
    isValidating,
    size: pages,
    setSize,
    mutate,
  } = useSWRInfinite<Page<T>>(getKey, ([p, page, s]: readonly [string, number, number]) => fetchPage(p, page, s, schema), {
    shouldRetryOnError: false,
    revalidateFirstPage: false,
  });
  // Coming back to a list (e.g. /mypet after registering a dog) reads its cached pages again.
  // SWR's `revalidateOnMount` did not do it for an infinite list with cached pages (seen in the
  // pets journey and in use-paged-list.test.tsx with the app's 2 s deduping window); mutate() does.
  // Not when the first page came with a server-rendered page: that is the data the browser would fetch.
  const { cache } = useSWRConfig();
  const cachedAtMount = useRef(data !== undefined && !(path && isFreshFromServer(cache, infiniteKeys([path, 1, size])[0])));
  useEffect(() => {
    if (cachedAtMount.current) void mutate();
    // Only on mount: later reads come from reload() and reloadPagedList().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!path) return undefined;
    const reload = () => void mutate();
    const set = mounted.get(path) ?? new Set();
    mounted.set(path, set.add(reload));
    return () => {
      set.delete(reload);
      if (set.size === 0) mounted.delete(path);
    };
  }, [path, mutate]);
  const items = data?.flatMap((p) => p.items);
  const total = data?.[data.length - 1]?.total ?? 0;
  const loadingMore = Boolean(data) && pages > (data?.length ?? 0) && isValidating;
  return {
    items,
    total,
    error: error as unknown,
    isLoading,
    hasMore: items !== undefined && items.length < total,
    loadingMore,
    loadMore: () => void setSize(pages + 1),
    reload: () => mutate(),
  };
}
