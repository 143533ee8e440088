import type { Db } from '../../db/index';
import type { Prune } from './matching.prefilter';
import type { Paged } from './matching.page-text.repository';
import { postsPage, sheltersPage, straysPage, type Paired } from './matching.pages.repository';
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
  /** A re-scoring job's own undecided pairs (after its window): a pair the job has scored already is skipped. */
  revisits?: true;
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
export function sourcesFor(
  kind: RecordKind,
  record: MatchRecord,
  sido: string | null,
  prune: Prune | null = null,
  rescore = false,
): Source[] {
  return [...windowSources(kind, record, sido, prune), ...(rescore ? pairedSources(kind, record) : [])];
}

/**
 * After the window, a re-scoring job (a photo came later, or the record was edited: moved, re-dated,
 * re-described) reads its undecided pairs once more: those the edit put outside the window are scored
 * again and, excluded or below the floor now, removed (decision 0049 amended). Appended last, so a
 * cursor saved before still means what it meant.
 */
function pairedSources(kind: RecordKind, record: MatchRecord): Source[] {
  if (kind === 'MISSING') {
    const p: Paired = { pairedWith: { lostPostId: Number(record.id) } };
    return [
      {
        pageIsLost: false,
        revisits: true,
        page: async (db, after, limit, job) => records(await postsPage(db, 'sightings', p, num(after), limit, job), fromLostPost),
      },
      {
        pageIsLost: false,
        revisits: true,
        page: async (db, after, limit, job) => records(await straysPage(db, p, num(after), limit, job), fromStray),
      },
      {
        pageIsLost: false,
        revisits: true,
        page: async (db, after, limit, job) => records(await sheltersPage(db, p, after ?? '', limit, job), fromShelter),
      },
    ];
  }
  const p: Paired = { pairedWith: { candidateKind: kind, candidateId: record.id } };
  return [
    {
      pageIsLost: true,
      revisits: true,
      page: async (db, after, limit, job) => records(await postsPage(db, 'missing', p, num(after), limit, job), fromLostPost),
    },
  ];
}

function windowSources(kind: RecordKind, record: MatchRecord, sido: string | null, prune: Prune | null): Source[] {
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
