import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { MatchReason } from './scorer/reasons';

export type CandidateKind = 'FOUND' | 'SEEN' | 'STRAY' | 'SHELTER';
export type RecordKind = 'MISSING' | CandidateKind;
/** The queue's job kinds: a record to match, or (issue 28, 0020) a neighbourhood alert fan-out, record id `<kind>:<id>`. */
export type JobKind = RecordKind | 'ALERT';
export type CandidateStatus = 'NEW' | 'DISMISSED' | 'CONFIRMED';

export interface MatchCandidatesTable {
  id: Generated<number>;
  lostPostId: number;
  candidateKind: CandidateKind;
  candidateId: string;
  score: number;
  reasons: JSONColumnType<MatchReason[], string, string>;
  km: number | null;
  status: ColumnType<CandidateStatus, CandidateStatus | undefined, CandidateStatus>;
  alertedAt: Date | null;
  /** When it went out in an e-mail (0019): at once, or in the next hourly digest. */
  mailedAt: Date | null;
  decidedAt: Date | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

/** Where a job has got to: the pairs of every source before `source`, and of `source` up to `after`, are committed. */
export interface JobCursor {
  source: number;
  after: string | null;
}

export interface MatchJobsTable {
  id: Generated<number>;
  recordKind: JobKind;
  recordId: string;
  state: ColumnType<'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED', 'QUEUED' | undefined, 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED'>;
  attempts: ColumnType<number, number | undefined, number>;
  cursor: JSONColumnType<JobCursor, string | null | undefined, string | null> | null;
  lockedBy: string | null;
  lockedUntil: Date | null;
  runAfter: ColumnType<Date, Date | undefined, Date>;
  lastError: string | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
  finishedAt: Date | null;
  /** Queued again because the record got a photo after its job ran (0025, decision 0049): its pairs are re-scored. */
  rescore: ColumnType<boolean, boolean | undefined, boolean>;
}

/** When a missing report's last match e-mail went out (0019): at most one an hour. */
export interface MatchMailsTable {
  lostPostId: number;
  sentAt: Date;
}

/** Where a photo's record lives (0022): a lost post, a stray report or a shelter notice. */
export type EmbeddedRecordKind = 'POST' | 'STRAY' | 'SHELTER';

/** One photo's vector from one model (0022, decision 0046); compared only with vectors of the same model. */
export interface PhotoEmbeddingsTable {
  recordKind: EmbeddedRecordKind;
  recordId: string;
  photoKey: string;
  modelId: string;
  vector: Uint8Array;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

export interface MatchingTables {
  photoEmbeddings: PhotoEmbeddingsTable;
  matchCandidates: MatchCandidatesTable;
  matchJobs: MatchJobsTable;
  matchMails: MatchMailsTable;
}
