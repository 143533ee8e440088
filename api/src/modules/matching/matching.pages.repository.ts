import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/index';
import { MIN_KM, type Prune } from './matching.prefilter';
import type { LostPostFacts, ShelterFacts, StrayFacts, Window } from './matching.repository';

/**
 * The pages a matching job scores (decision 0049). A page's records come as ONE row of ONE text value —
 * a JSON array of arrays built by the database and parsed once here — instead of thousands of rows each
 * made into an object by the driver and renamed by the camel-case plugin (that per-row work was most of
 * a missing report's job at scale, decision 0047). Only the columns the scorer reads. The photo hashes
 * and the newer jobs (decision 0040: a record whose own job is newer scores the pair itself) are read
 * beside it, not per row: a correlated subquery per row cost more than the rows themselves. Same SQL on
 * PGlite and Postgres.
 */

/** What a page's lost post carries: the scorer's columns only (fromLostPost reads no more). */
export type PostPageFacts = Omit<LostPostFacts, 'authorPk' | 'status' | 'hidden' | 'sido'>;
export type StrayPageFacts = StrayFacts;
export type ShelterPageFacts = Omit<ShelterFacts, 'sido'>;

export interface Paged<T> {
  rows: T[];
  /** `kind:id` of the page's records whose own job was queued after the running one. */
  later: Set<string>;
}

/** Up to this many newer jobs are read whole; past it (a backlog), only the page's own records are looked up. */
export const NEWER_JOBS_AT_ONCE = 1_000;

/** The box as one condition on the exact point, answered by the GiST indexes of migration 0023. */
const inBox = (b: NonNullable<Window['box']>) =>
  sql`point(latitude, longitude) <@ box(point(${b.minLat}::float8, ${b.minLng}::float8), point(${b.maxLat}::float8, ${b.maxLng}::float8))`;

/** The one text value of a page's query, parsed once; [] for an empty page (json_agg of no rows is NULL). */
async function parsed<T>(db: Db, query: RawBuilder<unknown>): Promise<T[]> {
  const r = await sql<{ j: string | null }>`SELECT (${query})::text AS j`.execute(db);
  const text = r.rows[0]?.j;
  return text ? (JSON.parse(text) as T[]) : [];
}

/**
 * The `kind:id` of the jobs queued after `jobId` when there are fewer than NEWER_JOBS_AT_ONCE of them
 * (the usual case: one index range, read beside the page); null behind a backlog.
 */
async function newerJobs(db: Db, jobId: number): Promise<Set<string> | null> {
  const r = await sql<{ k: string }>`
    SELECT record_kind || ':' || record_id AS k FROM match_jobs WHERE id > ${jobId} ORDER BY id LIMIT ${NEWER_JOBS_AT_ONCE}`.execute(db);
  return r.rows.length < NEWER_JOBS_AT_ONCE ? new Set(r.rows.map((x) => x.k)) : null;
}

/** Behind a backlog: the newer jobs among the page's record ids (one array parameter). */
async function newerJobsOf(db: Db, jobId: number, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const r = await sql<{ k: string }>`
    SELECT record_kind || ':' || record_id AS k FROM match_jobs WHERE record_id = any(${ids}::text[]) AND id > ${jobId}`.execute(db);
  return new Set(r.rows.map((x) => x.k));
}

/** Photo hashes of the page's records, by record id as text: one query with one array parameter. */
async function hashes(db: Db, from: 'lost_photos' | 'shelter_images' | null, ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!from || ids.length === 0) return out;
  const rows =
    from === 'lost_photos'
      ? await sql<{ k: string; phash: string }>`
          SELECT post_id::text AS k, phash FROM lost_photos WHERE post_id = any(${ids}::bigint[]) AND phash IS NOT NULL ORDER BY id`.execute(
          db,
        )
      : await sql<{ k: string; phash: string }>`
          SELECT desertion_no AS k, phash FROM shelter_images WHERE desertion_no = any(${ids}::text[]) AND phash IS NOT NULL ORDER BY n`.execute(
          db,
        );
  for (const r of rows.rows) {
    const list = out.get(r.k);
    if (list) list.push(r.phash);
    else out.set(r.k, [r.phash]);
  }
  return out;
}

