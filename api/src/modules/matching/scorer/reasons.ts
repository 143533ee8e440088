import type { AgeBand, Sex, SizeBand } from './match-record';
import type { ColourFamily } from './colours';

/**
 * Why a candidate scored what it did: stable codes with parameters, worded by the web, never here.
 * `points` is what the reason added (negative: took away), so the list explains the score exactly.
 */
export type MatchReason = { points: number } & (
  | { code: 'SAME_REGISTRATION' }
  | { code: 'SAME_PHOTO' }
  | { code: 'SIMILAR_PHOTO' }
  | { code: 'PHOTO_LOOKS_ALIKE'; percent: number }
  | { code: 'SAME_BREED'; breed: string }
  | { code: 'SIMILAR_BREED'; breed: string }
  | { code: 'BREED_DIFFERS' }
  | { code: 'SAME_SEX'; sex: Sex }
  | { code: 'SEX_DIFFERS' }
  | { code: 'SAME_SIZE'; size: SizeBand }
  | { code: 'SIZE_DIFFERS' }
  | { code: 'SIMILAR_WEIGHT' }
  | { code: 'WEIGHT_DIFFERS' }
  | { code: 'SAME_COLOUR'; colour: ColourFamily }
  | { code: 'SIMILAR_COLOUR' }
  | { code: 'COLOUR_DIFFERS' }
  | { code: 'SAME_AGE'; age: AgeBand }
  | { code: 'AGE_DIFFERS' }
  | { code: 'DISTANCE'; km: number }
  | { code: 'SAME_DISTRICT' }
  | { code: 'DAYS_AFTER'; days: number }
);

export type MatchReasonCode = MatchReason['code'];

/** Why a pair is not a candidate at all (nothing stored, nothing shown). */
export type Exclusion = 'SPECIES_DIFFERS' | 'FOUND_BEFORE_LOST' | 'TOO_LATE' | 'TOO_FAR';

export type MatchResult = { excluded: Exclusion } | { excluded: null; score: number; reasons: MatchReason[] };
