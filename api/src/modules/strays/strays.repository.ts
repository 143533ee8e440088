import { sql, type Insertable } from 'kysely';
import type { PetStatus, StraySearchQuery } from '@pawbridge/shared';
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

/** Adopt-list order: adoptable first (PROTECTING, then WAITING, then ADOPT), newest found first within each. */
const adoptListRank = sql<number>`case s.status when 'PROTECTING' then 0 when 'WAITING' then 1 when 'ADOPT' then 2 else 3 end`;

const listPublic = (db: Q): Promise<StrayRow[]> =>
  baseQuery(db).where('s.status', 'in', PUBLIC_STATUSES).orderBy(adoptListRank).orderBy('s.foundDate', 'desc').orderBy('s.foundTime', 'desc').orderBy('s.id', 'desc').execute();

const listAll = (db: Q): Promise<StrayRow[]> => baseQuery(db).orderBy('s.id', 'desc').execute();

const findById = (db: Q, id: number): Promise<StrayRow | undefined> => baseQuery(db).where('s.id', '=', id).executeTakeFirst();

/** Minutes since midnight of an 'HH:mm' text column. */
const minutesOf = sql<number>`(split_part(s.found_time, ':', 1)::int * 60 + split_part(s.found_time, ':', 2)::int)`;

/**
 * The adopt-list search (docs/decisions/0005-stray-search.md): same found day;
 * found within 60 minutes either side of the time; the place text anywhere in
 * the region, the description or the breed, ignoring case. Every given
 * criterion must hold; none given lists everything public.
 */
function search(db: Q, q: StraySearchQuery): Promise<StrayRow[]> {
  let query = baseQuery(db).where('s.status', 'in', PUBLIC_STATUSES);
  if (q.foundDate) query = query.where('s.foundDate', '=', q.foundDate);
  if (q.foundTime) {
    const [h, m] = q.foundTime.split(':').map(Number);
    const target = (h ?? 0) * 60 + (m ?? 0);
    query = query.where(sql<boolean>`abs(${minutesOf} - ${target}) <= 60`);
  }
  const place = q.location?.trim().toLowerCase();
  if (place) {
    query = query.where((eb) =>
      eb.or([
        eb(sql`position(${place} in lower(s.location))`, '>', 0),
        eb(sql`position(${place} in lower(s.description))`, '>', 0),
        eb(sql`position(${place} in lower(coalesce(s.type, '')))`, '>', 0),
      ]),
    );
  }
  return query.orderBy(adoptListRank).orderBy('s.foundDate', 'desc').orderBy('s.foundTime', 'desc').orderBy('s.id', 'desc').execute();
}

/** Stray reports: the adopt list, the admin's review and new reports (Kysely only). */
export class StraysRepository {
  constructor(private readonly db: Db) {}

  listPublic(): Promise<StrayRow[]> {
    return listPublic(this.db);
  }

  listAll(): Promise<StrayRow[]> {
    return listAll(this.db);
  }

  findById(id: number): Promise<StrayRow | undefined> {
    return findById(this.db, id);
  }

  search(q: StraySearchQuery): Promise<StrayRow[]> {
    return search(this.db, q);
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
