import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/index';
import { migrate } from '../../db/migrate';
import { MatchQueueRepository } from './matching.queue.repository';
import { MatchingWorker } from './matching.worker';
import { candidateRows as rows, seedMatchingScene as seed } from './matching.test-helpers';
import { migratedPgliteSnapshot } from '../../testing/pglite-template';

const log = pino({ level: 'silent' });
const dirs: string[] = [];
const open: Database[] = [];

/** A PGlite database on disk, so it can be closed and opened again (an api restart). */
async function database(dir: string): Promise<Database> {
  const d = await openDatabase({ databaseUrl: undefined, databaseSchema: undefined, dataDir: dir });
  await migrate(d);
  open.push(d);
  return d;
}

/** In memory, from the migrated template (fast), for the tests that do not restart. */
async function memoryDatabase(): Promise<Database> {
  const d = await openDatabase(
    { databaseUrl: undefined, databaseSchema: undefined, dataDir: 'memory' },
    { pgliteSnapshot: await migratedPgliteSnapshot() },
  );
  open.push(d);
  return d;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close().catch(() => undefined)));
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('the matching queue', () => {
  it('enqueues every new record in the creating transaction; scoring happens only in the worker', async () => {
    const d = await memoryDatabase();
    await seed(d.db);
    const jobs = await d.db.selectFrom('matchJobs').select(['recordKind', 'state']).execute();
    expect(jobs.map((j) => j.recordKind).sort()).toEqual([
      'FOUND',
      'FOUND',
      'FOUND',
      'FOUND',
      'MISSING',
      'SEEN',
      'SEEN',
      'SEEN',
      'SHELTER',
      'STRAY',
    ]);
    expect(await rows(d.db)).toEqual([]);
    const scored: string[] = [];
    await new MatchingWorker(d, log, { afterCommit: (_, pairs) => void scored.push(...pairs) }).drain();
    const stored = await rows(d.db);
    expect(stored.length).toBeGreaterThanOrEqual(4);
    expect(stored.some((r) => r.startsWith('STRAY:'))).toBe(true);
    expect(stored.some((r) => r.startsWith('SHELTER:448567202600101:'))).toBe(true); // a synced notice, matched by 시·도 and words
    // Each pair scored by exactly one job (the later record's), the 말티즈 posts too (below the floor, not stored).
    expect(new Set(scored).size).toBe(scored.length);
    expect(scored).toHaveLength(9);
    expect(await new MatchQueueRepository(d.db).pending()).toBe(0);
  });

  it('survives an api restart mid-job: resumes from the committed page, no pair lost or scored twice', async () => {
    // The reference: one uninterrupted run.
    const ref = await memoryDatabase();
    await seed(ref.db);
    await new MatchingWorker(ref, log, { batch: 2 }).drain();
    const expected = await rows(ref.db);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawbridge-match-'));
    dirs.push(dir);
    const first = await database(dir);
    const lostId = await seed(first.db);
    // Only the missing report's job runs here (the others are done first, as if they came earlier).
    await first.db.updateTable('matchJobs').set({ state: 'DONE' }).where('recordKind', '<>', 'MISSING').execute();
    await first.db
      .updateTable('matchJobs')
      .set({ id: 1000 } as never)
      .where('recordKind', '=', 'MISSING')
      .execute();
    const scored: string[] = [];
    let died!: () => void;
    const dead = new Promise<void>((resolve) => (died = resolve));
    const crashing = new MatchingWorker(first, log, {
      batch: 2,
      leaseMs: 8_000,
      afterCommit: (_, pairs) => {
        scored.push(...pairs);
        died();
        return new Promise<void>(() => undefined); // the process is gone: nothing after the first page runs
      },
    });
    void crashing.runOnce();
    await dead;
    await first.close();

    const second = await database(dir);
    const job = await second.db.selectFrom('matchJobs').selectAll().where('recordKind', '=', 'MISSING').executeTakeFirstOrThrow();
    expect(job.state).toBe('RUNNING');
    expect(job.cursor).toEqual({ source: 0, after: expect.any(String) });
    expect(await new MatchingWorker(second, log).runOnce()).toBe(false); // still leased to the instance that died
    await new Promise((r) => setTimeout(r, job.lockedUntil!.getTime() - Date.now() + 100));
    await new MatchingWorker(second, log, { batch: 2, afterCommit: (_, pairs) => void scored.push(...pairs) }).drain();

    expect(scored.length).toBe(new Set(scored).size);
    expect(scored).toHaveLength(9);
    expect(scored.every((p) => p.startsWith(`${lostId}:`))).toBe(true);
    expect(await rows(second.db)).toEqual(expected);
    const done = await second.db
      .selectFrom('matchJobs')
      .select(['state', 'attempts'])
      .where('recordKind', '=', 'MISSING')
      .executeTakeFirstOrThrow();
    expect(done).toEqual({ state: 'DONE', attempts: 2 });
    // Three databases opened (each migrated) and an 8 s lease waited out: more than the default 30 s on a busy machine.
  }, 120_000);

  it('re-running the matcher over everything gives the same pairs and keeps a dismissal', async () => {
    const d = await memoryDatabase();
    await seed(d.db);
    const worker = new MatchingWorker(d, log);
    await worker.drain();
    const before = await rows(d.db);
    await d.db.updateTable('matchCandidates').set({ status: 'DISMISSED' }).where('candidateKind', '=', 'STRAY').execute();
    await new MatchQueueRepository(d.db).requeueAll();
    await worker.drain();
    expect(await rows(d.db)).toEqual(before);
    const stray = await d.db.selectFrom('matchCandidates').select('status').where('candidateKind', '=', 'STRAY').executeTakeFirstOrThrow();
    expect(stray.status).toBe('DISMISSED');
  });
  it('a re-run from nothing derives the same pairs (scores, reasons, distances), in pages of any size', async () => {
    const d = await memoryDatabase();
    await seed(d.db);
    await new MatchingWorker(d, log).drain();
    const full = () =>
      d.db
        .selectFrom('matchCandidates')
        .select(['lostPostId', 'candidateKind', 'candidateId', 'score', 'reasons', 'km'])
        .orderBy('id')
        .execute();
    const before = await full();
    expect(before.length).toBeGreaterThanOrEqual(4);
    // The stored pairs are gone, so the unique pair key cannot hide a difference: every pair is scored again.
    await d.db.deleteFrom('matchCandidates').execute();
    await new MatchQueueRepository(d.db).requeueAll();
    await new MatchingWorker(d, log, { batch: 1 }).drain();
    expect(await full()).toEqual(before);
  });
});
