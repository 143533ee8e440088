import useSWR from 'swr';
import {
  AdoptionApplicationListSchema,
  PAGE_LIMITS,
  TOTAL_COUNT_HEADER,
  StrayActionResultSchema,
  StrayListSchema,
  StraySchema,
  ShelterAnimalSchema,
  type AdoptionApplication,
  type ShelterAnimal,
  type Stray,
  type StrayActionResult,
  type StraySearchQuery,
} from '@pawbridge/shared';
import { api } from '@/lib/api-client';
import { useLiveNotice } from '@/lib/live-notices';
import { usePagedList } from '@/lib/use-paged-list';

const LIST = '/api/abandoned/abandoned-pets';
const SEARCH = '/api/abandoned/abandoned-pets/search';
export const ADMIN_APPLICATIONS_KEY = '/api/admin/adopt-applications';
export const MY_APPLICATIONS_KEY = '/api/adopt/adoption/my-applications';

/** The public stray list, or a search when any criterion is set. */
export function useAdoptableStrays(search: StraySearchQuery | null) {
  const key = search ? [SEARCH, search.foundDate ?? '', search.foundTime ?? '', search.location ?? ''] : [LIST];
  const { data, error, isLoading, isValidating, mutate } = useSWR<Stray[]>(
    key,
    () => (search ? api(SEARCH, { query: { ...search }, schema: StrayListSchema }) : api(LIST, { schema: StrayListSchema })),
    {
      shouldRetryOnError: false,
      keepPreviousData: true,
    },
  );
  return { strays: data, error, isLoading, isValidating, reload: () => mutate() };
}

export function applyForAdoption(petId: number): Promise<StrayActionResult> {
  return api(`/api/adopt/apply/${petId}`, { method: 'POST', schema: StrayActionResultSchema });
}

/** Every application, newest first, a page at a time (admins only). */
export function useAdminApplications(enabled: boolean) {
  const list = usePagedList<AdoptionApplication>(enabled ? ADMIN_APPLICATIONS_KEY : null, AdoptionApplicationListSchema);
  return { ...list, applications: list.items };
}

export function approveApplication(id: number): Promise<StrayActionResult> {
  return api(`/api/admin/adopt/approve/${id}`, { method: 'POST', schema: StrayActionResultSchema });
}

export function rejectApplication(id: number): Promise<StrayActionResult> {
  return api(`/api/admin/adopt/reject/${id}`, { method: 'POST', schema: StrayActionResultSchema });
}

/**
 * Every one of the member's applications: the list is paged (at most 100 a page),
 * and the adopt page must know each stray the member already applied for, so it
 * reads page after page until the total in X-Total-Count is reached.
 */
export async function fetchAllMyApplications(): Promise<AdoptionApplication[]> {
  const size = PAGE_LIMITS.sizeMax;
  const all: AdoptionApplication[] = [];
  for (let page = 1; ; page += 1) {
    const seen: { total: number | null } = { total: null };
    const items = await api(MY_APPLICATIONS_KEY, {
      query: { page, size },
      schema: AdoptionApplicationListSchema,
      onHeaders: (h) => {
        const n = Number(h.get(TOTAL_COUNT_HEADER));
        seen.total = h.has(TOTAL_COUNT_HEADER) && Number.isFinite(n) ? n : null;
      },
    });
    all.push(...items);
    if (items.length < size || seen.total === null || all.length >= seen.total) return all;
  }
}

/** The member's own applications, all pages (null key while logged out or for admins: nothing to fetch). */
export function useMyApplications(enabled: boolean) {
  const { data, error, mutate } = useSWR<AdoptionApplication[]>(enabled ? MY_APPLICATIONS_KEY : null, fetchAllMyApplications, {
    shouldRetryOnError: false,
  });
  // A decision arriving live (the bell's STOMP message) updates the card without a reload (issue 25 item 3).
  useLiveNotice((n) => {
    if (enabled && n.kind === 'ADOPTION_RESULT') void mutate();
  });
  return { applications: enabled ? data : undefined, error, reload: () => mutate() };
}

export function withdrawApplication(id: number): Promise<StrayActionResult> {
  return api(`/api/adopt/withdraw/${id}`, { method: 'POST', schema: StrayActionResultSchema });
}

/** A plain decimal id, as the BFF takes it; anything else is not an animal's page. */
export const strayIdOf = (raw: string | undefined): number | null => (raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

/** The key of one stray's page: the BFF's URL, so a server render's embedded answer is this key's (issue 26). */
export const strayKey = (id: number) => `/api/abandoned/abandoned-pets/${id}`;
export const shelterAnimalKey = (desertionNo: string) => `/api/shelter-animals/${encodeURIComponent(desertionNo)}`;

/** One of our strays (its page); a 404 is an ApiError with status 404. */
export function useStray(id: number | null) {
  const key = id ? strayKey(id) : null;
  const { data, error, isLoading, mutate } = useSWR<Stray>(key, (k: string) => api(k, { schema: StraySchema }), {
    shouldRetryOnError: false,
  });
  return { stray: data, error: error as unknown, isLoading, reload: () => mutate() };
}

/** One shelter animal (its page). */
export function useShelterAnimal(desertionNo: string | null) {
  const key = desertionNo ? shelterAnimalKey(desertionNo) : null;
  const { data, error, isLoading, mutate } = useSWR<ShelterAnimal>(key, (k: string) => api(k, { schema: ShelterAnimalSchema }), {
    shouldRetryOnError: false,
  });
  return { animal: data, error: error as unknown, isLoading, reload: () => mutate() };
}
