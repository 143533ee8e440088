import useSWR, { useSWRConfig } from 'swr';
import type { Favourite, FavouriteKeys, SavedSearch, SavedSearchInput } from '@pawbridge/shared/favourites.schema';
import { api } from '@/lib/api-client';
import { usePublicConfig } from '@/lib/public-config';
import { useSession } from '@/lib/session';
import { reloadPagedList, usePagedList } from '@/lib/use-paged-list';

// Favourites and saved searches (issue 28): the member's hearts, the favourites list and saved searches. Schemas load
// with the first answer (the adopt list is a first-load screen: no zod in its chunk until a member asks).
const schemas = () => import('@pawbridge/shared/favourites.schema');
export const FAVOURITES_KEY = '/api/favourites';
export const FAVOURITE_KEYS_KEY = '/api/favourites/keys';
export const SAVED_SEARCHES_KEY = '/api/saved-searches';

/** Whether this deployment has favourites (`/api/config`; not in front of the legacy). */
export const useFavouritesOn = (): boolean => usePublicConfig().config?.favourites === true;

/** A heart's target, as the paths name it. */
export type HeartTarget = { source: 'member'; strayId: number } | { source: 'shelter'; desertionNo: string };
const pathOf = (t: HeartTarget) =>
  t.source === 'member' ? `/api/favourites/strays/${t.strayId}` : `/api/favourites/shelter/${encodeURIComponent(t.desertionNo)}`;

/** The member's hearts as keys; null for visitors (and until the member's answer comes, after hydration). */
export function useFavouriteKeys(): { keys: FavouriteKeys | undefined; has: (t: HeartTarget) => boolean } {
  const { user } = useSession();
  const on = useFavouritesOn() && Boolean(user) && !user?.isAdmin;
  const { data } = useSWR(on ? FAVOURITE_KEYS_KEY : null, (k: string) =>
    api(k, { schema: () => schemas().then((m) => m.FavouriteKeysSchema) }),
  );
  const has = (t: HeartTarget) =>
    Boolean(data && (t.source === 'member' ? data.strays.includes(t.strayId) : data.shelter.includes(t.desertionNo)));
  return { keys: data, has };
}

/** Puts a heart on or takes it off; the keys change at once and are read again after the answer. */
export function useToggleFavourite(): (t: HeartTarget, on: boolean) => Promise<void> {
  const { mutate } = useSWRConfig();
  return async (t, on) => {
    const change = (k: FavouriteKeys | undefined): FavouriteKeys | undefined => {
      if (!k) return k;
      if (t.source === 'member')
        return { ...k, strays: on ? [...new Set([...k.strays, t.strayId])] : k.strays.filter((id) => id !== t.strayId) };
      return { ...k, shelter: on ? [...new Set([...k.shelter, t.desertionNo])] : k.shelter.filter((no) => no !== t.desertionNo) };
    };
    await mutate(
      FAVOURITE_KEYS_KEY,
      api<null>(pathOf(t), { method: on ? 'PUT' : 'DELETE' }).then(() => undefined),
      {
        optimisticData: (k: FavouriteKeys | undefined) => change(k) as FavouriteKeys,
        populateCache: false,
        rollbackOnError: true,
        revalidate: true,
      },
    );
    reloadPagedList(FAVOURITES_KEY);
  };
}

/** The favourites list, newest heart first, a page at a time. */
export function useFavouriteList(enabled: boolean) {
  const list = usePagedList<Favourite>(enabled ? FAVOURITES_KEY : null, () => schemas().then((m) => m.FavouriteListSchema));
  return { ...list, favourites: list.items };
}

export function useSavedSearches(enabled: boolean) {
  return useSWR(enabled ? SAVED_SEARCHES_KEY : null, (k: string) =>
    api<SavedSearch[]>(k, { schema: () => schemas().then((m) => m.SavedSearchListSchema) }),
  );
}

export async function saveSearch(input: SavedSearchInput): Promise<number> {
  const r = await api(SAVED_SEARCHES_KEY, { method: 'POST', json: input, schema: () => schemas().then((m) => m.SavedSearchCreatedSchema) });
  return r.id;
}

export async function deleteSearch(id: number): Promise<void> {
  await api<null>(`${SAVED_SEARCHES_KEY}/${id}`, { method: 'DELETE' });
}
