import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECONDS, journeyFiles, shards } from './e2e-shards';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

describe('the journeys split into CI shards by time', () => {
  it('puts every journey file in exactly one shard', () => {
    const files = journeyFiles(ROOT);
    expect(files.length).toBeGreaterThan(20);
    for (const count of [1, 2, 3]) {
      const split = shards(files, count);
      expect(split).toHaveLength(count);
      expect(split.flat().sort()).toEqual(files);
    }
  });

  it('knows the time of every journey file (a new one counts as a median file until it is measured)', () => {
    const names = journeyFiles(ROOT).map((f) => path.basename(f));
    expect(Object.keys(SECONDS).sort()).toEqual(names.sort());
  });

  it('keeps the two shards within the longest file of each other', () => {
    const split = shards(journeyFiles(ROOT), 2);
    const [a, b] = split.map((files) => files.reduce((sum, f) => sum + (SECONDS[path.basename(f)] ?? 0), 0));
    expect(Math.abs((a ?? 0) - (b ?? 0))).toBeLessThanOrEqual(Math.max(...Object.values(SECONDS)));
    expect(Math.abs((a ?? 0) - (b ?? 0))).toBeLessThan(20);
  });

  it('deals the longest first to the emptiest shard, and an unknown file counts as the median', () => {
    const seconds = { 'a.e2e.ts': 10, 'b.e2e.ts': 6, 'c.e2e.ts': 5, 'd.e2e.ts': 4 };
    expect(shards(['e2e/a.e2e.ts', 'e2e/b.e2e.ts', 'e2e/c.e2e.ts', 'e2e/d.e2e.ts'], 2, seconds)).toEqual([
      ['e2e/a.e2e.ts', 'e2e/d.e2e.ts'],
      ['e2e/b.e2e.ts', 'e2e/c.e2e.ts'],
    ]);
    // new.e2e.ts weighs the median (6), so it goes before c (5) and after b (same weight, name order):
    // a (10) | b (6) + new (6) = 12 | then c (5) to a.
    expect(shards(['e2e/a.e2e.ts', 'e2e/b.e2e.ts', 'e2e/c.e2e.ts', 'e2e/new.e2e.ts'], 2, seconds)).toEqual([
      ['e2e/a.e2e.ts', 'e2e/c.e2e.ts'],
      ['e2e/b.e2e.ts', 'e2e/new.e2e.ts'],
    ]);
  });

  it('refuses a shard count that is not a positive integer', () => {
    expect(() => shards(['e2e/a.e2e.ts'], 0)).toThrow(/positive integer/);
  });
});
