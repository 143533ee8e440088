import { sql, type RawBuilder } from 'kysely';
import { NEAR_AT_MOST, type NearPhotos } from './matching.photo-index';
import { MIN_KM, nearBox, type Prune } from './matching.prefilter';
import type { Window } from './matching.repository';
import { LIMITS } from './scorer/points';

// The pre-filter's SQL (decision 0049): the rows it leaves out of a page, and the index conditions that
// keep the database from reading them at all. The rule and its proof are in matching.prefilter.ts; the
// page queries (matching.pages.repository.ts) put these conditions in.

type Box = NonNullable<Window['box']>;

/** A box of coordinates as SQL. */
const box = (b: Box) => sql`box(point(${b.minLat}::float8, ${b.minLng}::float8), point(${b.maxLat}::float8, ${b.maxLng}::float8))`;

/** The exact point in a box: the condition the GiST indexes of migrations 0023 and 0029 answer. */
export const pointIn = (b: Box) => sql`point(latitude, longitude) <@ ${box(b)}`;

/**
 * The same condition as `pointIn`, written so that no index answers it: a page whose index conditions
 * are the pre-filter's arms (each holding the box already) filters by it, and the planner does not
 * read the whole box by its index (it guesses a box holds a hundred rows; a city's holds thousands).
 */
export const boxFilter = (b: Box) =>
  sql`(latitude BETWEEN ${b.minLat}::float8 AND ${b.maxLat}::float8 AND longitude BETWEEN ${b.minLng}::float8 AND ${b.maxLng}::float8)`;

/** Great-circle km in SQL, the scorer's formula (scorer/geo.ts). */
const km = (lat: number, lng: number) =>
  sql`2 * 6371 * asin(least(1, sqrt(power(sin(radians(latitude - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(latitude)) * power(sin(radians(longitude - ${lng}::float8) / 2), 2))))`;

/** More than MIN_KM from the report: outside its near box (no trigonometry), or inside it and farther. */
function beyondMinKm(lat: number, lng: number): RawBuilder<unknown> {
  const near = nearBox(lat, lng);
  return near ? sql`(NOT ${pointIn(near)} OR ${km(lat, lng)} > ${MIN_KM})` : sql`${km(lat, lng)} > ${MIN_KM}`;
}

/** A condition on a hash column: near one of the report's hashes (the scorer's hammingBits, as bit_count of the XOR). */
type Near = (column: RawBuilder<unknown>) => RawBuilder<unknown>;
/** The table's "has a photo near the report's" condition, given the condition on one hash column. */
export type PhotoNear = (near: Near) => RawBuilder<unknown>;

function nearAny(hashes: string[]): Near {
  // The columns are checked hex (migration 0018); the report's hashes are checked in pruneFor.
  return (column) =>
    sql`(${column} IS NOT NULL AND ${sql.join(
      hashes.map((h) => sql`bit_count(('x' || ${column})::bit(64) # ('x' || ${h}::text)::bit(64)) <= ${LIMITS.similarPhotoBits}`),
      sql` OR `,
    )})`;
}

/**
 * The row's own `phashes` (migration 0027): one of them near. The first hash without a subquery (most
 * rows have one photo at most), the others through unnest.
 */
export const hashesNear: PhotoNear = (near) =>
  sql`(cardinality(phashes) > 0 AND (${near(sql`phashes[1]`)}
    OR (cardinality(phashes) > 1 AND EXISTS (SELECT 1 FROM unnest(phashes[2:]) AS h(phash) WHERE ${near(sql`h.phash`)}))))`;

/** The rows a left-out row still keeps: a photo near the report's (none when the report has no hash). */
const photoKept = (p: Prune, photoNear: PhotoNear) => (p.hashes.length === 0 ? sql`false` : photoNear(nearAny(p.hashes)));

/** Whether the word table holds this code's breed words (the stored readings are then readBreed's). */
export const breedWordsHeld = (digest: string) => sql`coalesce((SELECT digest FROM match_breed_words_version) = ${digest}, false)`;

/**
 * The row's sex or stored breed puts it below the floor wherever it is (`differs` in matching.prefilter.ts).
 * Each part coalesced: an unknown sex or breed (NULL) never differs — NOT (NULL AND …) would be NULL and
 * drop the row. The stored breed (migration 0029) counts only while the word table is this code's.
 */
function differs(p: Prune, sex: RawBuilder<unknown>, sexes: [string, string], gender: string | null): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (gender) parts.push(sql`coalesce(${sex} IN (${sexes[0]}, ${sexes[1]}) AND ${sex} <> ${gender}, false)`);
  if (p.breed)
    parts.push(
      sql`(coalesce(breed_key <> ${p.breed.key} AND breed_group <> ${p.breed.group}, false) AND ${breedWordsHeld(p.breed.digest)})`,
    );
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` OR `)})`;
}

/** The rows a sighting or stray page keeps: `sex` is its column of MALE/FEMALE (anything else is unknown). */
export function keepPointed(p: Prune | null, sex: RawBuilder<unknown>, photoNear: PhotoNear): RawBuilder<unknown> {
  if (!p || p.lat === null || p.lng === null) return sql`true`;
  // The photo check comes last: only the rows the rest would leave out look their photos up. (Every part
  // is a boolean; the coalesce only keeps a row should one ever be NULL.)
  return sql`NOT coalesce(${differs(p, sex, ['MALE', 'FEMALE'], p.gender)} AND ${beyondMinKm(p.lat, p.lng)} AND NOT ${photoKept(p, photoNear)}, false)`;
}

