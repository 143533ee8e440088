import { z } from 'zod';
import {
  NO_ABOUT,
  NOTIFICATION_KINDS,
  NotificationAboutSchema,
  NotificationCodeSchema,
  type FeedNotification,
  type NotificationAbout,
  type NotificationCode,
  type NotificationKind,
} from '@pawbridge/shared';

/**
 * The legacy NotificationDto (legacy-contract §3.6, §6.2) and our api's
 * superset of it. Lenient: unknown fields are ignored, and a live message's
 * `id` is null on the legacy.
 */
const UpstreamNotificationSchema = z.object({
  id: z.number().int().positive().nullable().optional(),
  userId: z.string().nullable().optional(),
  notificationType: z.string().nullable().optional(),
  message: z.string().nullable().optional(),
  relatedId: z.number().int().nullable().optional(),
  targetUrl: z.string().nullable().optional(),
  createdAt: z
    .union([z.string(), z.array(z.number())])
    .nullable()
    .optional(),
  read: z.boolean().nullable().optional(),
  isRead: z.boolean().nullable().optional(),
  // Our api's additions (the legacy sends neither): what happened, and what it is about.
  code: z.string().nullable().optional(),
  about: z.unknown().optional(),
});
export type UpstreamNotification = z.infer<typeof UpstreamNotificationSchema>;

const kindOf = (type: string | null | undefined): NotificationKind => {
  const t = (type ?? '').toUpperCase();
  return (NOTIFICATION_KINDS as readonly string[]).includes(t) ? (t as NotificationKind) : 'OTHER';
};

/**
 * The legacy writes local date-times without an offset, and its container runs
 * in UTC (legacy-contract §14.9): read those as UTC, or Korean browsers would
 * show every notification nine hours old.
 */
export function instantOf(raw: string | number[] | null | undefined, now: () => Date = () => new Date()): string {
  if (Array.isArray(raw)) {
    const [y = 1970, mo = 1, d = 1, h = 0, mi = 0, s = 0] = raw;
    return new Date(Date.UTC(y, mo - 1, d, h, mi, s)).toISOString();
  }
  if (typeof raw === 'string' && raw.trim()) {
    const text = raw.trim();
    const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(text);
    const t = Date.parse(hasOffset ? text : `${text}Z`);
    if (!Number.isNaN(t)) return new Date(t).toISOString();
  }
  return now().toISOString();
}

/**
 * Only a path on our own origin is a link; anything else could send users elsewhere. A section of the
 * page may follow (`#matches`: a match notice opens the lost post at its candidates, decision 0042).
 */
