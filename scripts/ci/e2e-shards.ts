/**
 * Splits the browser journeys into CI's shards by how long each file takes, not by its place in the
 * alphabet: `node --test --test-shard=i/n` deals files out in turn, which gave one shard eight of the
 * journeys that boot a stack of their own (396 s against 288 s, docs/decisions/0030).
 *
 *   node --import tsx scripts/ci/e2e-shards.ts 1 2   → the files of shard 1 of 2, one a line
 *
 * Every `e2e/*.e2e.ts` file is in exactly one shard; a file missing from the table below counts as
 * a median one, so a new journey always runs, and its figure can be added after its first CI run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Seconds per file in a two-shard run (2026-11-27, third session: both shards busy, the stacks' api and
 * BFF started together), its own stack's boot included; the first file of a shard on the shared stack
 * also pays that stack's boot (~8 s).
 */
export const SECONDS: Readonly<Record<string, number>> = {
  'a11y.e2e.ts': 52,
  'lost-ssr.e2e.ts': 45,
  'mypage.e2e.ts': 45,
  'ssr.e2e.ts': 45,
  'favourites.e2e.ts': 40,
  'shelter.e2e.ts': 39,
  'names.e2e.ts': 37,
  'strays.e2e.ts': 37,
  'accounts.e2e.ts': 35,
  'animal.e2e.ts': 30,
  'member-phone.e2e.ts': 27,
  'pets.e2e.ts': 26,
  'adoption.e2e.ts': 25,
  'lost-owner.e2e.ts': 24,
  'lost-share.e2e.ts': 20,
  'lost-match.e2e.ts': 19,
  'alerts.e2e.ts': 18,
  'lost-board.e2e.ts': 18,
  'social-login.e2e.ts': 18,
  'realtime.e2e.ts': 16,
  'community.e2e.ts': 12,
  'donations.e2e.ts': 11,
  'lost-live.e2e.ts': 11,
  'breed-prediction.e2e.ts': 7,
};

/** Longest first, each to the shard with the least time so far (ties: the lower shard, then the name). */
export function shards(files: readonly string[], count: number, seconds: Readonly<Record<string, number>> = SECONDS): string[][] {
  if (!Number.isInteger(count) || count < 1) throw new Error(`shard count must be a positive integer, not ${count}`);
  const known = Object.values(seconds).sort((a, b) => a - b);
  const median = known.length > 0 ? (known[Math.floor(known.length / 2)] ?? 0) : 1;
  const weight = (file: string) => seconds[path.basename(file)] ?? median;
  const ordered = [...new Set(files)].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  const out: string[][] = Array.from({ length: count }, () => []);
  const load = new Array<number>(count).fill(0);
  for (const file of ordered) {
    const i = load.indexOf(Math.min(...load));
    out[i]?.push(file);
    load[i] = (load[i] ?? 0) + weight(file);
  }
  return out.map((shard) => shard.sort());
}

export function journeyFiles(root: string): string[] {
  return fs
    .readdirSync(path.join(root, 'e2e'))
    .filter((f) => f.endsWith('.e2e.ts'))
    .map((f) => `e2e/${f}`)
    .sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [index, count] = process.argv.slice(2).map(Number);
  if (!index || !count || index > count) throw new Error('usage: e2e-shards.ts <shard> <count> (e.g. 1 2)');
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  console.log((shards(journeyFiles(root), count)[index - 1] ?? []).join('\n'));
}
