import { mayApplyFor, type AdoptStatus, type PetStatus } from '@pawbridge/shared';
import { t } from '@/messages';

/** The adoption button: active only where an application is taken (shared mayApplyFor: PROTECTING); "waiting" for WAITING; "adopted" otherwise. */
export function adoptButton(status: PetStatus): { label: string; enabled: boolean } {
  if (mayApplyFor(status)) return { label: t('adopt.button.apply'), enabled: true };
  if (status === 'WAITING') return { label: t('adopt.button.waiting'), enabled: false };
  return { label: t('adopt.button.adopted'), enabled: false };
}

export const APPLICATION_COLOR: Record<AdoptStatus, string> = { REQUESTED: 'yellow', APPROVED: 'green', REJECTED: 'gray' };

const dateFmt = new Intl.DateTimeFormat('ko-KR', { dateStyle: 'long' });
const dateTimeFmt = new Intl.DateTimeFormat('ko-KR', { dateStyle: 'long', timeStyle: 'short' });

/** The Korean long date (year, month, day) of a yyyy-MM-dd, read as a calendar day (no time-zone shift). */
export function koreanDay(isoDay: string): string {
  const [y, m, d] = isoDay.split('-').map(Number);
  if (!y || !m || !d) return isoDay;
  return dateFmt.format(new Date(y, m - 1, d));
}

/** The Korean long date and short time of an ISO timestamp with offset. */
export function koreanDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTimeFmt.format(d);
}