const ownPath = (url: string | null | undefined): string | null => (url && /^\/(?![/\\])[\w\-./?=&%]*(#[\w-]+)?$/.test(url) ? url : null);

/**
 * The screen a notification is about (spec §4: clicking opens it): the
 * upstream's own path when it gives one (our api does), else the screen for
 * its kind. Every kind leads somewhere; an unknown one to the member's page.
 */
export function linkFor(
  kind: NotificationKind,
  targetUrl: string | null | undefined,
  postId: number | null | undefined,
  relatedId: number | null | undefined = null,
): string {
  const own = ownPath(targetUrl);
  if (own) return own;
  switch (kind) {
    case 'ABANDONED_PET':
      return '/admin/abandoned-pets';
    case 'ADOPTION_REQUEST':
      return '/admin/adopt-applications';
    case 'ADOPTION_RESULT':
      return '/mypage/applications';
    case 'ADMIN_ALERT':
      return '/adopt';
    case 'COMMENT':
    case 'LIKE':
      return postId ? `/community/${postId}` : '/community';
    case 'LOST_SIGHTING':
    case 'LOST_CONTACT':
    case 'LOST_REPLY':
    case 'LOST_COMMENT':
    case 'LOST_REMINDER':
    case 'LOST_MATCH':
    case 'LOST_MATCH_CONFIRMED':
      return relatedId ? `/lost/${relatedId}` : '/lost';
    case 'NEIGHBOURHOOD_ALERT':
      return '/lost';
    case 'FAVOURITE':
      return '/mypage/favourites';
    case 'SAVED_SEARCH':
      return '/adopt';
    default:
      return '/mypage';
  }
}

const KIND_OF_CODE: Record<NotificationCode, NotificationKind> = {
  STRAY_REPORTED: 'ABANDONED_PET',
  REPORT_REGISTERED: 'ADMIN_ALERT',
  ADOPTION_REQUESTED: 'ADOPTION_REQUEST',
  ADOPTION_APPROVED: 'ADOPTION_RESULT',
  ADOPTION_REJECTED: 'ADOPTION_RESULT',
  ADOPTION_CLOSED: 'ADOPTION_RESULT',
  COMMENT_ADDED: 'COMMENT',
  LIKE_ADDED: 'LIKE',
  LOST_SIGHTING_ADDED: 'LOST_SIGHTING',
  LOST_CONTACTED: 'LOST_CONTACT',
  LOST_REPLIED: 'LOST_REPLY',
  LOST_COMMENTED: 'LOST_COMMENT',
  LOST_REPORT_REMINDER: 'LOST_REMINDER',
  NEIGHBOURHOOD_MISSING: 'NEIGHBOURHOOD_ALERT',
  NEIGHBOURHOOD_FOUND: 'NEIGHBOURHOOD_ALERT',
  NEIGHBOURHOOD_SEEN: 'NEIGHBOURHOOD_ALERT',
  NEIGHBOURHOOD_STRAY: 'NEIGHBOURHOOD_ALERT',
  NEIGHBOURHOOD_SHELTER: 'NEIGHBOURHOOD_ALERT',
  FAVOURITE_NOTICE_ENDING: 'FAVOURITE',
  FAVOURITE_ADOPTED: 'FAVOURITE',
  FAVOURITE_RETURNED: 'FAVOURITE',
  FAVOURITE_ENDED: 'FAVOURITE',
  FAVOURITE_PROTECTED: 'FAVOURITE',
  SAVED_SEARCH_MATCHED: 'SAVED_SEARCH',
  LOST_MATCH_FOUND: 'LOST_MATCH',
  LOST_MATCH_CONFIRMED: 'LOST_MATCH_CONFIRMED',
};

/**
 * What the legacy's sentence says, as a code and what it names
 * (legacy-contract §3.2-§3.5, §6.2): it sends only the type and the sentence,
 * so the found day and the post's title are read out of it; the dog's name,
 * the post's id and who did it are never there (the web then says less).
 */
function fromLegacySentence(kind: NotificationKind, message: string): { code: NotificationCode | null; about: NotificationAbout } {
  const text = message.trim();
  switch (kind) {
    case 'ABANDONED_PET':
      return { code: 'STRAY_REPORTED', about: { ...NO_ABOUT, foundDate: /^(\d{4}-\d{2}-\d{2})에 발견된/.exec(text)?.[1] ?? null } };
    case 'ADMIN_ALERT':
      return { code: 'REPORT_REGISTERED', about: NO_ABOUT };
    case 'ADOPTION_REQUEST':
      return { code: 'ADOPTION_REQUESTED', about: NO_ABOUT };
    case 'ADOPTION_RESULT':
      return {
        code: /마감/.test(text) ? 'ADOPTION_CLOSED' : /거절/.test(text) ? 'ADOPTION_REJECTED' : 'ADOPTION_APPROVED',
        about: NO_ABOUT,
      };
    case 'COMMENT':
    case 'LIKE': {
      const title = /^(.+)에 (?:댓글이 달렸습니다|좋아요가 눌렸습니다)\.?$/s.exec(text)?.[1]?.trim() || null;
      return { code: kind === 'COMMENT' ? 'COMMENT_ADDED' : 'LIKE_ADDED', about: { ...NO_ABOUT, postTitle: title } };
    }
    default:
      return { code: null, about: NO_ABOUT };
  }
}

/** Our api's code and `about`, checked; anything it says that this contract does not know is dropped. */
function fromApi(code: string, about: unknown): { code: NotificationCode; about: NotificationAbout } | null {
  const c = NotificationCodeSchema.safeParse(code);
  if (!c.success) return null;
  const a = NotificationAboutSchema.partial().safeParse(about ?? {});
  return { code: c.data, about: { ...NO_ABOUT, ...(a.success ? a.data : {}) } };
}

/** One upstream notification body, or null when it is not one (a MESSAGE with a foreign body is dropped). */
export function normaliseNotification(raw: unknown, now?: () => Date): FeedNotification | null {
  const parsed = UpstreamNotificationSchema.safeParse(raw);
  if (!parsed.success || !parsed.data.message) return null;
  const n = parsed.data;
  const typed = kindOf(n.notificationType);
  const message = n.message ?? '';
  const said = (n.code && fromApi(n.code, n.about)) || fromLegacySentence(typed, message);
  const kind = said.code ? KIND_OF_CODE[said.code] : typed;
  const postId = said.about.postId ?? (kind === 'COMMENT' || kind === 'LIKE' ? (n.relatedId ?? null) : null);
  return {
    id: n.id ?? null,
    kind,
    message,
    code: said.code,
    about: { ...said.about, postId: postId && postId > 0 ? postId : null },
    createdAt: instantOf(n.createdAt, now),
    read: Boolean(n.read ?? n.isRead ?? false),
    link: linkFor(kind, n.targetUrl, postId, n.relatedId),
  };
}

/** The recipient's login id a body names (the legacy routes some users' notifications over admin topics). */
export const recipientOf = (raw: unknown): string | null => {
  const parsed = UpstreamNotificationSchema.safeParse(raw);
  return parsed.success ? (parsed.data.userId ?? null) : null;
};

export const notificationTypeOf = (raw: unknown): string | null => {
  const parsed = UpstreamNotificationSchema.safeParse(raw);
  return parsed.success ? (parsed.data.notificationType ?? null) : null;
};

/** A REST list; entries that are not notifications are dropped, newest first. */
export function normaliseNotificationList(raw: unknown): FeedNotification[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .map((n) => normaliseNotification(n))
    .filter((n): n is FeedNotification => n !== null)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
