import { z } from 'zod';
import { NOTIFICATION_KINDS, type FeedNotification, type NotificationKind } from '@pawbridge/shared';

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

/** Only a path on our own origin is a link; anything else could send users elsewhere. */
const ownPath = (url: string | null | undefined): string | null => (url && /^\/(?![/\\])[\w\-./?=&%]*$/.test(url) ? url : null);

/** The screen a notification is about (spec §4: clicking opens it). */
export function linkFor(kind: NotificationKind, targetUrl: string | null | undefined, relatedId: number | null | undefined): string | null {
  const own = ownPath(targetUrl);
  if (own) return own;
  switch (kind) {
    case 'ABANDONED_PET':
      return '/admin/abandoned-pets';
    case 'ADOPTION_REQUEST':
      return '/admin/adopt-applications';
    case 'ADOPTION_RESULT':
    case 'ADMIN_ALERT':
      return '/adopt';
    case 'COMMENT':
    case 'LIKE':
      return relatedId ? `/community/${relatedId}` : '/community';
    case 'LOST_SIGHTING':
    case 'LOST_CONTACT':
    case 'LOST_REPLY':
      return relatedId ? `/lost/${relatedId}` : '/lost';
    default:
      return null;
  }
}

/** One upstream notification body, or null when it is not one (a MESSAGE with a foreign body is dropped). */
export function normaliseNotification(raw: unknown, now?: () => Date): FeedNotification | null {
  const parsed = UpstreamNotificationSchema.safeParse(raw);
  if (!parsed.success || !parsed.data.message) return null;
  const n = parsed.data;
  const kind = kindOf(n.notificationType);
  return {
    id: n.id ?? null,
    kind,
    message: n.message ?? '',
    createdAt: instantOf(n.createdAt, now),
    read: Boolean(n.read ?? n.isRead ?? false),
    link: linkFor(kind, n.targetUrl, n.relatedId),
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
