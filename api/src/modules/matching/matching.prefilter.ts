import { BREED_WORDS_DIGEST } from './matching.breed-words.repository';
import type { NearPhotos } from './matching.photo-index';
import { readBreed, storedBreed } from './scorer/breeds';
import { hammingBits, isPhotoHash } from './scorer/photo-distance';
import { normaliseRegistration } from './scorer/rules';
import type { MatchRecord } from './scorer/match-record';
import { DAYS_POINTS, DISPLAY_FLOOR, LIMITS, POINTS } from './scorer/points';

/**
 * An exact pre-filter for a missing report's job (decision 0049): candidates the scorer provably puts
 * below the display floor are not read at all. It applies when the report has no usable registration
 * number and no photo vectors. Then for a candidate without a photo near one of the report's (hashes
 * more than `similarPhotoBits` apart, or none) the score is at most
 *
 *   breed + sex + size 5 + weight 5 + colour 10 + age 5 + place + days 10
 *
 * (no photo points: the hash rule needs a near pair of hashes, the look-alike rule both sides' vectors;
 * no certainty: it needs a registration number on both sides), with breed at most 20 and sex at most 10.
 *
 * - The sexes known and different (sex −25): 20 + place, below the floor of 40 whenever place < 20.
 * - The breeds different (BREED_DIFFERS, −15: the report names a known breed and no mix, the candidate
 *   another known breed of another look-alike group and no mix): 30 + place, below 40 whenever place < 10.
 *
 * Both hold for a candidate with a point more than `MIN_KM` away (the distance points are 25 halved every
 * 3 km: 9 at 4.2 km, 8 at 5 km) and for a shelter notice (no point: 8 at most for the same district). Those
 * rows are the ones left out — unless one of their photos' hashes is near one of the report's (checked in
 * SQL, only on those rows); everything else is scored as before. The candidate's breed is read by the
 * database (migration 0029: the stored reading, `storedBreed` here), and only while its word table is this
 * code's (`digest`). A re-scoring job reads everything (it must see pairs that fell below the floor).
 * `matching.prefilter.test.ts` checks the bounds against the rules' own maxima and the stored pairs with
 * and without the filter, with photos and varied breed words on both sides.
 */
export interface Prune {
  /** The report's sex in each table's words; null: unknown (no sex bound). */
  gender: 'MALE' | 'FEMALE' | null;
  /** The report's breed when it names a known breed and no mix; null: no breed bound. */
  breed: { key: string; group: string; digest: string } | null;
  lat: number | null;
  lng: number | null;
  /** The report's photo hashes: a candidate with a photo this near is kept whatever its sex, breed and place. */
  hashes: string[];
  /**
   * The rows with such a photo by the instance's copy of the hashes (decision 0051), set by the worker: the
   * pages then ask the indexes for them by key instead of reading the whole box. Absent: they read the box.
   */
  near?: NearPhotos | null;
}

/** Beyond this the distance points are at most 8 (computed with a margin over the exact 4.19 km for 9). */
export const MIN_KM = 5;

/** The points a candidate can reach besides breed, sex and place (no photo, no certainty). */
const rest = () => POINTS.sameSize + POINTS.similarWeight + POINTS.sameColour + POINTS.sameAge + DAYS_POINTS[0]![1];

/** The largest score a candidate of a photo-less, registration-less report can reach with the sexes differing. */
export function boundWhenSexDiffers(place: number): number {
  return POINTS.sameBreed + POINTS.sexDiffers + rest() + place;
}

/** The same with the breeds differing (BREED_DIFFERS) and the sexes alike. */
export function boundWhenBreedDiffers(place: number): number {
  return POINTS.breedDiffers + POINTS.sameSex + rest() + place;
}

