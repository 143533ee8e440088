import useSWR from 'swr';
import { FeedNotificationListSchema, type FeedNotification } from '@pawbridge/shared';
import { api } from '@/lib/api-client';

const unreadPath = (userId: string) => `/api/notifications/user/${encodeURIComponent(userId)}/unread`;

/** The caller's unread notifications (spec §7 Notifications); failures are only logged by the client (spec §8). */
export function useUnreadNotifications(userId: string) {
  return useSWR<FeedNotification[]>(unreadPath(userId), (path: string) => api(path, { schema: FeedNotificationListSchema }), { shouldRetryOnError: false });
}

export const markAllRead = (userId: string) => api(`/api/notifications/user/${encodeURIComponent(userId)}/read-all`, { method: 'PUT' });
export const markRead = (id: number) => api(`/api/notifications/${id}/read`, { method: 'PUT' });
