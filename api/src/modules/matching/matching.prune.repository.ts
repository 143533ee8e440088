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

/** The rows a sighting or stray page keeps: `sex` is its column of MALE/FEMALE (anything else is unknown). */
export function keepPointed(p: Prune | null, sex: RawBuilder<unknown>, photoNear: PhotoNear): RawBuilder<unknown> {
  if (!p || p.lat === null || p.lng === null) return sql`true`;
  // coalesce: an unknown sex (NULL) keeps the row — NOT (NULL AND …) would be NULL and drop it. The
  // photo check comes last: only the rows the rest would leave out look their photos up.
  return sql`NOT coalesce(${sex} IN ('MALE', 'FEMALE') AND ${sex} <> ${p.gender} AND ${km(p.lat, p.lng)} > ${MIN_KM}
    AND NOT ${photoKept(p, photoNear)}, false)`;
}

/** The shelter notices kept: sex M/F (Q is unknown). */
export function keepShelter(p: Prune | null, photoNear: PhotoNear): RawBuilder<unknown> {
  if (!p) return sql`true`;
  return sql`NOT coalesce(sex IN ('M', 'F') AND sex <> ${p.gender === 'MALE' ? 'M' : 'F'} AND NOT ${photoKept(p, photoNear)}, false)`;
}
