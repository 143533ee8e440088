import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiContext } from '../../context';
import type { Db } from '../../db/index';
import { checkpointStatement, MatchQueueRepository, type MatchJobRow } from './matching.queue.repository';

export type { MatchJobRow };
import { MatchingRepository, type CandidateInsert } from './matching.repository';
import type { PhotoEmbeddings } from './matching.embeddings';
import { candidateKindOf, loadRecord, sourcesFor } from './matching.sources';
import type { JobCursor } from './matching.tables';
import { PhotoIndex } from './matching.photo-index';
import { pruneFor } from './matching.prefilter';
import { DISPLAY_FLOOR, scoreMatch } from './scorer/score';

export interface WorkerOptions {
  /** This instance's name in `locked_by` (random by default). */
  id?: string;
  /** How long a claimed job is ours without a checkpoint; after that another instance takes it up. */
  leaseMs?: number;
  /** Records read per page; each page's pairs commit with the job's cursor in one transaction. */
  batch?: number;
  pollMs?: number;
  maxAttempts?: number;
  /** Tests: called after each committed page with every pair it scored, stored or not (`lostId:kind:id`). */
  afterCommit?: (job: MatchJobRow, pairs: string[]) => Promise<void> | void;
  /** After each committed page, the ids of the candidates it newly stored (the match notices, decision 0042). */
  onStored?: (candidateIds: number[]) => Promise<unknown>;
  /**
   * Runs the queue's ALERT jobs (the neighbourhood alert fan-out, issue 28, decision 0043): true when done,
   * false when stopped part-way. Without it (matching-only tests) an ALERT job is finished untouched.
   */
  alerts?: (job: MatchJobRow, control: JobControl) => Promise<boolean>;
  /**
   * Photo similarity (decision 0046), given at start-up only when an image embedder is configured: each job
   * first embeds its own record's photos, and every record it scores carries its stored vectors.
   */
  photos?: PhotoEmbeddings | null;
  /** The exact pre-filter of a missing report's job (matching.prefilter.ts); on by default, off to compare. */
  prefilter?: boolean;
  /** Its near photos found by the instance's copy of the hashes (decision 0051); on by default, off to compare. */
  photoCopy?: boolean;
}

/** What the queue lends another job kind's handler: a checkpoint in the handler's transaction, and whether to stop. */
export interface JobControl {
  checkpoint(trx: Db, cursor: JobCursor): Promise<void>;
  stopping(): boolean;
}

class LeaseLost extends Error {}

/**
 * The matching worker (decision 0040): claims one job at a time from the table-backed queue, scores the
 * job's record against its pre-selected other side page by page, and commits each page's candidates
 * together with the job's cursor, so a restart resumes after the last committed page — no pair lost,
 * none stored twice (the pair key is unique as well). Never runs in the request that created a record.
 */
export class MatchingWorker {
  private readonly queue: MatchQueueRepository;
  private readonly photoIndex: PhotoIndex;
  private readonly repo: MatchingRepository;
  private readonly id: string;
  private readonly leaseMs: number;
  private readonly batch: number;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly prefilter: boolean;
  private readonly photoCopy: boolean;
  private loop: Promise<void> | undefined;
  private stopping = false;
  private wake: (() => void) | undefined;

  private readonly db: Db;

