import type { Db } from '../../db/index';
import type { Prune } from './matching.prefilter';
import { postsPage, sheltersPage, straysPage, type Paged } from './matching.pages.repository';
import type { CandidateKind, RecordKind } from './matching.tables';
import { fromLostPost, fromShelter, fromStray } from './matching.records';
import type { MatchingRepository, Window } from './matching.repository';
import { boxAround } from './scorer/geo';
import type { MatchRecord } from './scorer/match-record';
import { LIMITS } from './scorer/points';

/** One page of a side: its records and the `kind:id` of those whose own job is newer than the running one. */
export interface Page {
  records: MatchRecord[];
  later: Set<string>;
}

/** One side of a job's pairs, read in pages after a key (the job's cursor), in key order. */
export interface Source {
  /** The record on the lost side of each pair is the job's own (false) or the page's (true). */
  pageIsLost: boolean;
  page(db: Db, after: string | null, limit: number, jobId: number): Promise<Page>;
}

const records = <T>(p: Paged<T>, to: (row: T) => MatchRecord): Page => ({ records: p.rows.map(to), later: p.later });

/** 'yyyy-MM-dd' moved by whole days. */
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const num = (after: string | null) => (after === null ? 0 : Number(after));

/**
 * What a job scores its record against (decision 0040): a missing report against the sightings, strays
 * and shelter notices of its place box and the 60 days after it; anything else against the open missing
 * reports of its box (or 시·도, for a notice without a point) and the 60 days before it.
 */
export function sourcesFor(kind: RecordKind, record: MatchRecord, sido: string | null, prune: Prune | null = null): Source[] {
  const box = record.position ? boxAround(record.position, LIMITS.maxKm) : null;
  const day = new Date(record.at.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
  if (kind === 'MISSING') {
    const w: Window = { from: addDays(day, -LIMITS.earlyToleranceDays), to: addDays(day, LIMITS.lookbackDays), box, sido };
    return [
      {
        pageIsLost: false,
        page: async (db, after, limit, job) => records(await postsPage(db, 'sightings', w, num(after), limit, job, prune), fromLostPost),
      },
      {
        pageIsLost: false,
        page: async (db, after, limit, job) => records(await straysPage(db, w, num(after), limit, job, prune), fromStray),
      },
      {
        pageIsLost: false,
        page: async (db, after, limit, job) => records(await sheltersPage(db, w, after ?? '', limit, job, prune), fromShelter),
      },
    ];
  }
  const w: Window = { from: addDays(day, -LIMITS.lookbackDays), to: addDays(day, LIMITS.earlyToleranceDays), box, sido };
  return [
    {
      pageIsLost: true,
      page: async (db, after, limit, job) => records(await postsPage(db, 'missing', w, num(after), limit, job), fromLostPost),
    },
  ];
}

/** The job's own record (and its 시·도), or undefined when it is gone or not to be matched (hidden, closed). */
export async function loadRecord(
  repo: MatchingRepository,
  kind: RecordKind,
  id: string,
): Promise<{ record: MatchRecord; sido: string | null } | undefined> {
  if (kind === 'STRAY') {
    const s = await repo.stray(Number(id));
    return s && { record: fromStray(s), sido: null };
  }
  if (kind === 'SHELTER') {
    const a = await repo.shelter(id);
    return a && { record: fromShelter(a), sido: a.sido };
  }
  const p = await repo.lostPost(Number(id));
  if (!p || p.hidden || (p.kind === 'MISSING' && p.status !== 'OPEN')) return undefined;
  return { record: fromLostPost(p), sido: p.sido };
}

export const candidateKindOf = (r: MatchRecord): CandidateKind => r.kind as CandidateKind;
