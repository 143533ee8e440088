import { normaliseRegistration } from './scorer/rules';
import type { MatchRecord } from './scorer/match-record';
import { DAYS_POINTS, DISPLAY_FLOOR, LIMITS, POINTS } from './scorer/points';

/**
 * An exact pre-filter for a missing report's job (decision 0049): candidates the scorer provably puts
 * below the display floor are not read at all. It applies only when the report has no photo (no hash,
 * no vector) and no usable registration number, and names the dog's sex. Then for any candidate the
 * score is at most
 *
 *   breed 20 + sex + size 5 + weight 5 + colour 10 + age 5 + place + days 10
 *
 * (no photo points: both photo rules need both sides' photos; no certainty: it needs a registration
 * number on both sides). With the sexes known and different (sex −25) that is 20 + place, below the
 * floor of 40 whenever place < 20: a candidate with a point more than `MIN_KM` away (the distance
 * points are 25 halved every 3 km: 9 at 4.2 km), or a shelter notice (no point: 8 at most for the same
 * 시·군·구). Those rows are the ones left out; everything else is scored as before. A re-scoring job
 * reads everything (it must see pairs that fell below the floor). `matching.prefilter.test.ts` checks
 * the bound against the rules' own maxima and the stored pairs with and without the filter.
 */
export interface Prune {
  /** The report's sex in each table's words. */
  gender: 'MALE' | 'FEMALE';
  lat: number | null;
  lng: number | null;
}

/** Beyond this the distance points are at most 9 (computed with a margin over the exact 4.19 km). */
export const MIN_KM = 5;

/** The largest score a candidate of a photo-less, registration-less report can reach with the sexes differing. */
export function boundWhenSexDiffers(place: number): number {
  return (
    POINTS.sameBreed +
    POINTS.sexDiffers +
    POINTS.sameSize +
    POINTS.similarWeight +
    POINTS.sameColour +
    POINTS.sameAge +
    place +
    DAYS_POINTS[0]![1]
  );
}

/** The distance points at `MIN_KM` (they only fall with distance). */
export const placePointsAtMinKm = () => Math.round(POINTS.distanceMax * 0.5 ** (MIN_KM / POINTS.halfKm));

/** When the report's job may leave rows out: its own record as the scorer sees it (with vectors when configured). */
export function pruneFor(kind: string, record: MatchRecord, rescore: boolean): Prune | null {
  if (kind !== 'MISSING' || rescore || !record.sex) return null;
  if (record.photoHashes.length > 0 || (record.embeddings?.length ?? 0) > 0) return null;
  if (normaliseRegistration(record.registrationNo).length >= LIMITS.registrationMinLength) return null;
  if (boundWhenSexDiffers(placePointsAtMinKm()) >= DISPLAY_FLOOR || boundWhenSexDiffers(POINTS.sameDistrict) >= DISPLAY_FLOOR) return null;
  return { gender: record.sex, lat: record.position?.lat ?? null, lng: record.position?.lng ?? null };
}

/** The same rule in code, for the tests: true when the SQL above leaves `candidate` out (`km`: the SQL's distance). */
export function leftOut(p: Prune | null, candidate: MatchRecord, km: number | null): boolean {
  if (!p || !candidate.sex || candidate.sex === p.gender) return false;
  if (candidate.kind === 'SHELTER') return true;
  return p.lat !== null && km !== null && km > MIN_KM;
}