/**
 * One page: the tuples (read while the newer jobs are), then the photo hashes of its records, and the
 * newer jobs narrowed to the page's own `kind:id` keys. `key` gives a tuple's record kind and id (text).
 */
async function page<T, R>(
  db: Db,
  query: RawBuilder<unknown>,
  jobId: number,
  photos: 'lost_photos' | 'shelter_images' | null,
  key: (t: T) => [kind: string, id: string],
  build: (t: T, phashes: string[]) => R,
): Promise<Paged<R>> {
  const [tuples, newer] = await Promise.all([parsed<T>(db, query), newerJobs(db, jobId)]);
  const keys = tuples.map(key);
  const ids = keys.map(([, id]) => id);
  const [byId, later] = await Promise.all([hashes(db, photos, ids), newer ?? newerJobsOf(db, jobId, ids)]);
  const own = new Set<string>();
  for (const [kind, id] of keys) if (later.has(`${kind}:${id}`)) own.add(`${kind}:${id}`);
  return { rows: tuples.map((t, i) => build(t, byId.get(ids[i]!) ?? [])), later: own };
}

type PostTuple = [
  number,
  LostPostFacts['kind'],
  string | null,
  LostPostFacts['gender'],
  LostPostFacts['size'],
  number | null,
  string | null,
  string | null,
  number,
  number,
  string | null,
  string,
  string,
];

/** Found/seen posts (sightings) or open missing reports of the window, by id after `after`. */
export function postsPage(
  db: Db,
  which: 'sightings' | 'missing',
  w: Window,
  after: number,
  limit: number,
  jobId: number,
  prune: Prune | null = null,
): Promise<Paged<PostPageFacts>> {
  const where = which === 'sightings' ? sql`kind <> 'MISSING'` : sql`kind = 'MISSING' AND status = 'OPEN'`;
  const place = w.box ? inBox(w.box) : w.sido ? sql`sido = ${w.sido}` : null;
  if (!place) return Promise.resolve({ rows: [], later: new Set() });
  return page<PostTuple, PostPageFacts>(
    db,
    sql`SELECT json_agg(json_build_array(p.id, p.kind, p.breed, p.gender, p.size, p.weight, p.colour, p.registration_no,
        p.latitude, p.longitude, p.sigungu, p.happened_date, p.happened_time) ORDER BY p.id)
      FROM (SELECT id, kind, breed, gender, size, weight, colour, registration_no, latitude, longitude, sigungu, happened_date, happened_time
        FROM lost_posts
        WHERE NOT hidden AND ${where} AND ${place} AND happened_date >= ${w.from}::date AND happened_date <= ${w.to}::date AND id > ${after}
          AND ${keepPointed(prune, sql`gender`)}
        ORDER BY id LIMIT ${limit}) p`,
    jobId,
    'lost_photos',
    (t) => [t[1], String(t[0])],
    (t, phashes) => ({
      id: t[0],
      kind: t[1],
      breed: t[2],
      gender: t[3],
      size: t[4],
      weight: t[5],
      colour: t[6],
      registrationNo: t[7],
      latitude: t[8],
      longitude: t[9],
      sigungu: t[10],
      happenedDate: t[11],
      happenedTime: t[12],
      phashes,
    }),
  );
}

type StrayTuple = [number, string | null, StrayFacts['gender'], number, number, string, string, string | null];

