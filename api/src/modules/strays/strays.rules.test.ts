import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADOPT_LIST_RANK, PET_STATUSES, PUBLIC_STRAY_STATUSES } from '@pawbridge/shared';

/**
 * The database keeps the adopt-list rank in a generated column (migration 0010) because SQL cannot
 * import @pawbridge/shared's rule; this holds the two together, so changing the rule without a
 * migration fails here rather than on the list's order.
 */
const migration = fs.readFileSync(new URL('../../db/migrations/0010_list_indexes.sql', import.meta.url), 'utf8');

describe('adopt_rank column = the shared adopt-list rank', () => {
  it('ranks every status as ADOPT_LIST_RANK does', () => {
    const rankExpr = /adopt_rank smallint GENERATED ALWAYS AS \(\s*CASE status (.*?) ELSE (\d+) END/s.exec(migration);
    expect(rankExpr).not.toBeNull();
    const ranks = Object.fromEntries([...rankExpr![1]!.matchAll(/WHEN '(\w+)' THEN (\d+)/g)].map((m) => [m[1], Number(m[2])]));
    const otherwise = Number(rankExpr![2]);
    for (const status of PET_STATUSES) expect([status, ranks[status] ?? otherwise]).toEqual([status, ADOPT_LIST_RANK[status]]);
  });

  it('its partial indexes cover exactly the public statuses (rank below their count)', () => {
    const bounds = [...migration.matchAll(/WHERE adopt_rank < (\d+)/g)].map((m) => Number(m[1]));
    expect(bounds.length).toBeGreaterThan(0);
    for (const b of bounds) expect(b).toBe(PUBLIC_STRAY_STATUSES.length);
  });
});
