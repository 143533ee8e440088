import { seoulToday, type ShelterAnimal, type ShelterStatus } from '@pawbridge/shared';
import { t } from '@/messages';
import type { StatusLook } from '@/components/stray-status';

/** Days from `from` to `to` (both yyyy-MM-dd), counted on the calendar, not in hours. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export type NoticeDay = { kind: 'left'; days: number } | { kind: 'today' } | { kind: 'ended' };

/**
 * Where the notice period stands on today's date in Korea (the portal's dates
 * are Korean calendar days): days left, the last day, or over. Null without an end.
 */
export function noticeDay(noticeEnd: string | null, now: Date = new Date()): NoticeDay | null {
  if (!noticeEnd) return null;
  const days = daysBetween(seoulToday(now), noticeEnd);
  if (days > 0) return { kind: 'left', days };
  return days === 0 ? { kind: 'today' } : { kind: 'ended' };
}

export function noticeDayLabel(d: NoticeDay): string {
  if (d.kind === 'left') return t('shelter.dday.left', { days: d.days });
  return t(d.kind === 'today' ? 'shelter.dday.today' : 'shelter.dday.ended');
}

/** Urgent in red, the last days in orange, the rest grey; the words always say it too. */
export function noticeDayColor(d: NoticeDay): string {
  if (d.kind === 'ended') return 'gray';
  if (d.kind === 'today' || d.days <= 3) return 'red';
  return d.days <= 7 ? 'orange' : 'gray';
}

// The spec's colours: protecting teal, adopted green; a return is a happy end too;
// any other end is grey, and a death is said as an end of care, never as the default.
const STATUS_COLOR: Record<ShelterStatus, string> = {
  PROTECTING: 'teal',
  NOTICE: 'blue',
  ADOPTED: 'green',
  RETURNED: 'green',
  ENDED_OTHER: 'gray',
  DIED: 'dark',
};

export function shelterStatusLook(a: Pick<ShelterAnimal, 'status'>): StatusLook {
  return { label: t(`shelter.status.${a.status}`), color: STATUS_COLOR[a.status] };
}

/** A `tel:` link for a Korean phone number as shelters write it ("02-123-4567"), or null. */
export function telHref(tel: string | null): string | null {
  const digits = tel?.replace(/[^\d+]/g, '') ?? '';
  return digits.length >= 7 ? `tel:${digits}` : null;
}
