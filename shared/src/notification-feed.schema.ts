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
  'LOST_COMMENT',
  'LOST_REMINDER',
  // Neighbourhood alerts (issue 28): a new public post inside the member's neighbourhood.
  'NEIGHBOURHOOD_ALERT',
  // Favourites and saved searches (issue 28): a favourite's notice ending or status changing, new dogs for a search.
  'FAVOURITE',
  'SAVED_SEARCH',
  // Matching (issue 28): a likely match for the member's missing report; the owner confirmed the member's post.
  'LOST_MATCH',
  'LOST_MATCH_CONFIRMED',
  'OTHER',
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

/**
 * What happened, as a stable code the web words from its catalogue (servers
 * answer codes, not sentences). Null when the upstream said something this
 * contract has no code for: the web then shows the kind's generic words.
 */
export const NOTIFICATION_CODES = [
  'STRAY_REPORTED',
  'REPORT_REGISTERED',
  'ADOPTION_REQUESTED',
  'ADOPTION_APPROVED',
  'ADOPTION_REJECTED',
  'ADOPTION_CLOSED',
  'COMMENT_ADDED',
  'LIKE_ADDED',
  // Lost and found (issue 27): a sighting attached, a relay message, its reply, a comment, the 7-day reminder.
  'LOST_SIGHTING_ADDED',
  'LOST_CONTACTED',
  'LOST_REPLIED',
  'LOST_COMMENTED',
  'LOST_REPORT_REMINDER',
  // Neighbourhood alerts (issue 28): what was posted inside the member's neighbourhood.
  'NEIGHBOURHOOD_MISSING',
  'NEIGHBOURHOOD_FOUND',
  'NEIGHBOURHOOD_SEEN',
  'NEIGHBOURHOOD_STRAY',
  'NEIGHBOURHOOD_SHELTER',
  // Favourites (issue 28): the notice ends in 3 days; the animal was adopted, returned, its care ended, or it is
  // protected again; new dogs match a saved search (about.count of them).
  'FAVOURITE_NOTICE_ENDING',
  'FAVOURITE_ADOPTED',
  'FAVOURITE_RETURNED',
  'FAVOURITE_ENDED',
  'FAVOURITE_PROTECTED',
  'SAVED_SEARCH_MATCHED',
  // Matching (issue 28, decision 0042): a candidate above the alert threshold; a confirmed match, to the finder.
  'LOST_MATCH_FOUND',
  'LOST_MATCH_CONFIRMED',
] as const;
export const NotificationCodeSchema = z.enum(NOTIFICATION_CODES);
export type NotificationCode = z.infer<typeof NotificationCodeSchema>;

/**
 * What a notification is about, as far as the upstream said: the dog's name,
 * the post (id and title), who did it (a display name, never a login id) and
 * the day a reported dog was found ('yyyy-MM-dd'). Each is null when unknown.
 */
/**
 * A match notice's candidate (decision 0042): its kind, score and its best reasons as codes with their
 * parameters (worded by the web; distance only as km rounded to 0.1, never a position).
 */
export const NotificationMatchSchema = z.object({
  candidateKind: z.enum(['FOUND', 'SEEN', 'STRAY', 'SHELTER']),
  score: z.number().int().min(0).max(100),
  reasons: z.array(z.object({ code: z.string(), points: z.number() }).catchall(z.union([z.string(), z.number()]))).max(5),
});
export type NotificationMatch = z.infer<typeof NotificationMatchSchema>;

export const NotificationAboutSchema = z.object({
  dogName: z.string().nullable(),
  postId: z.number().int().positive().nullable(),
  postTitle: z.string().nullable(),
  actor: z.string().nullable(),
  foundDate: z.string().nullable(),
  /** How many new dogs a saved search found (SAVED_SEARCH_MATCHED); absent elsewhere. */
  count: z.number().int().positive().nullable().optional(),
  /** A favourited shelter animal's notice end, 'yyyy-MM-dd' (FAVOURITE_NOTICE_ENDING); absent elsewhere. */
  noticeEnd: z.string().nullable().optional(),
  /** Only on match notices (LOST_MATCH_FOUND, LOST_MATCH_CONFIRMED); absent on every other kind. */
  match: NotificationMatchSchema.nullable().optional(),
});
export type NotificationAbout = z.infer<typeof NotificationAboutSchema>;
export const NO_ABOUT: NotificationAbout = { dogName: null, postId: null, postTitle: null, actor: null, foundDate: null };

/**
 * A notification as the browser sees it, from REST and from `/ws` alike (the
 * BFF normalises both upstreams' bodies to this). `id` is null for a live
 * message from the legacy, which publishes before it knows the row's id.
 * `createdAt` is an ISO instant with its offset. `link` is the SPA screen the
 * notification is about (a path on our own origin), or null. The web words it
 * from `code` and `about`.
 */
export const FeedNotificationSchema = z.object({
  id: z.number().int().positive().nullable(),
  kind: NotificationKindSchema,
  /** The upstream's own sentence, kept for a notification without a code. */
  message: z.string(),
  code: NotificationCodeSchema.nullable(),
  about: NotificationAboutSchema,
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
  // Lost and found (issue 27): sightings attached to the member's report, relay messages and replies,
  // comments and the 7-day reminder; neighbourhood alerts (issue 28) come on the same topic.
  `/topic/user/${userId}/lost`,
  // Favourites and saved searches (issue 28).
  `/topic/user/${userId}/favourites`,
];
export const ADMIN_TOPICS = ['/topic/admin/abandoned/alerts', '/topic/admin/adoption/alerts'] as const;
