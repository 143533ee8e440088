import { t, tMaybe, type MessageKey } from '@/messages';

/** A scorer reason as it arrives (a candidate's or a match notice's): a code, its points and parameters. */
export type ReasonLike = { code: string; points: number } & Record<string, string | number>;
export type MatchKind = 'FOUND' | 'SEEN' | 'STRAY' | 'SHELTER';

/** The order a reader takes them in: where and when, then what proves it, then what the dog looks like. */
const ORDER = [
  'DISTANCE',
  'SAME_DISTRICT',
  'DAYS_AFTER',
  'SAME_REGISTRATION',
  'SAME_PHOTO',
  'SIMILAR_PHOTO',
  'PHOTO_LOOKS_ALIKE',
  'SAME_BREED',
  'SIMILAR_BREED',
  'SAME_SEX',
  'SAME_COLOUR',
  'SIMILAR_COLOUR',
  'SAME_SIZE',
  'SIMILAR_WEIGHT',
  'SAME_AGE',
  'BREED_DIFFERS',
  'SEX_DIFFERS',
  'COLOUR_DIFFERS',
  'SIZE_DIFFERS',
  'WEIGHT_DIFFERS',
  'AGE_DIFFERS',
];
const rank = (code: string) => (ORDER.includes(code) ? ORDER.indexOf(code) : ORDER.length);

function phrase(r: ReasonLike, kind: MatchKind, sameSexToo: boolean): string | null {
  const seen = kind === 'SEEN' ? 'SEEN' : 'FOUND';
  switch (r.code) {
    case 'DISTANCE':
      return t('matchReason.DISTANCE', { km: Number(r.km).toFixed(1) });
    case 'DAYS_AFTER':
      return Number(r.days) === 0 ? t(`matchReason.SAME_DAY.${seen}`) : t(`matchReason.DAYS_AFTER.${seen}`, { days: Number(r.days) });
    case 'SAME_BREED':
      if (r.breed === 'MIX') return t('matchReason.BOTH_MIX');
      return t(sameSexToo ? 'matchReason.SAME_BREED_SEX' : 'matchReason.SAME_BREED');
    case 'SAME_COLOUR': {
      const colour = tMaybe(`matchColour.${String(r.colour)}`);
      return colour ? t('matchReason.SAME_COLOUR', { colour }) : t('matchReason.SIMILAR_COLOUR');
    }
    case 'PHOTO_LOOKS_ALIKE':
      return t('matchReason.PHOTO_LOOKS_ALIKE', { percent: Number(r.percent) });
    default: {
      const words = tMaybe(`matchReason.${r.code}`);
      return words ?? null; // a code this web does not know yet says nothing rather than something wrong
    }
  }
}

/**
 * The reasons in words (distance, days after, breed and sex, colour …), joined in reading order. `against`:
 * the reasons that took points away instead of those that added them.
 */
export function matchReasonsText(reasons: readonly ReasonLike[], kind: MatchKind, against = false): string {
  const picked = reasons.filter((r) => (against ? r.points < 0 : r.points > 0)).sort((a, b) => rank(a.code) - rank(b.code));
  const breedAndSex = picked.some((r) => r.code === 'SAME_BREED' && r.breed !== 'MIX') && picked.some((r) => r.code === 'SAME_SEX');
  return picked
    .filter((r) => !(breedAndSex && r.code === 'SAME_SEX'))
    .map((r) => phrase(r, kind, breedAndSex))
    .filter((p): p is string => p !== null)
    .join(', ');
}

/** A candidate's kind (found, seen, stray report, shelter notice) in a word. */
export const matchKindLabel = (kind: MatchKind) => t(`matchKind.${kind}` as MessageKey);
