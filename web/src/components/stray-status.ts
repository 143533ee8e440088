import type { PetStatus, ReportStatus, Stray } from '@pawbridge/shared';
import { t } from '@/messages';

/** A status as words plus colour, so the state never depends on colour alone. */
export interface StatusLook {
  label: string;
  color: string;
}

// Spec §4 colours, the one map for every screen that shows a stray's state:
// LOST red, protecting teal, waiting blue, adopted green; report review states beside them.
const PET_STATUS_COLOR: Record<PetStatus, string> = { LOST: 'red', PROTECTING: 'teal', WAITING: 'blue', ADOPT: 'green' };
const REPORT_STATUS_COLOR: Record<ReportStatus, string> = { PENDING: 'red', APPROVED: 'teal', REJECTED: 'gray' };

const isPetStatus = (status: string): status is PetStatus => Object.hasOwn(PET_STATUS_COLOR, status);

/** Where a stray is now: the state's words and colour. */
export function petStatusLook(status: PetStatus): StatusLook {
  return { label: t(`stray.status.${status}`), color: PET_STATUS_COLOR[status] };
}

/**
 * The adopt list's badge (spec §4): three named states. A LOST stray is not yet in
 * anyone's care, so the list calls it unknown (still red); anything else is unknown in grey.
 */
export function adoptListBadge(status: PetStatus | string): StatusLook {
  if (status === 'LOST') return { label: t('stray.status.unknown'), color: PET_STATUS_COLOR.LOST };
  if (isPetStatus(status)) return petStatusLook(status);
  return { label: t('stray.status.unknown'), color: 'gray' };
}

/** The admin list's badge: the review state, and once approved, where the stray is now. */
export function reportStatusLook(s: Pick<Stray, 'status' | 'reportStatus'>): StatusLook {
  if (s.reportStatus === 'APPROVED') return petStatusLook(s.status);
  return { label: t(`stray.reportStatus.${s.reportStatus}`), color: REPORT_STATUS_COLOR[s.reportStatus] };
}
