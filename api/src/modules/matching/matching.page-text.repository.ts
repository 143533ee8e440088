import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/index';

/**
 * How a matching page is read (decision 0049), for matching.pages.repository.ts: the page's rows as ONE
 * text value — rows and fields apart by ASCII separators, built by the database and split once here —
 * and the newer jobs beside it (decision 0040: a record whose own job is newer scores the pair itself).
 */

export interface Paged<T> {
  rows: T[];
  /** `kind:id` of the page's records whose own job was queued after the running one. */
  later: Set<string>;
  /** The page's `check`, read in the same statement (undefined without one). */
  held?: boolean;
}

/** Up to this many newer jobs are read whole; past it (a backlog), only the page's own records are looked up. */
export const NEWER_JOBS_AT_ONCE = 1_000;

/** A page's text: rows apart by ASCII record separators, fields by unit separators, NULL as a group separator. */
const ROW = '\x1e';
const FIELD = '\x1f';
const NULL_FIELD = '\x1d';
/** A page's field as text (numbers and dates print as JSON would print them); NULL marked. */
export const value = (column: string) => sql`coalesce(${sql.ref(column)}::text, chr(29))`;
/** Free text (a member's words, a portal's): the three separators become spaces; NULL marked. */
export const words = (column: string) => sql`coalesce(translate(${sql.ref(column)}, chr(29) || chr(30) || chr(31), '   '), chr(29))`;
/** Photo hashes (hex, checked by the tables) as one comma-separated field. */
export const hashList = (column: string) => sql`array_to_string(${sql.ref(column)}, ',')`;

/**
 * A page's rows as ONE text value, in key order: cheaper for the database to print than JSON (about a
 * third of a missing report's page query went to json_build_array) and cheap to split here.
 */
export const packed = (fields: RawBuilder<unknown>[], order: string) =>
  sql`string_agg(concat_ws(chr(31), ${sql.join(fields)}), chr(30) ORDER BY ${sql.ref(order)})`;

export type Fields = (string | null)[];

/**
 * The one text value of a page's query, split once; [] for an empty page (string_agg of no rows is NULL).
 * With `check`, that boolean too, read in the same statement (the same snapshot).
 */
async function parsed(db: Db, query: RawBuilder<unknown>, check?: RawBuilder<unknown>): Promise<{ fields: Fields[]; held?: boolean }> {
  const r = await sql<{ j: string | null; held: boolean | null }>`SELECT (${query}) AS j, ${check ?? sql`NULL::boolean`} AS held`.execute(
    db,
  );
  const text = r.rows[0]?.j;
  const held = check ? r.rows[0]?.held === true : undefined;
  if (!text) return { fields: [], held };
  return { fields: text.split(ROW).map((row) => row.split(FIELD).map((v) => (v === NULL_FIELD ? null : v))), held };
}

export const num = (v: string | null) => (v === null ? null : Number(v));
export const hashesOf = (v: string | null) => (v ? v.split(',') : []);

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
 * `kind:id` keys. `key` gives a tuple's record kind and id (text); `check`, a boolean read with the page.
 */
export async function page<R>(
  db: Db,
  query: RawBuilder<unknown>,
  jobId: number,
  key: (t: Fields) => [kind: string, id: string],
  build: (t: Fields) => R,
  check?: RawBuilder<unknown>,
): Promise<Paged<R>> {
  const [{ fields: tuples, held }, newer] = await Promise.all([parsed(db, query, check), newerJobs(db, jobId)]);
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
  return { rows: tuples.map(build), later: own, ...(check ? { held } : {}) };
}
