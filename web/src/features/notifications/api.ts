import useSWR from 'swr';
import { FeedNotificationListSchema, PAGE_LIMITS, TOTAL_COUNT_HEADER, type FeedNotification } from '@pawbridge/shared';
import { api } from '@/lib/api-client';

const unreadPath = (userId: string) => `/api/notifications/user/${encodeURIComponent(userId)}/unread`;

/** How many unread notifications the bell lists; the badge counts all of them (the list's X-Total-Count). */
export const BELL_PAGE_SIZE = PAGE_LIMITS.sizeDefault;

export interface UnreadPage {
  list: FeedNotification[];
  total: number;
}

async function fetchUnread(path: string): Promise<UnreadPage> {
  let total = 0;
  const list = await api(path, {
    query: { page: 1, size: BELL_PAGE_SIZE },
    schema: FeedNotificationListSchema,
    onHeaders: (h) => {
      total = Number(h.get(TOTAL_COUNT_HEADER) ?? 0) || 0;
    },
  });
  return { list, total: Math.max(total, list.length) };
}

/** The caller's newest unread notifications and how many are unread in all (spec §7 Notifications); failures are only logged by the client (spec §8). */
export function useUnreadNotifications(userId: string) {
  return useSWR<UnreadPage>(unreadPath(userId), fetchUnread, { shouldRetryOnError: false });
}

export const markAllRead = (userId: string) => api(`/api/notifications/user/${encodeURIComponent(userId)}/read-all`, { method: 'PUT' });
export const markRead = (id: number) => api(`/api/notifications/${id}/read`, { method: 'PUT' });