/** Member stray reports of the window's box, by id after `after` (one photo each, its hash on the row). */
export function straysPage(
  db: Db,
  w: Window,
  after: number,
  limit: number,
  jobId: number,
  prune: Prune | null = null,
): Promise<Paged<StrayPageFacts>> {
  if (!w.box) return Promise.resolve({ rows: [], later: new Set() });
  return page<StrayTuple, StrayPageFacts>(
    db,
    sql`SELECT json_agg(json_build_array(s.id, s.type, s.gender, s.latitude, s.longitude, s.found_date, s.found_time, s.photo_hash) ORDER BY s.id)
      FROM (SELECT id, type, gender, latitude, longitude, found_date, found_time, photo_hash FROM stray_reports
        WHERE found_date >= ${w.from}::date AND found_date <= ${w.to}::date AND ${inBox(w.box)} AND id > ${after} AND ${keepPointed(prune, sql`gender`)}
        ORDER BY id LIMIT ${limit}) s`,
    jobId,
    null,
    (t) => ['STRAY', String(t[0])],
    (t) => ({ id: t[0], type: t[1], gender: t[2], latitude: t[3], longitude: t[4], foundDate: t[5], foundTime: t[6], photoHash: t[7] }),
  );
}

type ShelterTuple = [string, string, string | null, string, string, number | null, number | null, string, string | null];

/** Open shelter notices of the window's 시·도 (notices carry no point), by desertion number after `after`. */
export function sheltersPage(
  db: Db,
  w: Window,
  after: string,
  limit: number,
  jobId: number,
  prune: Prune | null = null,
): Promise<Paged<ShelterPageFacts>> {
  if (!w.sido) return Promise.resolve({ rows: [], later: new Set() });
  return page<ShelterTuple, ShelterPageFacts>(
    db,
    sql`SELECT json_agg(json_build_array(a.desertion_no, a.kind, a.color, a.sex, a.neutered, a.birth_year, a.weight_kg, a.happen_date, a.sigungu)
        ORDER BY a.desertion_no)
      FROM (SELECT desertion_no, kind, color, sex, neutered, birth_year, weight_kg, happen_date, sigungu FROM shelter_animals
        WHERE sido = ${w.sido} AND status = 'OPEN' AND happen_date >= ${w.from}::date AND happen_date <= ${w.to}::date AND desertion_no > ${after}
          AND ${keepShelter(prune)}
        ORDER BY desertion_no LIMIT ${limit}) a`,
    jobId,
    'shelter_images',
    (t) => ['SHELTER', t[0]],
    (t, phashes) => ({
      desertionNo: t[0],
      kind: t[1],
      color: t[2],
      sex: t[3],
      neutered: t[4],
      birthYear: t[5],
      weightKg: t[6],
      happenDate: t[7],
      sigungu: t[8],
      phashes,
    }),
  );
}

// The pre-filter's rows left out (decision 0049; the rule and its proof are in matching.prefilter.ts).

/** Great-circle km in SQL, the scorer's formula (scorer/geo.ts). */
const km = (lat: number, lng: number) =>
  sql`2 * 6371 * asin(least(1, sqrt(power(sin(radians(latitude - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(latitude)) * power(sin(radians(longitude - ${lng}::float8) / 2), 2))))`;

/** The rows a sighting or stray page keeps: `sex` is its column of MALE/FEMALE (anything else is unknown). */
export function keepPointed(p: Prune | null, sex: RawBuilder<unknown>): RawBuilder<unknown> {
  if (!p || p.lat === null || p.lng === null) return sql`true`;
  // coalesce: an unknown sex (NULL) keeps the row — NOT (NULL AND …) would be NULL and drop it.
  return sql`NOT coalesce(${sex} IN ('MALE', 'FEMALE') AND ${sex} <> ${p.gender} AND ${km(p.lat, p.lng)} > ${MIN_KM}, false)`;
}

/** The shelter notices kept: sex M/F (Q is unknown). */
export function keepShelter(p: Prune | null): RawBuilder<unknown> {
  if (!p) return sql`true`;
  return sql`NOT coalesce(sex IN ('M', 'F') AND sex <> ${p.gender === 'MALE' ? 'M' : 'F'}, false)`;
}
