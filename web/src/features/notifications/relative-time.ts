import { t } from '@/messages';

/**
 * Spec §9: "just now" under a minute, minutes ago under an hour, hours ago
 * under a day, otherwise the local date (the words in the catalogue). A clock a
 * little ahead of the server's still reads "just now", never a negative count.
 */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return t('notifications.justNow');
  if (minutes < 60) return t('notifications.minutesAgo', { n: minutes });
  if (minutes < 1440) return t('notifications.hoursAgo', { n: Math.floor(minutes / 60) });
  return at.toLocaleDateString('ko-KR', { year: 'numeric', month: 'long', day: 'numeric' });
}
