import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Db } from '../../db/index';
import type { JobCursor, MatchJobsTable } from './matching.tables';

export type MatchJobRow = Selectable<MatchJobsTable>;

/**
 * The matching job queue (decision 0040): jobs are rows enqueued by 0018's triggers. A worker claims the
 * oldest ready job with FOR UPDATE SKIP LOCKED (two instances never take the same one) under a lease;
 * a job whose lease ran out (its instance died) is ready again and resumes from its cursor.
 */
export class MatchQueueRepository {
  constructor(private readonly db: Db) {}

  async claim(worker: string, leaseMs: number): Promise<MatchJobRow | undefined> {
    const until = new Date(Date.now() + leaseMs);
    const result = await sql<MatchJobRow>`
      UPDATE match_jobs SET state = 'RUNNING', locked_by = ${worker}, locked_until = ${until}, attempts = attempts + 1
      WHERE id = (
        SELECT id FROM match_jobs
        WHERE run_after <= now() AND (state = 'QUEUED' OR (state = 'RUNNING' AND locked_until < now()))
        ORDER BY run_after, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, record_kind AS "recordKind", record_id AS "recordId", state, attempts, cursor,
        locked_by AS "lockedBy", locked_until AS "lockedUntil", run_after AS "runAfter", last_error AS "lastError",
        created_at AS "createdAt", finished_at AS "finishedAt", rescore`.execute(this.db);
    return result.rows[0];
  }

  /** Moves the job's cursor and lease on, only while `worker` still holds it; false: the lease was lost. */
  async checkpoint(id: number, worker: string, cursor: JobCursor, leaseMs: number): Promise<boolean> {
    return (await sql`${checkpointStatement(id, worker, cursor, leaseMs)}`.execute(this.db)).rows.length === 1;
  }

  async finish(id: number, worker: string): Promise<void> {
    await this.db
      .updateTable('matchJobs')
      .set({ state: 'DONE', finishedAt: new Date(), lockedBy: null, lockedUntil: null, rescore: false })
      .where('id', '=', id)
      .where('lockedBy', '=', worker)
      .execute();
  }

  /** Back to the queue at once, cursor kept (this instance is shutting down). */
  async release(id: number, worker: string): Promise<void> {
    await this.db
      .updateTable('matchJobs')
      .set({ state: 'QUEUED', lockedBy: null, lockedUntil: null, attempts: sql<number>`attempts - 1` })
      .where('id', '=', id)
      .where('lockedBy', '=', worker)
      .execute();
  }

  /** Back to the queue after a pause that grows with the attempts; FAILED after `maxAttempts`. */
  async fail(id: number, worker: string, error: string, attempts: number, maxAttempts: number): Promise<void> {
    const gaveUp = attempts >= maxAttempts;
    await this.db
      .updateTable('matchJobs')
      .set({
        state: gaveUp ? 'FAILED' : 'QUEUED',
        lastError: error.slice(0, 500),
        lockedBy: null,
        lockedUntil: null,
        runAfter: new Date(Date.now() + 30_000 * 2 ** Math.min(attempts, 6)),
        finishedAt: gaveUp ? new Date() : null,
      })
      .where('id', '=', id)
      .where('lockedBy', '=', worker)
      .execute();
  }

  /** Jobs not done yet (for tests and the admin's view). */
  async pending(): Promise<number> {
    const r = await this.db
      .selectFrom('matchJobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', 'in', ['QUEUED', 'RUNNING'])
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  find(id: number): Promise<MatchJobRow | undefined> {
    return this.db.selectFrom('matchJobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Re-queues every record of a kind (re-running the matcher over everything; pairs already stored stay as they are). */
  async requeueAll(): Promise<void> {
    await this.db
      .updateTable('matchJobs')
      .set({ state: 'QUEUED', cursor: null, runAfter: new Date() })
      .where('state', '=', 'DONE')
      .execute();
  }
}

/**
 * The checkpoint as one statement (RETURNING the job's id when `worker` still holds it), so a page's
 * candidates can be written in the same statement only when it holds (matching.repository.ts `commitPage`).
 */
export function checkpointStatement(id: number, worker: string, cursor: JobCursor, leaseMs: number): RawBuilder<unknown> {
  return sql`UPDATE match_jobs SET cursor = ${JSON.stringify(cursor)}::jsonb, locked_until = ${new Date(Date.now() + leaseMs)}
    WHERE id = ${id} AND locked_by = ${worker} AND state = 'RUNNING' RETURNING id`;
}
