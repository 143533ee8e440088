import { hammingBits, isPhotoHash } from './scorer/photo-distance';
import { normaliseRegistration } from './scorer/rules';
import type { MatchRecord } from './scorer/match-record';
import { DAYS_POINTS, DISPLAY_FLOOR, LIMITS, POINTS } from './scorer/points';

/**
 * An exact pre-filter for a missing report's job (decision 0049): candidates the scorer provably puts
 * below the display floor are not read at all. It applies when the report has no usable registration
 * number, no photo vectors, and names the dog's sex. Then for a candidate without a photo near one of
 * the report's (hashes more than `similarPhotoBits` apart, or none) the score is at most
 *
 *   breed 20 + sex + size 5 + weight 5 + colour 10 + age 5 + place + days 10
 *
 * (no photo points: the hash rule needs a near pair of hashes, the look-alike rule both sides' vectors;
 * no certainty: it needs a registration number on both sides). With the sexes known and different
 * (sex −25) that is 20 + place, below the floor of 40 whenever place < 20: a candidate with a point
 * more than `MIN_KM` away (the distance points are 25 halved every 3 km: 9 at 4.2 km), or a shelter
 * notice (no point: 8 at most for the same 시·군·구). Those rows are the ones left out — unless one of
 * their photos' hashes is near one of the report's (checked in SQL, only on those rows); everything
 * else is scored as before. A re-scoring job reads everything (it must see pairs that fell below the
 * floor). `matching.prefilter.test.ts` checks the bound against the rules' own maxima and the stored
 * pairs with and without the filter, with photos on both sides.
 */
export interface Prune {
  /** The report's sex in each table's words. */
  gender: 'MALE' | 'FEMALE';
  lat: number | null;
  lng: number | null;
  /** The report's photo hashes: a candidate with a photo this near is kept whatever its sex and place. */
  hashes: string[];
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
  // Vectors would need the cosine in SQL; the hashes are checked there (bit_count of the XOR).
  if ((record.embeddings?.length ?? 0) > 0) return null;
  if (normaliseRegistration(record.registrationNo).length >= LIMITS.registrationMinLength) return null;
  if (boundWhenSexDiffers(placePointsAtMinKm()) >= DISPLAY_FLOOR || boundWhenSexDiffers(POINTS.sameDistrict) >= DISPLAY_FLOOR) return null;
  const hashes = [...new Set(record.photoHashes.filter(isPhotoHash).map((h) => h.toLowerCase()))];
  return { gender: record.sex, lat: record.position?.lat ?? null, lng: record.position?.lng ?? null, hashes };
}

/** Whether any of a candidate's hashes is near enough to one of the report's for a photo reason. */
export function photoNear(p: Prune, candidateHashes: readonly string[]): boolean {
  return p.hashes.some((h) => candidateHashes.some((c) => hammingBits(h, c) <= LIMITS.similarPhotoBits));
}

/** The same rule in code, for the tests: true when the SQL above leaves `candidate` out (`km`: the SQL's distance). */
export function leftOut(p: Prune | null, candidate: MatchRecord, km: number | null): boolean {
  if (!p || !candidate.sex || candidate.sex === p.gender) return false;
  if (photoNear(p, candidate.photoHashes)) return false;
  if (candidate.kind === 'SHELTER') return true;
  return p.lat !== null && km !== null && km > MIN_KM;
}
