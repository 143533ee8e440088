import { sql, type Insertable, type Selectable, type SqlBool, type Expression } from 'kysely';
import { pagedRows, type PageWindow, type Paged } from '@pawbridge/shared';
import { LOST_LIMITS, type LostFilters, type LostMapQuery, type LostPostKind } from '@pawbridge/shared/lost.schema';
import type { Db } from '../../db/index';
import type { LostPostsTable, LostUpdatesTable } from './lost.tables';

export type LostPostRow = Selectable<LostPostsTable> & { photoUrl: string | null; authorName: string | null; authorUserId: string };
export type LostUpdateRow = Selectable<LostUpdatesTable>;

/** `%` and `_` in the user's text are literal (decision 0005). */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const count = async (q: { executeTakeFirstOrThrow(): Promise<{ n: string | number }> }) => Number((await q.executeTakeFirstOrThrow()).n);

/** The board's filters as one condition on `p` (visible posts only). */
function boardWhere(f: LostFilters): Expression<SqlBool> {
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

/** Posts with their first photo and the author's name (the author's display name is chosen in the service). */
const postQuery = (db: Db) =>
  db
    .selectFrom('lostPosts as p')
    .innerJoin('users as u', 'u.id', 'p.authorPk')
    .selectAll('p')
    .select([
      sql<string>`p.happened_date::text`.as('happenedDate'),
      'u.name as authorName',
      'u.userId as authorUserId',
      sql<string | null>`(select ph.url from lost_photos ph where ph.post_id = p.id order by ph.id limit 1)`.as('photoUrl'),
    ]);

/** Lost and found (Kysely only). Every write a service makes runs inside its transaction through `new LostRepository(trx)`. */
export class LostRepository {
  constructor(private readonly db: Db) {}

  /** The board: visible posts matching the filters, newest first (the id last, so pages never overlap). */
  board(f: LostFilters, w: PageWindow): Promise<Paged<LostPostRow>> {
    const rows = postQuery(this.db).where(boardWhere(f)).orderBy('p.createdAt', 'desc').orderBy('p.id', 'desc');
    return pagedRows(w, {
      all: () => rows.execute(),
      page: (p) => rows.limit(p.limit).offset(p.offset).execute(),
      count: () =>
        count(
          this.db
            .selectFrom('lostPosts as p')
            .select(sql<string>`count(*)`.as('n'))
            .where(boardWhere(f)),
        ),
    });
  }

  /** A member's own posts (hidden ones too), newest first. */
  byAuthor(authorPk: number, w: PageWindow): Promise<Paged<LostPostRow>> {
    const rows = postQuery(this.db).where('p.authorPk', '=', authorPk).orderBy('p.createdAt', 'desc').orderBy('p.id', 'desc');
    return pagedRows(w, {
      all: () => rows.execute(),
      page: (p) => rows.limit(p.limit).offset(p.offset).execute(),
      count: () =>
        count(
          this.db
            .selectFrom('lostPosts')
            .select(sql<string>`count(*)`.as('n'))
            .where('authorPk', '=', authorPk),
        ),
    });
  }

  /**
   * The map: visible posts in the viewport grouped on the server into grid cells of about 64 screen
   * pixels at this zoom (360° / 2^zoom / 4), on the public positions only. Largest clusters first,
   * at most LOST_LIMITS.mapClustersMax; the total counts every post in the viewport.
   */
  async map(
    q: LostMapQuery,
  ): Promise<{ clusters: { lat: number; lng: number; count: number; id: number | null; kind: LostPostKind | null }[]; total: number }> {
    const cell = 360 / 2 ** q.zoom / 4;
    const where = sql<SqlBool>`${boardWhere(q)} and p.public_lat between ${q.south} and ${q.north} and p.public_lng between ${q.west} and ${q.east}`;
    const rows = await sql<{ lat: number; lng: number; n: number; id: number; kind: LostPostKind }>`
      select avg(p.public_lat)::float8 as lat, avg(p.public_lng)::float8 as lng, count(*)::int as n, min(p.id) as id, min(p.kind) as kind
      from lost_posts p
      where ${where}
      group by floor(p.public_lat / ${cell}), floor(p.public_lng / ${cell})
      order by n desc, id
      limit ${LOST_LIMITS.mapClustersMax}`.execute(this.db);
    const total = await count(
      this.db
        .selectFrom('lostPosts as p')
        .select(sql<string>`count(*)`.as('n'))
        .where(where),
    );
    return {
      clusters: rows.rows.map((r) => ({
        lat: Math.round(r.lat * 1e6) / 1e6,
        lng: Math.round(r.lng * 1e6) / 1e6,
        count: r.n,
        id: r.n === 1 ? r.id : null,
        kind: r.n === 1 ? r.kind : null,
      })),
      total,
    };
  }

  find(id: number): Promise<LostPostRow | undefined> {
    return postQuery(this.db).where('p.id', '=', id).executeTakeFirst();
  }

  /** The row locked for the rest of the transaction (writes on one post are serialised). */
  lock(id: number) {
    return this.db.selectFrom('lostPosts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  photos(postId: number): Promise<string[]> {
    return this.db
      .selectFrom('lostPhotos')
      .select('url')
      .where('postId', '=', postId)
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((r) => r.url));
  }

  timeline(postId: number): Promise<LostUpdateRow[]> {
    return this.db.selectFrom('lostUpdates').selectAll().where('postId', '=', postId).orderBy('createdAt').orderBy('id').execute();
  }

  /** Visible sightings attached to a missing report, newest first. */
  sightingsOf(missingId: number): Promise<LostPostRow[]> {
    return postQuery(this.db)
      .where('p.missingId', '=', missingId)
      .where('p.hidden', '=', false)
      .orderBy('p.createdAt', 'desc')
      .orderBy('p.id', 'desc')
      .execute();
  }

  /** Serialises a member's posting (the open and daily limits are counted under it). */
  async lockMember(userPk: number): Promise<void> {
    await this.db.selectFrom('users').select('id').where('id', '=', userPk).forUpdate().execute();
  }

  openMissingOf(authorPk: number): Promise<number> {
    return count(
      this.db
        .selectFrom('lostPosts')
        .select(sql<string>`count(*)`.as('n'))
        .where('authorPk', '=', authorPk)
        .where('kind', '=', 'MISSING')
        .where('status', '=', 'OPEN'),
    );
  }

  postsSince(authorPk: number, since: Date): Promise<number> {
    return count(
      this.db
        .selectFrom('lostPosts')
        .select(sql<string>`count(*)`.as('n'))
        .where('authorPk', '=', authorPk)
        .where('createdAt', '>=', since),
    );
  }

  async insertPost(values: Insertable<LostPostsTable>): Promise<number> {
    return (await this.db.insertInto('lostPosts').values(values).returning('id').executeTakeFirstOrThrow()).id;
  }

  async insertPhotos(postId: number, urls: string[]): Promise<void> {
    if (urls.length > 0)
      await this.db
        .insertInto('lostPhotos')
        .values(urls.map((url) => ({ postId, url })))
        .execute();
  }

  async addUpdate(values: Insertable<LostUpdatesTable>): Promise<void> {
    await this.db.insertInto('lostUpdates').values(values).execute();
  }

  async resolveFlags(postId: number): Promise<void> {
    await this.db
      .updateTable('lostFlags')
      .set({ resolvedAt: new Date() })
      .where('postId', '=', postId)
      .where('resolvedAt', 'is', null)
      .execute();
  }

  async stats(
    monthStart: Date,
    withFlags: boolean,
  ): Promise<{ reunitedThisMonth: number; openMissing: number; flagsWaiting: number | null }> {
    const [reunitedThisMonth, openMissing, flagsWaiting] = await Promise.all([
      count(
        this.db
          .selectFrom('lostPosts')
          .select(sql<string>`count(*)`.as('n'))
          .where('status', '=', 'REUNITED')
          .where('closedAt', '>=', monthStart),
      ),
      count(
        this.db
          .selectFrom('lostPosts')
          .select(sql<string>`count(*)`.as('n'))
          .where('kind', '=', 'MISSING')
          .where('status', '=', 'OPEN')
          .where('hidden', '=', false),
      ),
      withFlags
        ? count(
            this.db
              .selectFrom('lostFlags')
              .select(sql<string>`count(*)`.as('n'))
              .where('resolvedAt', 'is', null),
          )
        : null,
    ]);
    return { reunitedThisMonth, openMissing, flagsWaiting };
  }
}
