import { sql, type Expression, type SqlBool } from 'kysely';
import type { LostFilters } from '@pawbridge/shared/lost.schema';
import type { Db } from '../../db/index';

// The board's conditions and totals (lost.repository.ts uses them for the list and the map).

/** `%` and `_` in the user's text are literal (decision 0005). */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const count = async (q: { executeTakeFirstOrThrow(): Promise<{ n: string | number }> }) =>
  Number((await q.executeTakeFirstOrThrow()).n);

/** The board's filters as one condition on `p` (visible posts only). */
export function boardWhere(f: LostFilters): Expression<SqlBool> {
  const conds = [sql<SqlBool>`not p.hidden`];
  if (f.kind && f.kind.length > 0) conds.push(sql<SqlBool>`p.kind in (${sql.join(f.kind)})`);
  if (f.status) conds.push(sql<SqlBool>`p.status = ${f.status}`);
  if (f.sido) conds.push(sql<SqlBool>`p.sido = ${f.sido}`);
  if (f.sigungu?.trim()) conds.push(sql<SqlBool>`p.sigungu = ${f.sigungu.trim()}`);
  if (f.from) conds.push(sql<SqlBool>`p.happened_date >= ${f.from}`);
  if (f.to) conds.push(sql<SqlBool>`p.happened_date <= ${f.to}`);
  if (f.breed?.trim()) conds.push(sql<SqlBool>`lower(coalesce(p.breed, '')) like ${likeLiteral(f.breed.trim().toLowerCase())}`);
  if (f.dogSize) conds.push(sql<SqlBool>`p.size = ${f.dogSize}`);
  if (f.gender) conds.push(sql<SqlBool>`p.gender = ${f.gender}`);
  for (const word of (f.colour ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5))
    conds.push(sql<SqlBool>`p.search_text like ${likeLiteral(word)}`);
  return sql<SqlBool>`${sql.join(conds, sql` and `)}`;
}

/** Whether the board's total can be read from lost_post_counts (filters on kind, status and 시·도 only; migration 0017). */
export const countedByKindStatusSido = (f: LostFilters): boolean =>
  !(f.sigungu?.trim() || f.from || f.to || f.breed?.trim() || f.dogSize || f.gender || (f.colour ?? '').trim());

/** The visible posts' total from the trigger-kept counts (for the filters countedByKindStatusSido allows). */
export function countedTotal(db: Db, f: LostFilters): Promise<number> {
  const conds = [sql<SqlBool>`not hidden`];
  if (f.kind && f.kind.length > 0) conds.push(sql<SqlBool>`kind in (${sql.join(f.kind)})`);
  if (f.status) conds.push(sql<SqlBool>`status = ${f.status}`);
  if (f.sido) conds.push(sql<SqlBool>`sido = ${f.sido}`);
  return sql<{ n: string }>`select coalesce(sum(n), 0)::text as n from lost_post_counts where ${sql.join(conds, sql` and `)}`
    .execute(db)
    .then((r) => Number(r.rows[0]?.n ?? 0));
}
