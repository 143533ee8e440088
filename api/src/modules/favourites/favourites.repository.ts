import { sql } from 'kysely';
import { PUBLIC_STRAY_STATUSES } from '@pawbridge/shared';
import type { FavouriteStatus, SavedSearchRequest } from '@pawbridge/shared/favourites.schema';
import type { Db } from '../../db/index';
import type { SavedSearchesTable } from './favourites.tables';

/** A stray's status as a favourite's group: adopted, or still open (protected or waiting). */
export const STRAY_GROUP = sql<FavouriteStatus>`(case s.status when 'ADOPT' then 'ADOPTED' else 'OPEN' end)`;
/** A shelter animal's status as a favourite's group (died and other endings are one: ENDED). */
export const SHELTER_GROUP = sql<FavouriteStatus>`(case a.status when 'OPEN' then 'OPEN' when 'ADOPTED' then 'ADOPTED' when 'RETURNED' then 'RETURNED' else 'ENDED' end)`;
/** Public strays (adopt_rank < 3, as the adopt list: strays.repository.ts). */
export const PUBLIC_STRAY = sql<boolean>`s.adopt_rank < ${sql.lit(PUBLIC_STRAY_STATUSES.length)}`;

export type Target = { source: 'member'; strayId: number } | { source: 'shelter'; desertionNo: string };

export interface FavouriteRow {
  strayId: number | null;
  desertionNo: string | null;
  name: string | null;
  breed: string | null;
  imageUrl: string | null;
  hasImage: boolean;
  noticeNo: string | null;
  noticeEnd: string | null;
  status: FavouriteStatus;
  createdAt: Date;
}

export type SavedSearchRow = Pick<SavedSearchesTable, 'source' | 'region' | 'foundDate' | 'foundTime' | 'location' | 'notifiedOn'> & {
  id: number;
  userPk: number;
  createdAt: Date;
  checkedAt: Date;
};

/** Favourites and saved searches: every read and write is the member's own (user_pk in every WHERE). */
export class FavouritesRepository {
  constructor(private readonly db: Db) {}

  /** The target's current status group, or null when there is no such public animal. */
  async statusOf(db: Db, t: Target): Promise<FavouriteStatus | null> {
    const row =
      t.source === 'member'
        ? await sql<{
            g: FavouriteStatus;
          }>`select ${STRAY_GROUP} as g from stray_reports s where s.id = ${t.strayId} and ${PUBLIC_STRAY}`.execute(db)
        : await sql<{
            g: FavouriteStatus;
          }>`select ${SHELTER_GROUP} as g from shelter_animals a where a.desertion_no = ${t.desertionNo}`.execute(db);
    return row.rows[0]?.g ?? null;
  }

  /** Runs `work` holding the member's row lock: limits counted inside it cannot be raced past. */
  asMember<T>(userPk: number, work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select id from users where id = ${userPk} for update`.execute(trx);
      return work(trx);
    });
  }

  async countFavourites(db: Db, userPk: number): Promise<number> {
    const r = await sql<{ n: number }>`select count(*)::int as n from favourites where user_pk = ${userPk}`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  }

  /** Adds the heart unless it is there (idempotent); true when it was added now. */
  async add(db: Db, userPk: number, t: Target, seen: FavouriteStatus): Promise<boolean> {
    const r =
      t.source === 'member'
        ? await sql`insert into favourites (user_pk, stray_id, seen_status) values (${userPk}, ${t.strayId}, ${seen})
            on conflict (user_pk, stray_id) where stray_id is not null do nothing`.execute(db)
        : await sql`insert into favourites (user_pk, desertion_no, seen_status) values (${userPk}, ${t.desertionNo}, ${seen})
            on conflict (user_pk, desertion_no) where desertion_no is not null do nothing`.execute(db);
    return Number(r.numAffectedRows ?? 0) > 0;
  }

  async has(db: Db, userPk: number, t: Target): Promise<boolean> {
    let q = db.selectFrom('favourites').select('id').where('userPk', '=', userPk);
    q = t.source === 'member' ? q.where('strayId', '=', t.strayId) : q.where('desertionNo', '=', t.desertionNo);
    return (await q.executeTakeFirst()) !== undefined;
  }

  /** Removes the member's own heart (none: nothing happens). */
  async remove(userPk: number, t: Target): Promise<void> {
    let q = this.db.deleteFrom('favourites').where('userPk', '=', userPk);
    q = t.source === 'member' ? q.where('strayId', '=', t.strayId) : q.where('desertionNo', '=', t.desertionNo);
    await q.execute();
  }

  async keys(userPk: number): Promise<{ strays: number[]; shelter: string[] }> {
    const rows = await this.db.selectFrom('favourites').select(['strayId', 'desertionNo']).where('userPk', '=', userPk).execute();
    return {
      strays: rows.flatMap((r) => (r.strayId !== null ? [r.strayId] : [])),
      shelter: rows.flatMap((r) => (r.desertionNo !== null ? [r.desertionNo] : [])),
    };
  }

  /** The member's favourites, newest heart first, with what a row of the favourites list shows. */
  async list(userPk: number, w: { limit: number; offset: number }): Promise<{ rows: FavouriteRow[]; total: number }> {
    const rows = await sql<FavouriteRow>`
      select f.stray_id as "strayId", f.desertion_no as "desertionNo",
        s.name as name, coalesce(s.type, a.kind) as breed, s.image_url as "imageUrl",
        (a.image1_url is not null) as "hasImage", a.notice_no as "noticeNo", a.notice_end as "noticeEnd",
        case when f.stray_id is not null then ${STRAY_GROUP} else ${SHELTER_GROUP} end as status,
        f.created_at as "createdAt"
      from favourites f
      left join stray_reports s on s.id = f.stray_id
      left join shelter_animals a on a.desertion_no = f.desertion_no
      where f.user_pk = ${userPk}
      order by f.created_at desc, f.id desc
      limit ${w.limit} offset ${w.offset}`.execute(this.db);
    return { rows: rows.rows, total: await this.countFavourites(this.db, userPk) };
  }

  // Saved searches.

  async searches(userPk: number): Promise<SavedSearchRow[]> {
    return this.db.selectFrom('savedSearches').selectAll().where('userPk', '=', userPk).orderBy('id', 'desc').execute();
  }

  async countSearches(db: Db, userPk: number): Promise<number> {
    const r = await sql<{ n: number }>`select count(*)::int as n from saved_searches where user_pk = ${userPk}`.execute(db);
    return Number(r.rows[0]?.n ?? 0);
  }

  async addSearch(db: Db, userPk: number, q: SavedSearchRequest, now: Date): Promise<number> {
    const row = await db
      .insertInto('savedSearches')
      .values({ userPk, ...q, checkedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** False when the search is not the member's (or does not exist). */
  async removeSearch(userPk: number, id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('savedSearches').where('id', '=', id).where('userPk', '=', userPk).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
