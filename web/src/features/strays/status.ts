import { LIMITS, type PetStatus, type ReportStatus, type Stray } from '@pawbridge/shared';
import { t } from '@/messages';

// Spec §4 colours: LOST red, protecting teal, waiting blue, adopted green.
export const PET_STATUS_COLOR: Record<PetStatus, string> = { LOST: 'red', PROTECTING: 'teal', WAITING: 'blue', ADOPT: 'green' };
const REPORT_STATUS_COLOR: Record<ReportStatus, string> = { PENDING: 'red', APPROVED: 'teal', REJECTED: 'gray' };

/** The admin list's status label: the review state, and once approved, where the stray is now. */
export function reportStatusLabel(s: Pick<Stray, 'status' | 'reportStatus'>): { label: string; color: string } {
  if (s.reportStatus === 'APPROVED') return { label: t(`stray.status.${s.status}`), color: PET_STATUS_COLOR[s.status] };
  return { label: t(`stray.reportStatus.${s.reportStatus}`), color: REPORT_STATUS_COLOR[s.reportStatus] };
}

/** Only a LOST report can be registered; every later state reads "already registered". */
export const canRegister = (s: Pick<Stray, 'status'>) => s.status === 'LOST';

/** The admin table's description preview: 50 characters, then an ellipsis. */
export function previewText(text: string, max: number = LIMITS.adminDescriptionPreview): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

export const genderLabel = (g: Stray['gender']) => t(g ? `stray.gender.${g}` : 'stray.gender.unknown');

/** "14:30" whether the server sent "14:30" or "14:30:00". */
export const shortTime = (time: string) => time.slice(0, 5);