/** The shelter notices kept: sex M/F (Q is unknown). */
export function keepShelter(p: Prune | null, photoNear: PhotoNear): RawBuilder<unknown> {
  if (!p) return sql`true`;
  const gender = p.gender && (p.gender === 'MALE' ? 'M' : 'F');
  return sql`NOT coalesce(${differs(p, sql`sex`, ['M', 'F'], gender)} AND NOT ${photoKept(p, photoNear)}, false)`;
}

/*
 * What the indexes are asked for (migration 0029: match_sex_rank, match_group_hash). Only ever a superset
 * of the rows kept above — the sexes and breed groups that never differ from the report's, the rows near
 * it, and when the report has a photo the rows a near photo may keep (photoArms; everything when the
 * instance cannot say) — so the conditions above still decide. `breed`: whether to ask by breed group (only while the word table is this code's, which the
 * page checks in the same statement: breedWordsHeld).
 */

/** The sex ranks (male 0, unknown 1, female 2) that never differ from the report's. */
const ranks = (p: Prune): [number, number] => (p.gender === 'MALE' ? [0, 1] : p.gender === 'FEMALE' ? [1, 2] : [0, 2]);

/** The groups a row's stored breed may have and never differ: none, or the report's. */
const groups = (p: Prune) => [sql`match_group_hash(NULL)`, sql`match_group_hash(${p.breed!.group}::text)`];

/** Days since 2000-01-01 of a 'yyyy-MM-dd' (the sightings index's day). */
const dayNumber = (day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse('2000-01-01T00:00:00Z')) / 86_400_000);

/**
 * The sightings of a missing report's box and window that can be kept, as conditions on the columns of
 * lost_posts_match_sighting_geo_idx (one index scan each, or'ed as bitmaps). Null: nothing to narrow.
 */
export function sightingArms(p: Prune | null, w: Window, breed: boolean): RawBuilder<unknown> | null {
  if (!p || !w.box || p.lat === null || p.lng === null) return null;
  const [from, to] = [dayNumber(w.from), dayNumber(w.to)];
  const days = (lo: number, hi: number) =>
    sql`point(happened_date - DATE '2000-01-01', match_sex_rank(gender)) <@ box(point(${from}::float8, ${lo}::float8), point(${to}::float8, ${hi}::float8))`;
  const everything = sql`(${pointIn(w.box)} AND ${days(0, 2)})`;
  const near = nearBox(p.lat, p.lng);
  const photos = photoArms(p, 'id', (n) => n.posts);
  if (!photos || !near) return everything;
  const [lo, hi] = ranks(p);
  const alike =
    breed && p.breed
      ? groups(p).map(
          (g) =>
            sql`(${pointIn(w.box!)} AND ${days(lo, hi)} AND point(match_group_hash(breed_group), 0) <@ box(point(${g}, 0), point(${g}, 0)))`,
        )
      : [sql`(${pointIn(w.box)} AND ${days(lo, hi)})`];
  return sql`(${sql.join([...alike, sql`(${pointIn(near)} AND ${days(0, 2)})`, ...photos], sql` OR `)})`;
}

/**
 * The same for a report's shelter notices of the window's 시·도 and days (shelter_animals_match_prune_idx);
 * null: nothing to narrow. Each arm holds the 시·도 and days, so the page can filter by them plainly.
 */
export function shelterArms(p: Prune | null, w: Window, breed: boolean): RawBuilder<unknown> | null {
  const photos = p && photoArms(p, 'desertion_no', (n) => n.shelters);
  if (!p || !photos || !w.sido) return null;
  const [lo, hi] = ranks(p);
  const parts = [
    sql`sido = ${w.sido}`,
    sql`match_sex_rank(sex) BETWEEN ${lo} AND ${hi}`,
    sql`happen_date >= ${w.from}::date AND happen_date <= ${w.to}::date`,
  ];
  if (breed && p.breed) parts.splice(1, 0, sql`match_group_hash(breed_group) IN (${sql.join(groups(p))})`);
  return sql`(${sql.join([sql`(${sql.join(parts, sql` AND `)})`, ...photos], sql` OR `)})`;
}

/**
 * The rows a near photo may keep, as index conditions (decision 0051): those the instance's copy of the
 * hashes finds near, by key, and those whose hashes it may not know yet (`photo_tx`, migration 0030).
 * [] without a photo; null when the copy cannot say (none read yet, or a photo near hundreds of rows):
 * then the page reads everything its window holds.
 */
function photoArms<K extends number | string>(
  p: Prune,
  key: 'id' | 'desertion_no',
  of: (n: NearPhotos) => K[],
): RawBuilder<unknown>[] | null {
  if (p.hashes.length === 0) return [];
  if (!p.near) return null;
  const keys = of(p.near);
  if (keys.length > NEAR_AT_MOST) return null;
  const arms = [sql`photo_tx >= ${p.near.since}::bigint`];
  if (keys.length > 0) arms.unshift(sql`${sql.ref(key)} IN (${sql.join(keys.map((k) => sql`${k}`))})`);
  return arms;
}
