import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { LostFilters } from '@pawbridge/shared/lost.schema';
import type { Db } from '../../db/index';

// The board's columns, conditions and totals (lost.repository.ts uses them for the list, lost.map.repository.ts for the map).

/** The columns a board entry shows (lost.view.ts summaryOf): no author, no long texts. */
const SUMMARY_COLUMNS = [
  'p.id',
  'p.kind',
  'p.status',
  'p.name',
  'p.breed',
  'p.size',
  'p.gender',
  'p.colour',
  'p.reward',
  'p.address',
  'p.sido',
  'p.sigungu',
  'p.happenedTime',
  'p.publicLat',
  'p.publicLng',
  'p.createdAt',
] as const;

/** Board entries: the summary's columns and the first photo. */
export const summaryQuery = (db: Db) =>
  db
    .selectFrom('lostPosts as p')
    .select(SUMMARY_COLUMNS)
    .select([
      sql<string>`p.happened_date::text`.as('happenedDate'),
      sql<string | null>`(select ph.url from lost_photos ph where ph.post_id = p.id order by ph.id limit 1)`.as('photoUrl'),
    ]);
export type LostSummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['executeTakeFirstOrThrow']>>;

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

/** The visible posts' total from the trigger-kept counts (for the filters countedByKindStatusSido allows), as an expression. */
export function countedTotalSql(f: LostFilters): RawBuilder<string> {
  const conds = [sql<SqlBool>`not hidden`];
  if (f.kind && f.kind.length > 0) conds.push(sql<SqlBool>`kind in (${sql.join(f.kind)})`);
  if (f.status) conds.push(sql<SqlBool>`status = ${f.status}`);
  if (f.sido) conds.push(sql<SqlBool>`sido = ${f.sido}`);
  return sql<string>`(select coalesce(sum(n), 0)::text from lost_post_counts where ${sql.join(conds, sql` and `)})`;
}

/** The same total read on its own. */
export function countedTotal(db: Db, f: LostFilters): Promise<number> {
  return sql<{ n: string }>`select ${countedTotalSql(f)} as n`.execute(db).then((r) => Number(r.rows[0]?.n ?? 0));
}
