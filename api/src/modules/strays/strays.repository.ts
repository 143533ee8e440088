import { sql, type Insertable } from 'kysely';
import { pagedRows, PUBLIC_STRAY_STATUSES, type PageWindow, type Paged, type PetStatus, type StraySearchQuery } from '@pawbridge/shared';
import type { Db } from '../../db/index';
import type { StrayReportsTable } from './strays.tables';

type Q = Db;

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
  placeName: string | null;
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
      's.placeName',
      // ::text: one 'yyyy-MM-dd' string whatever the driver's DATE parsing.
      sql<string>`s.found_date::text`.as('foundDate'),
      's.foundTime',
      's.status',
      'u.userId as reporterUserId',
    ]);

const countOf = (db: Q) => db.selectFrom('strayReports as s').select(sql<string>`count(*)`.as('n'));
const n = async (q: { executeTakeFirstOrThrow(): Promise<{ n: string }> }) => Number((await q.executeTakeFirstOrThrow()).n);

/** Minutes since midnight of an 'HH:mm' text column. */
const minutesOf = sql<number>`(split_part(s.found_time, ':', 1)::int * 60 + split_part(s.found_time, ':', 2)::int)`;

/** `%` and `_` in the user's text are literal (decision 0005). */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The adopt-list search (docs/decisions/0005-stray-search.md): same found day;
 * found within 60 minutes either side of the time; the place text anywhere in
 * the region, the description or the breed, ignoring case. Every given
 * criterion must hold; none given lists everything public. The place text is
 * one LIKE on the stored search_text (lower(region, description, breed) with a
 * separator no text may hold, so it matches exactly when one of them does).
 * Public strays are adopt_rank < 3: the generated rank is the index in @pawbridge/shared's
 * PUBLIC_STRAY_STATUSES (strays.rules.test.ts holds the migration to it). A literal, not a
 * parameter, so Postgres can use the partial indexes declared `WHERE adopt_rank < 3`.
 */
function publicWhere(q: StraySearchQuery = {}) {
  const conds = [sql<boolean>`s.adopt_rank < ${sql.lit(PUBLIC_STRAY_STATUSES.length)}`];
  if (q.foundDate) conds.push(sql<boolean>`s.found_date = ${q.foundDate}`);
  if (q.foundTime) {
    const [h, m] = q.foundTime.split(':').map(Number);
    const target = (h ?? 0) * 60 + (m ?? 0);
    conds.push(sql<boolean>`abs(${minutesOf} - ${target}) <= 60`);
  }
  const place = q.location?.trim().toLowerCase();
  if (place) conds.push(sql<boolean>`s.search_text like ${likeLiteral(place)}`);
  return sql<boolean>`${sql.join(conds, sql` and `)}`;
}

/**
 * Adopt-list order: adoptable first (PROTECTING, then WAITING, then ADOPT), newest found first
 * within each, the id last so pages never overlap — the columns of stray_reports_adopt_order_idx.
 */
const inAdoptOrder = <T extends { orderBy: (ref: never, dir?: 'desc') => T }>(q: T, alias: 's' | 'p'): T =>
  q
    .orderBy(sql.ref(`${alias}.adopt_rank`) as never)
    .orderBy(sql.ref(`${alias}.found_date`) as never, 'desc')
    .orderBy(sql.ref(`${alias}.found_time`) as never, 'desc')
    .orderBy(sql.ref(`${alias}.id`) as never, 'desc');

/**
 * One page in adopt order. The page's ids come from the narrow index first
 * (a deep page skips index entries, not whole rows: no sort of every public
 * row's full width), then only those rows are read and joined.
 */
function publicPage(db: Q, q: StraySearchQuery, w: { limit: number; offset: number }): Promise<StrayRow[]> {
  const ids = inAdoptOrder(
    db.selectFrom('strayReports as s').select(['s.id', 's.adoptRank', 's.foundDate', 's.foundTime']).where(publicWhere(q)),
    's',
  )
    .limit(w.limit)
    .offset(w.offset);
  return inAdoptOrder(baseQuery(db).innerJoin(ids.as('p'), 'p.id', 's.id'), 'p').execute();
}

/** Stray reports: the adopt list, the admin's review and new reports (Kysely only). */
export class StraysRepository {
  constructor(private readonly db: Db) {}

  /** The adopt list: public statuses in adopt order. */
  listPublic(w: PageWindow): Promise<Paged<StrayRow>> {
    return this.search({}, w);
  }

  /** Every report, newest first (the admin's review). */
  listAll(w: PageWindow): Promise<Paged<StrayRow>> {
    const rows = baseQuery(this.db).orderBy('s.id', 'desc');
    return pagedRows(w, {
      all: () => rows.execute(),
      page: (p) => rows.limit(p.limit).offset(p.offset).execute(),
      count: () => n(countOf(this.db)),
    });
  }

  findById(id: number): Promise<StrayRow | undefined> {
    return baseQuery(this.db).where('s.id', '=', id).executeTakeFirst();
  }

  /** One stray a visitor may see (a public status), else undefined. */
  findPublicById(id: number): Promise<StrayRow | undefined> {
    return baseQuery(this.db).where('s.id', '=', id).where(publicWhere()).executeTakeFirst();
  }

  /** Public strays matching the search (none given: the adopt list), in adopt order. */
  search(q: StraySearchQuery, w: PageWindow): Promise<Paged<StrayRow>> {
    return pagedRows(w, {
      all: () => inAdoptOrder(baseQuery(this.db).where(publicWhere(q)), 's').execute(),
      page: (p) => publicPage(this.db, q, p),
      count: () => n(countOf(this.db).where(publicWhere(q))),
    });
  }

  async insertReport(values: Insertable<StrayReportsTable>): Promise<number> {
    const row = await this.db.insertInto('strayReports').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** LOST → PROTECTING as one conditional update, so two admins cannot both register it; undefined when it was not LOST (or not there). */
  /** Whether a dog with this id exists; its name is set when given. */
  async rename(id: number, name: string): Promise<boolean> {
    const row = await this.db.updateTable('strayReports').set({ name }).where('id', '=', id).returning('id').executeTakeFirst();
    return row !== undefined;
  }

  markRegistered(id: number, name?: string): Promise<{ reporterPk: number | null } | undefined> {
    return this.db
      .updateTable('strayReports')
      .set({ status: 'PROTECTING', registeredAt: sql<Date>`now()`, ...(name !== undefined ? { name } : {}) })
      .where('id', '=', id)
      .where('status', '=', 'LOST')
      .returning(['reporterPk'])
      .executeTakeFirst();
  }
}
