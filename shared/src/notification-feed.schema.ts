import { z } from 'zod';

/**
 * What a notification is about. The legacy's types plus OTHER for anything an
 * upstream may add later (the bell still shows it).
 */
export const NOTIFICATION_KINDS = [
  'ABANDONED_PET',
  'ADMIN_ALERT',
  'ADOPTION_REQUEST',
  'ADOPTION_RESULT',
  'COMMENT',
  'LIKE',
  'LOST_SIGHTING',
  'LOST_CONTACT',
  'LOST_REPLY',
  'OTHER',
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

/**
 * A notification as the browser sees it, from REST and from `/ws` alike (the
 * BFF normalises both upstreams' bodies to this). `id` is null for a live
 * message from the legacy, which publishes before it knows the row's id.
 * `createdAt` is an ISO instant with its offset. `link` is the SPA screen the
 * notification is about (a path on our own origin), or null.
 */
export const FeedNotificationSchema = z.object({
  id: z.number().int().positive().nullable(),
  kind: NotificationKindSchema,
  message: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
  link: z.string().nullable(),
});
export type FeedNotification = z.infer<typeof FeedNotificationSchema>;
export const FeedNotificationListSchema = z.array(FeedNotificationSchema);

/**
 * The STOMP destinations a member may subscribe to on the BFF's `/ws`
 * (spec §7 Live messaging); admins also get ADMIN_TOPICS.
 */
export const memberTopics = (userId: string): string[] => [
  `/topic/user/abandoned/${userId}`,
  `/topic/user/${userId}/adoption`,
  `/topic/user/${userId}/community/comment`,
  `/topic/user/${userId}/community/like`,
  // Lost and found (issue 27): sightings attached to the member's report, relay messages and replies.
  `/topic/user/${userId}/lost`,
];
export const ADMIN_TOPICS = ['/topic/admin/abandoned/alerts', '/topic/admin/adoption/alerts'] as const;
