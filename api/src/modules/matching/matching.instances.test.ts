import crypto from 'node:crypto';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { dropSchema, openDatabase, type Database } from '../../db/index';
import { migrate } from '../../db/migrate';
import { migratedPgliteSnapshot } from '../../testing/pglite-template';
import { testServices } from '../../testing/services';
import { MatchingWorker } from './matching.worker';
import { candidateRows, seedMatchingScene } from './matching.test-helpers';

const log = pino({ level: 'silent' });
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c().catch(() => undefined);
});

/** Postgres (own schema) when CI's DATABASE_URL is set — where several connections really race — else PGlite. */
async function database(): Promise<Database> {
  const { databaseUrl } = testServices();
  if (databaseUrl) {
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const d = await openDatabase({ databaseUrl, databaseSchema: schema, dataDir: 'memory' });
    await migrate(d);
    cleanup.push(async () => {
      await dropSchema(d, schema);
      await d.close();
    });
    return d;
  }
  const d = await openDatabase(
    { databaseUrl: undefined, databaseSchema: undefined, dataDir: 'memory' },
    { pgliteSnapshot: await migratedPgliteSnapshot() },
  );
  cleanup.push(() => d.close());
  return d;
}

describe('the matching queue with several api instances', () => {
  it('hands each job to one instance: three workers at once run every job once and store the pairs of one worker alone', async () => {
    const alone = await database();
    await seedMatchingScene(alone.db);
    await new MatchingWorker(alone, log, { batch: 2 }).drain();
    const expected = await candidateRows(alone.db);

    const d = await database();
    await seedMatchingScene(d.db);
    const scored: string[] = [];
    const workers = ['a', 'b', 'c'].map(
      (id) =>
        new MatchingWorker(d, log, {
          id,
          batch: 2,
          afterCommit: (_job, pairs) => void scored.push(...pairs),
        }),
    );
    const counts = await Promise.all(workers.map((w) => w.drain()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(10);
    const jobs = await d.db.selectFrom('matchJobs').select(['state', 'attempts']).execute();
    expect(jobs.every((j) => j.state === 'DONE' && j.attempts === 1)).toBe(true);
    expect(scored.length).toBe(new Set(scored).size);
    expect(scored).toHaveLength(9);
    expect(await candidateRows(d.db)).toEqual(expected);
  });
});
