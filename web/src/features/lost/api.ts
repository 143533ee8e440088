import '@/messages/lost-board';
import useSWR from 'swr';
import {
  LostMapAnswerSchema,
  LostPostDetailSchema,
  LostPostListSchema,
  type LostMapAnswer,
  type LostPostDetail,
  type LostPostSummary,
} from '@pawbridge/shared/lost.schema';
import { api } from '@/lib/api-client';
import { usePagedList } from '@/lib/use-paged-list';
import { filtersToParams, type LostFilterValues } from './board/filters';

// The lost-and-found board's reads (issue 27). The writes live with the screens that make them.

export const LOST_POSTS = '/api/lost/posts';
const LOST_MAP = '/api/lost/map';

/** A plain decimal id, as the BFF takes it; anything else is not a post's page (null). */
export const lostPostIdOf = (raw: string | undefined): number | null => (raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

/** The board list's path for its filters: the key its first page is read (and embedded by the server render) under. */
export function lostBoardPath(filters: LostFilterValues): string {
  const query = filtersToParams(filters).toString();
  return query ? `${LOST_POSTS}?${query}` : LOST_POSTS;
}

/** The key of one post's page: the BFF's URL. */
export const lostPostKey = (id: number) => `${LOST_POSTS}/${id}`;

/** The board's list with its filters, newest first, a page at a time. */
export function useLostBoard(filters: LostFilterValues, enabled = true) {
  const path = enabled ? lostBoardPath(filters) : null;
  return usePagedList<LostPostSummary>(path, LostPostListSchema);
}

export interface MapViewport {
  south: number;
  west: number;
  north: number;
  east: number;
  zoom: number;
}

/** The map's pins for one viewport: clustered on the server, the same filters as the list. */
export function useLostMap(viewport: MapViewport | null, filters: LostFilterValues) {
  const query = filtersToParams(filters).toString();
  const key = viewport ? [LOST_MAP, viewport.south, viewport.west, viewport.north, viewport.east, viewport.zoom, query].join('|') : null;
  const { data, error, isLoading, mutate } = useSWR<LostMapAnswer>(
    key,
    () => {
      if (!viewport) throw new Error('no viewport');
      const round = (n: number) => Number(n.toFixed(5));
      return api(`${LOST_MAP}${query ? `?${query}` : ''}`, {
        query: {
          south: round(viewport.south),
          west: round(viewport.west),
          north: round(viewport.north),
          east: round(viewport.east),
          zoom: viewport.zoom,
        },
        schema: LostMapAnswerSchema,
      });
    },
    { shouldRetryOnError: false, keepPreviousData: true },
  );
  return { map: data, error: error as unknown, isLoading, reload: () => mutate() };
}

/** One post (its page); a 404 is an ApiError with status 404. */
export function useLostPost(id: number | null) {
  const { data, error, isLoading, mutate } = useSWR<LostPostDetail>(
    id ? lostPostKey(id) : null,
    (k: string) => api(k, { schema: LostPostDetailSchema }),
    { shouldRetryOnError: false },
  );
  return { post: data, error: error as unknown, isLoading, reload: () => mutate() };
}
