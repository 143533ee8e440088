import useSWR from 'swr';
import { LostFlagListSchema, LostPostListSchema, LostStatsSchema, type LostPostSummary } from '@pawbridge/shared/lost.schema';
import { api } from '@/lib/api-client';
import { usePagedList } from '@/lib/use-paged-list';
import { usePublicConfig } from '@/lib/public-config';
import { ADMIN_LOST_FLAGS_KEY, LOST_STATS_KEY, MY_LOST_POSTS_KEY } from '../writes';

/** Whether this deployment has the lost-and-found board (false on the legacy: every entry hides). */
export function useLostEnabled(): boolean {
  return usePublicConfig().config?.lostAndFound === true;
}

/** The member's own posts, newest first, a page at a time. */
export function useMyLostPosts(enabled: boolean) {
  const list = usePagedList<LostPostSummary>(enabled ? MY_LOST_POSTS_KEY : null, LostPostListSchema);
  return { ...list, posts: list.items };
}

/** Reunions this month, open reports, and (for admins) flags waiting. */
export function useLostStats(enabled: boolean) {
  return useSWR(enabled ? LOST_STATS_KEY : null, (k: string) => api(k, { schema: LostStatsSchema }), { shouldRetryOnError: false });
}

/** The flags waiting for an admin, a page at a time. */
export function useLostFlags(enabled: boolean) {
  const list = usePagedList(enabled ? ADMIN_LOST_FLAGS_KEY : null, LostFlagListSchema);
  return { ...list, flags: list.items };
}
