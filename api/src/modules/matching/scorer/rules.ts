import { readBreed } from './breeds';
import { neighbours, readColours } from './colours';
import { distanceKm } from './geo';
import type { AgeBand, MatchRecord, SizeBand } from './match-record';
import { hammingBits } from './photo-distance';
import { DAYS_POINTS, LIMITS, POINTS } from './points';
import type { MatchReason } from './reasons';

/** One rule per attribute: the reason it gives (or none when a side does not say). Decision 0039. */
type Rule = (lost: MatchRecord, found: MatchRecord) => MatchReason | null;

const DAY_MS = 86_400_000;

export const normaliseRegistration = (no: string | null) => (no ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');

export function sameRegistration(a: MatchRecord, b: MatchRecord): boolean {
  const x = normaliseRegistration(a.registrationNo);
  return x.length >= LIMITS.registrationMinLength && x === normaliseRegistration(b.registrationNo);
}

export const photoRule: Rule = (a, b) => {
  let best = Infinity;
  for (const x of a.photoHashes) for (const y of b.photoHashes) best = Math.min(best, hammingBits(x, y));
  if (best <= LIMITS.samePhotoBits) return { code: 'SAME_PHOTO', points: POINTS.samePhoto };
  if (best <= LIMITS.similarPhotoBits) return { code: 'SIMILAR_PHOTO', points: POINTS.similarPhoto };
  return null;
};

const cosine = (x: number[], y: number[]) => {
  let dot = 0;
  let nx = 0;
  let ny = 0;
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    dot += x[i]! * y[i]!;
    nx += x[i]! ** 2;
    ny += y[i]! ** 2;
  }
  return nx && ny ? dot / Math.sqrt(nx * ny) : 0;
};

/** Only when an image embedder is configured (both sides carry embeddings); otherwise nothing is claimed. */
export const lookAlikeRule: Rule = (a, b) => {
  if (!a.embeddings?.length || !b.embeddings?.length) return null;
  let best = -1;
  for (const x of a.embeddings) for (const y of b.embeddings) best = Math.max(best, cosine(x, y));
  const scale = (best - POINTS.lookAlikeFrom) / (1 - POINTS.lookAlikeFrom);
  if (scale <= 0) return null;
  return { code: 'PHOTO_LOOKS_ALIKE', percent: Math.round(best * 100), points: Math.round(scale * POINTS.lookAlikeMax) };
};

export const breedRule: Rule = (a, b) => {
  const x = readBreed(a.breed);
  const y = readBreed(b.breed);
  if (x.key && x.key === y.key) {
    if (!x.mix && !y.mix) return { code: 'SAME_BREED', breed: x.key, points: POINTS.sameBreed };
    return { code: 'SIMILAR_BREED', breed: x.key, points: POINTS.mixOfSameBreed };
  }
  if (!x.key && !y.key && x.mix && y.mix) return { code: 'SAME_BREED', breed: 'MIX', points: POINTS.samePlainMix };
  if (!x.key || !y.key) return null; // a plain mix or unknown words: finders misname breeds, so no conflict
  if (x.group === y.group) return { code: 'SIMILAR_BREED', breed: x.group!, points: POINTS.sameBreedGroup };
  if (x.mix || y.mix) return null;
  return { code: 'BREED_DIFFERS', points: POINTS.breedDiffers };
};

export const sexRule: Rule = (a, b) => {
  if (!a.sex || !b.sex) return null;
  return a.sex === b.sex ? { code: 'SAME_SEX', sex: a.sex, points: POINTS.sameSex } : { code: 'SEX_DIFFERS', points: POINTS.sexDiffers };
};

const SIZES: SizeBand[] = ['SMALL', 'MEDIUM', 'LARGE'];
export const sizeOf = (r: MatchRecord): SizeBand | null =>
  r.size ?? (r.weightKg === null ? null : r.weightKg < 10 ? 'SMALL' : r.weightKg < 25 ? 'MEDIUM' : 'LARGE');

export const sizeRule: Rule = (a, b) => {
  const x = sizeOf(a);
  const y = sizeOf(b);
  if (!x || !y) return null;
  if (x === y) return { code: 'SAME_SIZE', size: x, points: POINTS.sameSize };
  return Math.abs(SIZES.indexOf(x) - SIZES.indexOf(y)) >= 2 ? { code: 'SIZE_DIFFERS', points: POINTS.sizeDiffers } : null;
};

export const weightRule: Rule = (a, b) => {
  if (!a.weightKg || !b.weightKg) return null;
  const ratio = Math.max(a.weightKg, b.weightKg) / Math.min(a.weightKg, b.weightKg);
  if (ratio <= LIMITS.similarWeightRatio) return { code: 'SIMILAR_WEIGHT', points: POINTS.similarWeight };
  if (ratio >= LIMITS.weightDiffersRatio) return { code: 'WEIGHT_DIFFERS', points: POINTS.weightDiffers };
  return null;
};

export const colourRule: Rule = (a, b) => {
  const x = readColours(a.colour);
  const y = readColours(b.colour);
  if (x.size === 0 || y.size === 0) return null;
  const common = [...x].find((c) => y.has(c));
  if (common) return { code: 'SAME_COLOUR', colour: common, points: POINTS.sameColour };
  const near = [...x].some((c) => [...y].some((d) => neighbours(c, d)));
  return near ? { code: 'SIMILAR_COLOUR', points: POINTS.similarColour } : { code: 'COLOUR_DIFFERS', points: POINTS.colourDiffers };
};

const AGES: AgeBand[] = ['PUPPY', 'YOUNG', 'ADULT', 'SENIOR'];
export const ageRule: Rule = (a, b) => {
  if (!a.ageBand || !b.ageBand) return null;
  if (a.ageBand === b.ageBand) return { code: 'SAME_AGE', age: a.ageBand, points: POINTS.sameAge };
  return Math.abs(AGES.indexOf(a.ageBand) - AGES.indexOf(b.ageBand)) >= 2 ? { code: 'AGE_DIFFERS', points: POINTS.ageDiffers } : null;
};

/** km between the exact points, rounded to 0.1 (the only form a distance leaves the server in). */
export const kmBetween = (a: MatchRecord, b: MatchRecord): number | null =>
  a.position && b.position ? Math.round(distanceKm(a.position, b.position) * 10) / 10 : null;

export const placeRule: Rule = (a, b) => {
  const km = kmBetween(a, b);
  if (km !== null) return { code: 'DISTANCE', km, points: Math.round(POINTS.distanceMax * 0.5 ** (km / POINTS.halfKm)) };
  const same = a.sigungu && b.sigungu && a.sigungu.replace(/\s+/g, '') === b.sigungu.replace(/\s+/g, '');
  return same ? { code: 'SAME_DISTRICT', points: POINTS.sameDistrict } : null;
};

/** Whole days from lost to found (negative: found before). */
export const daysBetween = (lost: MatchRecord, found: MatchRecord) => (found.at.getTime() - lost.at.getTime()) / DAY_MS;

export const timeRule: Rule = (lost, found) => {
  const days = Math.max(0, Math.round(daysBetween(lost, found)));
  const points = DAYS_POINTS.find(([max]) => days <= max)?.[1] ?? 0;
  return { code: 'DAYS_AFTER', days, points };
};

/** Every attribute rule, in the order the reasons are listed. */
export const RULES: Rule[] = [photoRule, lookAlikeRule, breedRule, sexRule, sizeRule, weightRule, colourRule, ageRule, placeRule, timeRule];