/**
 * A box of coordinates holding every point within `MIN_KM` of (lat, lng) by the scorer's great-circle
 * formula (with a 0.1 % margin): a point outside it is more than `MIN_KM` away. From the haversine h: a
 * latitude difference δ gives h ≥ sin²(δ/2), a longitude difference Δ, with both latitudes at most φ
 * from the equator, h ≥ cos²φ · sin²(Δ/2). Null near the poles or the antimeridian (never in Korea).
 */
export function nearBox(lat: number, lng: number): { minLat: number; maxLat: number; minLng: number; maxLng: number } | null {
  const R = 6371;
  const margin = 1.001;
  const dLat = ((MIN_KM / R) * 180 * margin) / Math.PI;
  const phi = ((Math.abs(lat) + dLat) * Math.PI) / 180;
  if (phi >= Math.PI / 2 - 0.01) return null;
  const dLng = ((2 * Math.asin(Math.min(1, Math.sin(MIN_KM / (2 * R)) / Math.cos(phi))) * 180) / Math.PI) * margin;
  if (Math.abs(lng) + dLng >= 180) return null;
  return { minLat: lat - dLat, maxLat: lat + dLat, minLng: lng - dLng, maxLng: lng + dLng };
}

/** The distance points at `MIN_KM` (they only fall with distance). */
export const placePointsAtMinKm = () => Math.round(POINTS.distanceMax * 0.5 ** (MIN_KM / POINTS.halfKm));

/** Whether a bound stays below the floor for both kinds of candidate it leaves out. */
const holds = (bound: (place: number) => number) =>
  bound(placePointsAtMinKm()) < DISPLAY_FLOOR && bound(POINTS.sameDistrict) < DISPLAY_FLOOR;

/** When the report's job may leave rows out: its own record as the scorer sees it (with vectors when configured). */
export function pruneFor(kind: string, record: MatchRecord, rescore: boolean, digest = BREED_WORDS_DIGEST): Prune | null {
  if (kind !== 'MISSING' || rescore) return null;
  // Vectors would need the cosine in SQL; the hashes are checked there (bit_count of the XOR).
  if ((record.embeddings?.length ?? 0) > 0) return null;
  if (normaliseRegistration(record.registrationNo).length >= LIMITS.registrationMinLength) return null;
  const gender = record.sex && holds(boundWhenSexDiffers) ? record.sex : null;
  const b = readBreed(record.breed);
  const breed = b.key && !b.mix && holds(boundWhenBreedDiffers) ? { key: b.key, group: b.group!, digest } : null;
  if (!gender && !breed) return null;
  const hashes = [...new Set(record.photoHashes.filter(isPhotoHash).map((h) => h.toLowerCase()))];
  return { gender, breed, lat: record.position?.lat ?? null, lng: record.position?.lng ?? null, hashes };
}

/** Whether any of a candidate's hashes is near enough to one of the report's for a photo reason. */
export function photoNear(p: Prune, candidateHashes: readonly string[]): boolean {
  return p.hashes.some((h) => candidateHashes.some((c) => hammingBits(h, c) <= LIMITS.similarPhotoBits));
}

/** Whether the bounds above put `candidate` below the floor on its sex or its (stored) breed, wherever it is. */
export function differs(p: Prune, candidate: MatchRecord): boolean {
  if (p.gender && candidate.sex && candidate.sex !== p.gender) return true;
  const b = p.breed && storedBreed(candidate.breed);
  return !!b && b.key !== p.breed!.key && b.group !== p.breed!.group;
}

/**
 * The same rule in code, for the tests: true when the SQL leaves `candidate` out (`km`: the SQL's
 * distance). The candidate's breed as the database stores it (the table holding this code's words).
 */
export function leftOut(p: Prune | null, candidate: MatchRecord, km: number | null): boolean {
  if (!p || !differs(p, candidate)) return false;
  if (photoNear(p, candidate.photoHashes)) return false;
  if (candidate.kind === 'SHELTER') return true;
  return p.lat !== null && km !== null && km > MIN_KM;
}
