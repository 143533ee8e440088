import { LIMITS, mayRegisterReport, type Stray } from '@pawbridge/shared';
import { t } from '@/messages';

/** Only an unreviewed (LOST) report can be registered (the shared rule); every later state reads "already registered". */
export const canRegister = (s: Pick<Stray, 'status'>) => mayRegisterReport(s.status);

/** The admin table's description preview: 50 characters, then an ellipsis. */
export function previewText(text: string, max: number = LIMITS.adminDescriptionPreview): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

export const genderLabel = (g: Stray['gender']) => t(g ? `stray.gender.${g}` : 'stray.gender.unknown');

/** "14:30" whether the server sent "14:30" or "14:30:00". */
export const shortTime = (time: string) => time.slice(0, 5);
