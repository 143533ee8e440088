import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index';
import { candidateRows, openSeededScene } from './matching.test-helpers';
import { MatchingWorker } from './matching.worker';

// Migration 0028 (decision 0049 amended): a lost post edited in what the scorer reads is scored again, and
// its pairs end as those of a post that had the new values from the start — including pairs the edit put
// outside its window (moved far away), which the re-score reads once more and removes. Decided pairs stay.
const log = pino({ level: 'silent' });
let dir: string;
const open: Database[] = [];
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'match-edited-'));
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close().catch(() => undefined)));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function scene() {
  const s = await openSeededScene(dir);
  open.push(s.d);
  const found = (await s.d.db.selectFrom('lostPosts').select('id').where('kind', '<>', 'MISSING').orderBy('id').execute()).map((r) => r.id);
  return { ...s, found, drain: () => new MatchingWorker(s.d, log).drain() };
}

const queued = async (d: Database) =>
  (
    await sql<{
      k: string;
    }>`SELECT record_kind || ':' || record_id || ':' || rescore AS k FROM match_jobs WHERE state = 'QUEUED' ORDER BY id`.execute(d.db)
  ).rows.map((r) => r.k);

/** 80 km north, outside every found post's 50 km and the stray's. */
const moveFar = (d: Database, id: number) =>
  sql`UPDATE lost_posts SET latitude = latitude + 0.72, updated_at = now() WHERE id = ${id}`.execute(d.db);

describe('a lost post edited after its job ran', () => {
  it('moved far away: re-scored, its pairs those of a report made there from the start; a dismissed pair stays', async () => {
    const a = await scene();
    await a.drain();
    const before = await candidateRows(a.d.db);
    expect(before.filter((k) => k.startsWith('FOUND') || k.startsWith('SEEN')).length).toBeGreaterThan(2);
    const dismissed = before.find((k) => k.startsWith('SEEN'))!.split(':')[1]!;
    await sql`UPDATE match_candidates SET status = 'DISMISSED', decided_at = now() WHERE candidate_kind = 'SEEN' AND candidate_id = ${dismissed}`.execute(
      a.d.db,
    );

    await moveFar(a.d, a.lostId);
    expect(await queued(a.d)).toEqual([`MISSING:${a.lostId}:true`]);
    await a.drain();

    const b = await scene();
    await moveFar(b.d, b.lostId);
    await b.drain();
    const fresh = await candidateRows(b.d.db);
    expect(fresh.some((k) => k.startsWith('FOUND') || k.startsWith('STRAY'))).toBe(false); // 80 km: none of them
    const after = await candidateRows(a.d.db);
    expect(after.filter((k) => !k.startsWith(`SEEN:${dismissed}:`))).toEqual(fresh);
    expect(after.some((k) => k.startsWith(`SEEN:${dismissed}:`))).toBe(true); // the owner's decision is kept
  });

  it('a found post re-described: its pair with the report follows the new words; words nobody scores queue nothing', async () => {
    const a = await scene();
    await a.drain();
    const target = a.found[0]!;
    const row = (rows: string[]) => rows.find((k) => k.startsWith(`FOUND:${target}:`));
    expect(row(await candidateRows(a.d.db))).toBeDefined();

    await sql`UPDATE lost_posts SET description = '다시 봤어요', updated_at = now() WHERE id = ${target}`.execute(a.d.db);
    expect(await queued(a.d)).toEqual([]);

    await sql`UPDATE lost_posts SET breed = '말티즈', gender = 'MALE', colour = '검정' WHERE id = ${target}`.execute(a.d.db);
    expect(await queued(a.d)).toEqual([`FOUND:${target}:true`]);
    await a.drain();

    const b = await scene();
    await sql`UPDATE lost_posts SET breed = '말티즈', gender = 'MALE', colour = '검정' WHERE id = ${b.found[0]!}`.execute(b.d.db);
    await b.drain();
    expect(row(await candidateRows(a.d.db))).toBeUndefined(); // another dog now: below the floor
    expect(await candidateRows(a.d.db)).toEqual(await candidateRows(b.d.db));
  });
});
