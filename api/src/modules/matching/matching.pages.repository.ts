import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/index';
import { MIN_KM, type Prune } from './matching.prefilter';
import { LIMITS } from './scorer/points';
import type { LostPostFacts, ShelterFacts, StrayFacts, Window } from './matching.repository';
import type { CandidateKind } from './matching.tables';

/**
 * The pages a matching job scores (decision 0049). A page's records come as ONE row of ONE text value —
 * rows and fields apart by ASCII separators, built by the database and split once here — instead of thousands of rows each
 * made into an object by the driver and renamed by the camel-case plugin (that per-row work was most of
 * a missing report's job at scale, decision 0047). Only the columns the scorer reads, the photo hashes
 * among them (kept on the row by migration 0027's triggers). The newer jobs (decision 0040: a record
 * whose own job is newer scores the pair itself) are read beside it, not per row: a correlated subquery
 * per row cost more than the rows themselves. Same SQL on PGlite and Postgres.
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

/**
 * Instead of a window: the records a re-scoring job's record is paired with now, undecided (NEW) — those
 * its new place, time or words may have put outside its window (decision 0049 amended). Its side as
 * the lost post (`lostPostId`) or as the candidate.
 */
export type Paired = { pairedWith: { lostPostId: number } | { candidateKind: CandidateKind; candidateId: string } };

const isPaired = (w: Window | Paired): w is Paired => 'pairedWith' in w;

/** The candidate ids of a missing report's undecided pairs of these kinds (numbers for posts and strays). */
const candidatesOf = (lostPostId: number, kinds: CandidateKind[], as: 'integer' | 'text') =>
  sql`(SELECT candidate_id::${sql.raw(as)} FROM match_candidates WHERE lost_post_id = ${lostPostId} AND status = 'NEW'
    AND candidate_kind IN (${sql.join(kinds.map((k) => sql`${k}`))}))`;

/** The box as one condition on the exact point, answered by the GiST indexes of migration 0023. */
const inBox = (b: NonNullable<Window['box']>) =>
  sql`point(latitude, longitude) <@ box(point(${b.minLat}::float8, ${b.minLng}::float8), point(${b.maxLat}::float8, ${b.maxLng}::float8))`;

/** A page's text: rows apart by ASCII record separators, fields by unit separators, NULL as a group separator. */
const ROW = '\x1e';
const FIELD = '\x1f';
const NULL_FIELD = '\x1d';
/** A page's field as text (numbers and dates print as JSON would print them); NULL marked. */
const value = (column: string) => sql`coalesce(${sql.ref(column)}::text, chr(29))`;
/** Free text (a member's words, a portal's): the three separators become spaces; NULL marked. */
const words = (column: string) => sql`coalesce(translate(${sql.ref(column)}, chr(29) || chr(30) || chr(31), '   '), chr(29))`;
/** Photo hashes (hex, checked by the tables) as one comma-separated field. */
const hashList = (column: string) => sql`array_to_string(${sql.ref(column)}, ',')`;

/**
 * A page's rows as ONE text value, in key order: cheaper for the database to print than JSON (about a
 * third of a missing report's page query went to json_build_array) and cheap to split here.
 */
const packed = (fields: RawBuilder<unknown>[], order: string) =>
  sql`string_agg(concat_ws(chr(31), ${sql.join(fields)}), chr(30) ORDER BY ${sql.ref(order)})`;

type Fields = (string | null)[];

/** The one text value of a page's query, split once; [] for an empty page (string_agg of no rows is NULL). */
async function parsed(db: Db, query: RawBuilder<unknown>): Promise<Fields[]> {
  const r = await sql<{ j: string | null }>`SELECT (${query}) AS j`.execute(db);
  const text = r.rows[0]?.j;
  if (!text) return [];
  return text.split(ROW).map((row) => row.split(FIELD).map((v) => (v === NULL_FIELD ? null : v)));
}

const num = (v: string | null) => (v === null ? null : Number(v));
const hashesOf = (v: string | null) => (v ? v.split(',') : []);

/**
 * The `kind:id` of the jobs queued after `jobId` when there are fewer than NEWER_JOBS_AT_ONCE of them
 * (the usual case: one index range, read beside the page); null behind a backlog.
 */
function newerJobs(db: Db, jobId: number): Promise<Set<string> | null> {
  // A job's first pages are asked for at once: they share one read.
  let reads = newerReads.get(db);
  if (!reads) newerReads.set(db, (reads = new Map()));
  const known = reads.get(jobId);
  if (known) return known;
  const read = readNewerJobs(db, jobId).finally(() => reads.delete(jobId));
  reads.set(jobId, read);
  return read;
}