  /** `ctx`: the api's context (only its database is used). */
  constructor(
    ctx: Pick<ApiContext, 'db'>,
    private readonly log: FastifyBaseLogger,
    private readonly opts: WorkerOptions = {},
  ) {
    const db = ctx.db;
    this.db = db;
    this.queue = new MatchQueueRepository(db);
    this.photoIndex = new PhotoIndex(db);
    this.repo = new MatchingRepository(db);
    this.id = opts.id ?? `matcher-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
    this.leaseMs = opts.leaseMs ?? 120_000;
    this.batch = opts.batch ?? 10_000;
    this.pollMs = opts.pollMs ?? 2_000;
    this.maxAttempts = opts.maxAttempts ?? 5;
    this.prefilter = opts.prefilter ?? true;
    this.photoCopy = this.prefilter && (opts.photoCopy ?? true);
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = (async () => {
      while (!this.stopping) {
        const ran = await this.runOnce().catch((err: unknown) => {
          this.log.warn({ err }, 'matching worker: claim failed');
          return false;
        });
        if (!ran && !this.stopping) await new Promise<void>((resolve) => (this.wake = resolve) && setTimeout(resolve, this.pollMs).unref());
      }
    })();
  }

  /** Stops after the page in hand; a job cut short goes back to the queue with its cursor. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
    this.loop = undefined;
    this.stopping = false;
  }

  /** Runs every ready job (tests, the re-run over everything); the number run. */
  async drain(): Promise<number> {
    let n = 0;
    while (await this.runOnce()) n += 1;
    return n;
  }

  /** Claims and runs one job; false when none was ready. */
  async runOnce(): Promise<boolean> {
    const job = await this.queue.claim(this.id, this.leaseMs);
    if (!job) return false;
    try {
      if (await this.process(job)) await this.queue.finish(job.id, this.id);
      else await this.queue.release(job.id, this.id); // stopping: the next instance resumes from the cursor at once
    } catch (err) {
      if (err instanceof LeaseLost) this.log.warn({ job: job.id }, 'matching job taken over by another instance');
      else {
        this.log.warn({ err, job: job.id }, 'matching job failed');
        await this.queue.fail(job.id, this.id, String(err), job.attempts, this.maxAttempts);
      }
    }
    return true;
  }

  /** Whether the copy of the photo hashes caught up; a failure is logged and the pages read their whole box. */
  private caughtUp(): Promise<boolean> {
    return this.photoIndex.catchUp().then(
      () => true,
      (err: unknown) => {
        this.log.warn({ err }, 'matching worker: photo hashes not read');
        return false;
      },
    );
  }

  /** true: every page done; false: stopped part-way (the cursor holds the place). */
  private async process(job: MatchJobRow): Promise<boolean> {
    if (job.recordKind === 'ALERT')
      return (
        this.opts.alerts?.(job, {
          checkpoint: async (trx, cursor) => {
            if (!(await new MatchQueueRepository(trx).checkpoint(job.id, this.id, cursor, this.leaseMs))) throw new LeaseLost();
          },
          stopping: () => this.stopping,
        }) ?? true
      );
    // A new missing report's job may need the near photos (decision 0051): the copy catches up meanwhile.
    const catchingUp = this.photoCopy && job.recordKind === 'MISSING' && !job.rescore ? this.caughtUp() : undefined;
    const own = await loadRecord(this.repo, job.recordKind, job.recordId);
    if (!own) return true; // gone, hidden or closed: nothing to match
    const photos = this.opts.photos;
    if (photos) {
      // The one embedding step (never fails the job: PhotoEmbeddings logs and carries on).
      await photos.embedRecord(job.recordKind, job.recordId);
      own.record = (await photos.attach([own.record]))[0]!;
    }
    // Rows the scorer provably puts below the floor are not read (decision 0049; never in a re-score).
    const prune = this.prefilter ? pruneFor(job.recordKind, own.record, job.rescore) : null;
    if (prune && prune.hashes.length > 0) prune.near = (await catchingUp) ? this.photoIndex.near(prune.hashes) : null;
    const sources = sourcesFor(job.recordKind, own.record, own.sido, prune, job.rescore);
    // A re-scoring job's pairs scored in this run: its own pairs read again after the window skip them.
    const scoredHere = new Set<string>();
    const start: JobCursor = job.cursor ?? { source: 0, after: null };
    // Every side's first page is asked for at once: the database reads the next side while this process
    // scores the one in hand (decision 0049). A read left unused (stopping) is dropped, its error with it.
    const first = sources.map((src, s) => {
      if (s < start.source) return undefined;
      const read = src.page(this.db, s === start.source ? start.after : null, this.batch, job.id);
      read.catch(() => undefined);
      return read;
    });
    // Pairs scored but not yet committed: a side that ended part-way through a page hands them on to the
    // next side's page, so a job whose sides each fit in one page commits once (decision 0049). A restart
    // resumes from the last committed cursor and scores the uncommitted pages again: nothing lost or doubled.
    let rows: CandidateInsert[] = [];
    let scored: string[] = [];
    let fallen: Pick<CandidateInsert, 'lostPostId' | 'candidateKind' | 'candidateId'>[] = [];
    const tell = this.opts.afterCommit !== undefined;
    for (let s = start.source; s < sources.length; s++) {
      const source = sources[s]!;
      let after = s === start.source ? start.after : null;
      let ahead = first[s];
      for (;;) {
        if (this.stopping) return false;
        const read = await (ahead ?? source.page(this.db, after, this.batch, job.id));
        ahead = undefined;
        const page = photos ? await photos.attach(read.records) : read.records;
        const theirs = read.later;
        for (const other of page) {
          const [lost, found] = source.pageIsLost ? [other, own.record] : [own.record, other];
          if (theirs.size > 0 && theirs.has(`${other.kind}:${other.id}`)) continue; // the later record's job scores this pair
          if (job.rescore) {
            const key = `${other.kind}:${other.id}`;
            if (source.revisits && scoredHere.has(key)) continue;
            scoredHere.add(key);
          }
          const r = scoreMatch(lost, found);
          if (tell) scored.push(`${lost.id}:${found.kind}:${found.id}`);
          if (r.excluded !== null || r.score < DISPLAY_FLOOR) {
            // Re-scoring (a photo came later): a stored pair that no longer reaches the floor goes.
            if (job.rescore) fallen.push({ lostPostId: Number(lost.id), candidateKind: candidateKindOf(found), candidateId: found.id });
            continue;
          }
          const km = r.reasons.find((x) => x.code === 'DISTANCE');
          rows.push({
            lostPostId: Number(lost.id),
            candidateKind: candidateKindOf(found),
            candidateId: found.id,
            score: r.score,
            reasons: JSON.stringify(r.reasons),
            km: km && 'km' in km ? km.km : null,
          });
        }
        const last = page.at(-1)?.id ?? after;
        const done = page.length < this.batch;
        if (done && s < sources.length - 1) break; // carried on to the next side's page
        const cursor: JobCursor = done ? { source: s + 1, after: null } : { source: s, after: last };
        const [insert, drop] = [rows, fallen];
        // One statement: the pairs are written only if the checkpoint holds (one round trip, no transaction).
        const stored = await this.repo.commitPage(checkpointStatement(job.id, this.id, cursor, this.leaseMs), insert, drop, job.rescore);
        if (!stored) throw new LeaseLost();
        // Told after the commit; a failure here never undoes the page (the claim keeps each pair told once).
        if (stored.length > 0)
          await this.opts.onStored?.(stored).catch((err: unknown) => this.log.warn({ err, job: job.id }, 'match notices failed'));
        await this.opts.afterCommit?.(job, scored);
        rows = [];
        scored = [];
        fallen = [];
        if (done) break;
        after = last;
      }
    }
    return true;
  }
}
