import { sql, type Insertable } from 'kysely';
import { pagedRows, type PageWindow, type Paged, type PetStatus, type StraySearchQuery } from '@pawbridge/shared';
import type { Db } from '../../db/index';
import type { StrayReportsTable } from './strays.tables';

type Q = Db;

/** Statuses a visitor sees on the adopt list (PROTECTING, WAITING and, with its badge, ADOPT). */
export const PUBLIC_STATUSES: PetStatus[] = ['PROTECTING', 'WAITING', 'ADOPT'];

export interface StrayRow {
  id: number;
  latitude: number;
  longitude: number;
  imageUrl: string;
  gender: StrayReportsTable['gender'];
  description: string;
  location: string;
  type: string | null;
  name: string | null;
  foundDate: string;
  foundTime: string;
  status: PetStatus;
  reporterUserId: string | null;
}

const baseQuery = (db: Q) =>
  db
    .selectFrom('strayReports as s')
    .leftJoin('users as u', 'u.id', 's.reporterPk')
    .select([
      's.id',
      's.latitude',
      's.longitude',
      's.imageUrl',
      's.gender',
      's.description',
      's.location',
      's.type',
      's.name',
      // ::text: one 'yyyy-MM-dd' string whatever the driver's DATE parsing.
      sql<string>`s.found_date::text`.as('foundDate'),
      's.foundTime',
      's.status',
      'u.userId as reporterUserId',
    ]);

/**
 * Adopt-list order: adoptable first (PROTECTING, then WAITING, then ADOPT), newest found first
 * within each, the id last so pages never overlap. The same expression is indexed (0010_list_indexes.sql).
 */
const adoptListRank = sql<number>`(case s.status when 'PROTECTING' then 0 when 'WAITING' then 1 when 'ADOPT' then 2 else 3 end)`;

const inAdoptOrder = (q: ReturnType<typeof baseQuery>) => q.orderBy(adoptListRank).orderBy('s.foundDate', 'desc').orderBy('s.foundTime', 'desc').orderBy('s.id', 'desc');

const countOf = (db: Q) => db.selectFrom('strayReports as s').select(sql<string>`count(*)`.as('n'));
const n = async (q: { executeTakeFirstOrThrow(): Promise<{ n: string }> }) => Number((await q.executeTakeFirstOrThrow()).n);

/** Minutes since midnight of an 'HH:mm' text column. */
const minutesOf = sql<number>`(split_part(s.found_time, ':', 1)::int * 60 + split_part(s.found_time, ':', 2)::int)`;

/** Must stay the exact expression of stray_reports_search_trgm_idx / _text_idx. */
const searchText = sql`lower(s.location || chr(1) || s.description || chr(1) || coalesce(s.type, ''))`;

/** `%` and `_` in the user's text are literal (decision 0005). */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The adopt-list search (docs/decisions/0005-stray-search.md): same found day;
 * found within 60 minutes either side of the time; the place text anywhere in
 * the region, the description or the breed, ignoring case. Every given
 * criterion must hold; none given lists everything public. The place text is
 * one LIKE on the indexed lower(location || description || type) expression
 * (a trigram index on Postgres), equivalent to a substring test of each
 * (the separator is a control character no text may hold).
 */
function searchWhere(q: StraySearchQuery) {
  const conds = [sql<boolean>`s.status in (${sql.join(PUBLIC_STATUSES)})`];
  if (q.foundDate) conds.push(sql<boolean>`s.found_date = ${q.foundDate}`);
  if (q.foundTime) {
    const [h, m] = q.foundTime.split(':').map(Number);
    const target = (h ?? 0) * 60 + (m ?? 0);
    conds.push(sql<boolean>`abs(${minutesOf} - ${target}) <= 60`);
  }
  const place = q.location?.trim().toLowerCase();
  if (place) conds.push(sql<boolean>`${searchText} like ${likeLiteral(place)}`);
  return sql<boolean>`${sql.join(conds, sql` and `)}`;
}

/** Stray reports: the adopt list, the admin's review and new reports (Kysely only). */
export class StraysRepository {
  constructor(private readonly db: Db) {}

  /** The adopt list: public statuses in adopt order. */
  listPublic(w: PageWindow): Promise<Paged<StrayRow>> {
    const rows = inAdoptOrder(baseQuery(this.db).where('s.status', 'in', PUBLIC_STATUSES));
    return pagedRows(w, { all: () => rows.execute(), page: (p) => rows.limit(p.limit).offset(p.offset).execute(), count: () => n(countOf(this.db).where('s.status', 'in', PUBLIC_STATUSES)) });
  }

  /** Every report, newest first (the admin's review). */
  listAll(w: PageWindow): Promise<Paged<StrayRow>> {
    const rows = baseQuery(this.db).orderBy('s.id', 'desc');
    return pagedRows(w, { all: () => rows.execute(), page: (p) => rows.limit(p.limit).offset(p.offset).execute(), count: () => n(countOf(this.db)) });
  }

  findById(id: number): Promise<StrayRow | undefined> {
    return baseQuery(this.db).where('s.id', '=', id).executeTakeFirst();
  }

  search(q: StraySearchQuery, w: PageWindow): Promise<Paged<StrayRow>> {
    const rows = inAdoptOrder(baseQuery(this.db).where(searchWhere(q)));
    return pagedRows(w, { all: () => rows.execute(), page: (p) => rows.limit(p.limit).offset(p.offset).execute(), count: () => n(countOf(this.db).where(searchWhere(q))) });
  }

  async insertReport(values: Insertable<StrayReportsTable>): Promise<number> {
    const row = await this.db.insertInto('strayReports').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** LOST → PROTECTING as one conditional update, so two admins cannot both register it; undefined when it was not LOST (or not there). */
  markRegistered(id: number): Promise<{ reporterPk: number | null } | undefined> {
    return this.db
      .updateTable('strayReports')
      .set({ status: 'PROTECTING', registeredAt: sql<Date>`now()` })
      .where('id', '=', id)
      .where('status', '=', 'LOST')
      .returning(['reporterPk'])
      .executeTakeFirst();
  }
}