const newerReads = new WeakMap<Db, Map<number, Promise<Set<string> | null>>>();

async function readNewerJobs(db: Db, jobId: number): Promise<Set<string> | null> {
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

/**
 * One page: the tuples (read while the newer jobs are), then the newer jobs narrowed to the page's own
 * `kind:id` keys. `key` gives a tuple's record kind and id (text).
 */
async function page<R>(
  db: Db,
  query: RawBuilder<unknown>,
  jobId: number,
  key: (t: Fields) => [kind: string, id: string],
  build: (t: Fields) => R,
): Promise<Paged<R>> {
  const [tuples, newer] = await Promise.all([parsed(db, query), newerJobs(db, jobId)]);
  const keys = tuples.map(key);
  const later =
    newer ??
    (await newerJobsOf(
      db,
      jobId,
      keys.map(([, id]) => id),
    ));
  const own = new Set<string>();
  for (const [kind, id] of keys) if (later.has(`${kind}:${id}`)) own.add(`${kind}:${id}`);
  return { rows: tuples.map(build), later: own };
}

/** Found/seen posts (sightings) or open missing reports of the window, by id after `after`. */
export function postsPage(
  db: Db,
  which: 'sightings' | 'missing',
  w: Window | Paired,
  after: number,
  limit: number,
  jobId: number,
  prune: Prune | null = null,
): Promise<Paged<PostPageFacts>> {
  const where = which === 'sightings' ? sql`kind <> 'MISSING'` : sql`kind = 'MISSING' AND status = 'OPEN'`;
  let scope: RawBuilder<unknown> | null;
  if (isPaired(w)) {
    const p = w.pairedWith;
    scope =
      'lostPostId' in p
        ? sql`id IN ${candidatesOf(p.lostPostId, ['FOUND', 'SEEN'], 'integer')}`
        : sql`id IN (SELECT lost_post_id FROM match_candidates WHERE candidate_kind = ${p.candidateKind} AND candidate_id = ${p.candidateId} AND status = 'NEW')`;
  } else {
    const place = w.box ? inBox(w.box) : w.sido ? sql`sido = ${w.sido}` : null;
    scope = place && sql`${place} AND happened_date >= ${w.from}::date AND happened_date <= ${w.to}::date`;
  }
  if (!scope) return Promise.resolve({ rows: [], later: new Set() });
  return page<PostPageFacts>(
    db,
    sql`SELECT ${packed(
      [
        value('p.id'),
        value('p.kind'),
        words('p.breed'),
        value('p.gender'),
        value('p.size'),
        value('p.weight'),
        words('p.colour'),
        words('p.registration_no'),
        value('p.latitude'),
        value('p.longitude'),
        words('p.sigungu'),
        value('p.happened_date'),
        words('p.happened_time'),
        hashList('p.phashes'),
      ],
      'p.id',
    )}
      FROM (SELECT id, kind, breed, gender, size, weight, colour, registration_no, latitude, longitude, sigungu, happened_date, happened_time, phashes
        FROM lost_posts
        WHERE NOT hidden AND ${where} AND ${scope} AND id > ${after}
          AND ${keepPointed(prune, sql`gender`, hashesNear)}
        ORDER BY id LIMIT ${limit}) p`,
    jobId,
    (t) => [t[1]!, t[0]!],
    (t) => ({
      id: Number(t[0]),
      kind: t[1] as PostPageFacts['kind'],
      breed: t[2] ?? null,
      gender: t[3] as PostPageFacts['gender'],
      size: t[4] as PostPageFacts['size'],
      weight: num(t[5] ?? null),
      colour: t[6] ?? null,
      registrationNo: t[7] ?? null,
      latitude: Number(t[8]),
      longitude: Number(t[9]),
      sigungu: t[10] ?? null,
      happenedDate: t[11]!,
      happenedTime: t[12]!,
      phashes: hashesOf(t[13]!),
    }),
  );
}

/** Member stray reports of the window's box, by id after `after` (one photo each, its hash on the row). */
export function straysPage(
  db: Db,
  w: Window | Paired,
  after: number,
  limit: number,
  jobId: number,
  prune: Prune | null = null,
): Promise<Paged<StrayPageFacts>> {
  let scope: RawBuilder<unknown> | null;
  if (isPaired(w)) {
    const p = w.pairedWith;
    scope = 'lostPostId' in p ? sql`id IN ${candidatesOf(p.lostPostId, ['STRAY'], 'integer')}` : null;
  } else {
    scope = w.box && sql`found_date >= ${w.from}::date AND found_date <= ${w.to}::date AND ${inBox(w.box)}`;
  }
  if (!scope) return Promise.resolve({ rows: [], later: new Set() });
  return page<StrayPageFacts>(
    db,
    sql`SELECT ${packed(
      [
        value('s.id'),
        words('s.type'),
        value('s.gender'),
        value('s.latitude'),
        value('s.longitude'),
        value('s.found_date'),
        words('s.found_time'),
        value('s.photo_hash'),
      ],
      's.id',
    )}
      FROM (SELECT id, type, gender, latitude, longitude, found_date, found_time, photo_hash FROM stray_reports
        WHERE ${scope} AND id > ${after}
          AND ${keepPointed(prune, sql`gender`, (near) => near(sql`photo_hash`))}
        ORDER BY id LIMIT ${limit}) s`,
    jobId,
    (t) => ['STRAY', t[0]!],
    (t) => ({
      id: Number(t[0]),
      type: t[1] ?? null,
      gender: t[2] as StrayFacts['gender'],
      latitude: Number(t[3]),
      longitude: Number(t[4]),
      foundDate: t[5]!,
      foundTime: t[6]!,
      photoHash: t[7] ?? null,
    }),
  );
}

/** Open shelter notices of the window's 시·도 (notices carry no point), by desertion number after `after`. */
export function sheltersPage(
  db: Db,
  w: Window | Paired,
  after: string,
  limit: number,
  jobId: number,
  prune: Prune | null = null,
): Promise<Paged<ShelterPageFacts>> {
  let scope: RawBuilder<unknown> | null;
  if (isPaired(w)) {
    const p = w.pairedWith;
    scope = 'lostPostId' in p ? sql`desertion_no IN ${candidatesOf(p.lostPostId, ['SHELTER'], 'text')}` : null;
  } else {
    scope = w.sido ? sql`sido = ${w.sido} AND happen_date >= ${w.from}::date AND happen_date <= ${w.to}::date` : null;
  }
  if (!scope) return Promise.resolve({ rows: [], later: new Set() });
  return page<ShelterPageFacts>(
    db,
    sql`SELECT ${packed(
      [
        words('a.desertion_no'),
        words('a.kind'),
        words('a.color'),
        value('a.sex'),
        value('a.neutered'),
        value('a.birth_year'),
        value('a.weight_kg'),
        value('a.happen_date'),
        words('a.sigungu'),
        hashList('a.phashes'),
      ],
      'a.desertion_no',
    )}
      FROM (SELECT desertion_no, kind, color, sex, neutered, birth_year, weight_kg, happen_date, sigungu, phashes FROM shelter_animals
        WHERE ${scope} AND status = 'OPEN' AND desertion_no > ${after}
          AND ${keepShelter(prune, hashesNear)}
        ORDER BY desertion_no LIMIT ${limit}) a`,
    jobId,
    (t) => ['SHELTER', t[0]!],
    (t) => ({
      desertionNo: t[0]!,
      kind: t[1]!,
      color: t[2] ?? null,
      sex: t[3] as ShelterPageFacts['sex'],
      neutered: t[4] as ShelterPageFacts['neutered'],
      birthYear: num(t[5] ?? null),
      weightKg: num(t[6] ?? null),
      happenDate: t[7]!,
      sigungu: t[8] ?? null,
      phashes: hashesOf(t[9]!),
    }),
  );
}

// The pre-filter's rows left out (decision 0049; the rule and its proof are in matching.prefilter.ts).

/** Great-circle km in SQL, the scorer's formula (scorer/geo.ts). */
const km = (lat: number, lng: number) =>
  sql`2 * 6371 * asin(least(1, sqrt(power(sin(radians(latitude - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(latitude)) * power(sin(radians(longitude - ${lng}::float8) / 2), 2))))`;

/** A condition on a hash column: near one of the report's hashes (the scorer's hammingBits, as bit_count of the XOR). */
type Near = (column: RawBuilder<unknown>) => RawBuilder<unknown>;
/** The table's "has a photo near the report's" condition, given the condition on one hash column. */
type PhotoNear = (near: Near) => RawBuilder<unknown>;

function nearAny(hashes: string[]): Near {
  // The columns are checked hex (migration 0018); the report's hashes are checked in pruneFor.
  return (column) =>
    sql`(${column} IS NOT NULL AND ${sql.join(
      hashes.map((h) => sql`bit_count(('x' || ${column})::bit(64) # ('x' || ${h}::text)::bit(64)) <= ${LIMITS.similarPhotoBits}`),
      sql` OR `,
    )})`;
}

/** The row's own `phashes` (migration 0027): one of them near. */
const hashesNear: PhotoNear = (near) => sql`EXISTS (SELECT 1 FROM unnest(phashes) AS h(phash) WHERE ${near(sql`h.phash`)})`;

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
