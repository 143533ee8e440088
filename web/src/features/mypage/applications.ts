import type { AdoptionApplication } from '@pawbridge/shared';
import { t, tKey } from '@/messages';

export interface ApplicationLook {
  label: string;
  color: string;
}

// The spec's my-page words: the under-review label for PENDING (an older upstream's word), the waiting label for REQUESTED.
const COLORS: Record<string, string> = { PENDING: 'yellow', REQUESTED: 'blue', APPROVED: 'teal', REJECTED: 'gray' };

/** The application's state as words and a colour (never colour alone); an unknown state reads as "checking". */
export function applicationLook(status: string): ApplicationLook {
  return { label: tKey(`mypage.apps.status.${status}`, 'mypage.apps.status.unknown'), color: COLORS[status] ?? 'gray' };
}

export interface TimelineStep {
  key: string;
  title: string;
  date: string | null;
  done: boolean;
}

/**
 * Applied, then decided. The wire carries one decision time, `approvedAt`; a
 * decision without it shows no date. While open, the second step waits.
 */
export function applicationTimeline(app: AdoptionApplication): TimelineStep[] {
  const applied: TimelineStep = { key: 'applied', title: t('mypage.apps.applied'), date: app.appliedAt, done: true };
  if (app.adoptStatus === 'APPROVED')
    return [applied, { key: 'decided', title: t('mypage.apps.approved'), date: app.approvedAt, done: true }];
  if (app.adoptStatus === 'REJECTED')
    return [applied, { key: 'decided', title: t('mypage.apps.rejected'), date: app.approvedAt, done: true }];
  return [applied, { key: 'decided', title: t('mypage.apps.decided'), date: null, done: false }];
}

const dateFmt = new Intl.DateTimeFormat('ko-KR', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Seoul',
});

/** An ISO time in Korean words (Seoul time); text that is not a date is shown as it came. */
export function koreanDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFmt.format(d);
}
