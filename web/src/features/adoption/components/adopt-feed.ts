import useSWRInfinite from 'swr/infinite';
import {
  SHELTER_AVAILABLE_HEADER,
  ShelterAnimalListSchema,
  StrayListSchema,
  TOTAL_COUNT_HEADER,
  REGIONS,
  shelterSidoOf,
  type Region,
  type ShelterAnimal,
  type Stray,
} from '@pawbridge/shared';
import { api } from '@/lib/api-client';
import { useLiveNotice } from '@/lib/live-notices';
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

export interface FeedPage<T> {
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
): Promise<FeedPage<T>> {
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

/** The page as the feed keeps it, from a list's items, its total (X-Total-Count) and whether the source exists here. */
export function feedPage<T>(items: T[], sent: number, total: number | null, available: boolean): FeedPage<T> {
  return { items, sent, total, available };
}

const isRegion = (v: string | null): v is Region => v !== null && (REGIONS as readonly string[]).includes(v);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/**
 * The criteria in the address (`/adopt?foundDate=…&region=…`): the search form is a plain GET
 * form, so without JavaScript the server render honours it, and with it a search can be shared.
 * Same key order as the form builds, so both give the same cache key.
 */
export function criteriaFromParams(params: URLSearchParams): AdoptCriteria | null {
  const q: AdoptCriteria = {};
  const foundDate = params.get('foundDate');
  const foundTime = params.get('foundTime');
  const location = params.get('location')?.trim().slice(0, 100);
  const region = params.get('region');
  if (foundDate && DATE.test(foundDate)) q.foundDate = foundDate;
  if (foundTime && TIME.test(foundTime)) q.foundTime = foundTime;
  if (location) q.location = location;
  if (isRegion(region)) q.region = region;
  return Object.keys(q).length > 0 ? q : null;
}

export function criteriaToParams(q: AdoptCriteria | null): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q ?? {})) if (v) p.set(k, v);
  return p;
}

const criteriaKeyOf = (criteria: AdoptCriteria | null) => JSON.stringify(criteria ?? {});
const searchingBy = (c: AdoptCriteria) => Boolean(c.foundDate || c.foundTime || c.location || c.region);

/** Where our members' strays of page `page` come from, for these criteria. */
export function memberRequest(criteria: AdoptCriteria | null, page: number) {
  const c = criteria ?? {};
  const searching = searchingBy(c);
  const query = searching ? { foundDate: c.foundDate, foundTime: c.foundTime, location: c.location || c.region } : {};
  return { path: searching ? STRAY_SEARCH : STRAYS, searching, query: { ...query, page, size: FEED_PAGE_SIZE } };
}

/** A page of our members' strays as the feed keeps it (a region matches the stray's own region here). */
export function memberPage(criteria: AdoptCriteria | null, items: Stray[], total: number | null): FeedPage<Stray> {
  const region = criteria?.region;
  return feedPage(region ? items.filter((s) => s.location === region) : items, items.length, total, true);
}

/** The shelter list's query of page `page`, for these criteria. */
export function shelterQuery(criteria: AdoptCriteria | null, page: number) {
  const c = criteria ?? {};
  return {
    page,
    size: FEED_PAGE_SIZE,
    foundDateFrom: c.foundDate,
    foundDateTo: c.foundDate,
    place: c.location,
    sido: c.region ? shelterSidoOf(c.region) : undefined,
  };
}

/** The first page's SWR key of each source (the server render fills them in). */
export const memberFirstKey = (criteria: AdoptCriteria | null) => ['adopt-member', criteriaKeyOf(criteria), 1] as const;
export const shelterFirstKey = (criteria: AdoptCriteria | null) => ['adopt-shelter', criteriaKeyOf(criteria), 1] as const;

const isDone = (pages: FeedPage<unknown>[] | undefined): boolean => {
  const last = pages?.at(-1);
  if (!last) return false;
  if (last.total === null || last.sent < FEED_PAGE_SIZE) return true;
  return (pages?.length ?? 0) * FEED_PAGE_SIZE >= last.total;
};

function useSource<T>(name: string, enabled: boolean, criteriaKey: string, load: (page: number) => Promise<FeedPage<T>>) {
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<FeedPage<T>>(
    (index: number, prev: FeedPage<T> | null) => {
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
  const key = criteriaKeyOf(criteria);
  const member = useSource<Stray>('adopt-member', source !== 'shelter', key, async (page) => {
    const req = memberRequest(criteria, page);
    const raw = await fetchPage(req.path, req.query, StrayListSchema);
    return memberPage(criteria, raw.items, raw.total);
  });
  const shelter = useSource<ShelterAnimal>('adopt-shelter', source !== 'member', key, (page) =>
    fetchPage(SHELTER, shelterQuery(criteria, page), ShelterAnimalListSchema),
  );
  // A decision arriving live changes the dog's own card too (waiting → adopted), not only the member's applications list (issue 25 item 3).
  useLiveNotice((n) => {
    if (n.kind === 'ADOPTION_RESULT') void member.reload();
  });
  return { member, shelter };
}
