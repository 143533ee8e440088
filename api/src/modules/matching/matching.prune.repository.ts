import { sql, type RawBuilder } from 'kysely';
import { MIN_KM, type Prune } from './matching.prefilter';
import { LIMITS } from './scorer/points';

// The pre-filter's SQL (decision 0049): the rows it leaves out of a page. The rule and its proof are in
// matching.prefilter.ts; the page queries (matching.pages.repository.ts) put these conditions in.

/** Great-circle km in SQL, the scorer's formula (scorer/geo.ts). */
const km = (lat: number, lng: number) =>
  sql`2 * 6371 * asin(least(1, sqrt(power(sin(radians(latitude - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(latitude)) * power(sin(radians(longitude - ${lng}::float8) / 2), 2))))`;

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

/** The row's own `phashes` (migration 0027): one of them near. */
export const hashesNear: PhotoNear = (near) => sql`EXISTS (SELECT 1 FROM unnest(phashes) AS h(phash) WHERE ${near(sql`h.phash`)})`;

/** The rows a left-out row still keeps: a photo near the report's (none when the report has no hash). */
const photoKept = (p: Prune, photoNear: PhotoNear) => (p.hashes.length === 0 ? sql`false` : photoNear(nearAny(p.hashes)));

/**
 * The row's sex or stored breed puts it below the floor wherever it is (`differs` in matching.prefilter.ts).
 * Each part coalesced: an unknown sex or breed (NULL) never differs — NOT (NULL AND …) would be NULL and
 * drop the row. The stored breed (migration 0029) counts only while the word table is this code's.
 */
function differs(p: Prune, sex: RawBuilder<unknown>, sexes: [string, string], gender: string | null): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (gender) parts.push(sql`coalesce(${sex} IN (${sexes[0]}, ${sexes[1]}) AND ${sex} <> ${gender}, false)`);
  if (p.breed)
    parts.push(sql`(coalesce(breed_key <> ${p.breed.key} AND breed_group <> ${p.breed.group}, false)
      AND coalesce((SELECT digest FROM match_breed_words_version) = ${p.breed.digest}, false))`);
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` OR `)})`;
}

/** The rows a sighting or stray page keeps: `sex` is its column of MALE/FEMALE (anything else is unknown). */
export function keepPointed(p: Prune | null, sex: RawBuilder<unknown>, photoNear: PhotoNear): RawBuilder<unknown> {
  if (!p || p.lat === null || p.lng === null) return sql`true`;
  // The photo check comes last: only the rows the rest would leave out look their photos up. (Every part
  // is a boolean; the coalesce only keeps a row should one ever be NULL.)
  return sql`NOT coalesce(${differs(p, sex, ['MALE', 'FEMALE'], p.gender)} AND ${km(p.lat, p.lng)} > ${MIN_KM} AND NOT ${photoKept(p, photoNear)}, false)`;
}

/** The shelter notices kept: sex M/F (Q is unknown). */
export function keepShelter(p: Prune | null, photoNear: PhotoNear): RawBuilder<unknown> {
  if (!p) return sql`true`;
  const gender = p.gender && (p.gender === 'MALE' ? 'M' : 'F');
  return sql`NOT coalesce(${differs(p, sql`sex`, ['M', 'F'], gender)} AND NOT ${photoKept(p, photoNear)}, false)`;
}
