import useSWRInfinite from 'swr/infinite';
import {
  SHELTER_AVAILABLE_HEADER,
  ShelterAnimalListSchema,
  StrayListSchema,
  TOTAL_COUNT_HEADER,
  shelterSidoOf,
  type Region,
  type ShelterAnimal,
  type Stray,
} from '@pawbridge/shared';
import { api } from '@/lib/api-client';
import type { FeedSource } from './merge-feed';

const STRAYS = '/api/abandoned/abandoned-pets';
const STRAY_SEARCH = '/api/abandoned/abandoned-pets/search';
const SHELTER = '/api/shelter-animals';
export const FEED_PAGE_SIZE = 20;

export type AdoptSource = 'all' | 'member' | 'shelter';

/** The adopt list's criteria: the spec's date/time/place plus a region; all optional. */
export interface AdoptCriteria {
  foundDate?: string;
  foundTime?: string;
  location?: string;
  region?: Region;
}

interface Page<T> {
  items: T[];
  /** How many the server sent on this page (before a filter here). */
  sent: number;
  /** null when the server did not say (an unpaged list: everything came at once). */
  total: number | null;
  available: boolean;
}

async function fetchPage<T>(
  path: string,
  query: Record<string, string | number | undefined>,
  schema: { parse: (v: unknown) => T[] },
): Promise<Page<T>> {
  let total: number | null = null;
  let available = true;
  const raw = await api<unknown>(path, {
    query,
    onHeaders: (h) => {
      const n = h.get(TOTAL_COUNT_HEADER);
      total = n !== null && /^\d+$/.test(n) ? Number(n) : null;
      available = h.get(SHELTER_AVAILABLE_HEADER) !== 'false';
    },
  });
  const items = schema.parse(raw);
  return { items, sent: items.length, total, available };
}

const isDone = (pages: Page<unknown>[] | undefined): boolean => {
  const last = pages?.at(-1);
  if (!last) return false;
  if (last.total === null || last.sent < FEED_PAGE_SIZE) return true;
  return (pages?.length ?? 0) * FEED_PAGE_SIZE >= last.total;
};

function useSource<T>(name: string, enabled: boolean, criteriaKey: string, load: (page: number) => Promise<Page<T>>) {
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<Page<T>>(
    (index: number, prev: Page<T> | null) => {
      if (!enabled) return null;
      if (prev && (prev.total === null || prev.sent < FEED_PAGE_SIZE || index * FEED_PAGE_SIZE >= prev.total)) return null;
      return [name, criteriaKey, index + 1];
    },
    (key: [string, string, number]) => load(key[2]),
    { shouldRetryOnError: false, revalidateFirstPage: false, keepPreviousData: true },
  );
  const pages = enabled ? data : [];
  const source: FeedSource<T> = { items: (pages ?? []).flatMap((p) => p.items), done: !enabled || isDone(pages) || Boolean(error) };
  const filtered = pages?.some((p) => p.sent !== p.items.length) ?? false;
  // Exact when everything is here or nothing was filtered out here; otherwise what is known so far.
  const total = !enabled ? 0 : isDone(pages) || filtered ? source.items.length : (pages?.[0]?.total ?? source.items.length);
  return {
    source,
    total,
    available: pages?.[0]?.available ?? true,
    error: enabled ? (error as unknown) : undefined,
    isLoading: enabled && isLoading,
    isValidating: enabled && isValidating,
    more: () => setSize(size + 1),
    reload: () => mutate(),
  };
}

/**
 * The two sources of /adopt, each paged on its own: our members' strays (the
 * list, or the search when a criterion is set; a region is matched on the
 * stray's region here) and the shelter animals (the place also matches the
 * shelter; a found time does not apply to them).
 */
export function useAdoptFeed(criteria: AdoptCriteria | null, source: AdoptSource) {
  const c = criteria ?? {};
  const key = JSON.stringify(c);
  const searching = Boolean(c.foundDate || c.foundTime || c.location || c.region);
  const memberQuery = { foundDate: c.foundDate, foundTime: c.foundTime, location: c.location || c.region };
  const member = useSource<Stray>('adopt-member', source !== 'shelter', key, async (page) => {
    const res = await fetchPage(
      searching ? STRAY_SEARCH : STRAYS,
      { ...(searching ? memberQuery : {}), page, size: FEED_PAGE_SIZE },
      StrayListSchema,
    );
    return c.region ? { ...res, items: res.items.filter((s) => s.location === c.region) } : res;
  });
  const shelter = useSource<ShelterAnimal>('adopt-shelter', source !== 'member', key, (page) =>
    fetchPage(
      SHELTER,
      {
        page,
        size: FEED_PAGE_SIZE,
        foundDateFrom: c.foundDate,
        foundDateTo: c.foundDate,
        place: c.location,
        sido: c.region ? shelterSidoOf(c.region) : undefined,
      },
      ShelterAnimalListSchema,
    ),
  );
  return { member, shelter };
}
