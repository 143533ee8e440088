import type { LostPostKind, LostPostStatus } from '@pawbridge/shared/lost.schema';
import { t } from '@/messages';
import '@/messages/lost-forms';

/** A post's status in words: an open sighting reads as ongoing, an open missing report as still searching. */
export const lostStatusWords = (kind: LostPostKind, status: LostPostStatus): string =>
  status === 'OPEN' && kind !== 'MISSING' ? t('lostStatus.OPEN.sighting') : t(`lostStatus.${status}`);

// Light badges: the theme darkens their text to AA (app/theme.ts).
export const LOST_STATUS_COLOURS: Record<LostPostStatus, string> = { OPEN: 'orange', REUNITED: 'teal', CANCELLED: 'gray', CLOSED: 'gray' };
export const LOST_KIND_COLOURS: Record<LostPostKind, string> = { MISSING: 'red', FOUND: 'blue', SEEN: 'grape' };
