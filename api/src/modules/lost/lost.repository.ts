import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { pagedRows, type PageWindow, type Paged } from '@pawbridge/shared';
import type { LostFilters, LostMapQuery } from '@pawbridge/shared/lost.schema';
import type { Db } from '../../db/index';
import {
  boardWhere,
  count,
  countedByKindStatusSido,
  countedTotal,
  countedTotalSql,
  summaryQuery,
  type LostSummaryRow,
} from './lost.board.repository';
import { mapClusters, type LostMapCluster } from './lost.map.repository';
import { LostMemberRepository } from './lost.member.repository';
import type { LostContactsTable, LostFlagsTable, LostPostsTable, LostUpdatesTable } from './lost.tables';

export type LostPostRow = Selectable<LostPostsTable> & { photoUrl: string | null; authorNickname: string | null; authorUserId: string };
/** A timeline entry with who made it (null once their account is gone). */
export type LostUpdateRow = Selectable<LostUpdatesTable> & { actorNickname: string | null; actorUserId: string | null };

/** Posts with their first photo and the author's nickname and login id (lost.view.ts authorDisplayName shows one). */
const postQuery = (db: Db) =>
  db
    .selectFrom('lostPosts as p')
    .innerJoin('users as u', 'u.id', 'p.authorPk')
    .selectAll('p')
    .select([
      sql<string>`p.happened_date::text`.as('happenedDate'),
      'u.nickname as authorNickname',
      'u.userId as authorUserId',
      sql<string | null>`(select ph.url from lost_photos ph where ph.post_id = p.id order by ph.id limit 1)`.as('photoUrl'),
    ]);

/** Lost and found (Kysely only). Every write a service makes runs inside its transaction through `new LostRepository(trx)`. */
export class LostRepository extends LostMemberRepository {
  /**
   * The board: visible posts matching the filters, newest first (the id last, so pages never overlap).
   * When the total comes from the kept counts, the page carries it: one round trip (a second only for a
   * page past the end).
   */
  async board(f: LostFilters, w: PageWindow): Promise<Paged<LostSummaryRow>> {
    const rows = summaryQuery(this.db).where(boardWhere(f)).orderBy('p.createdAt', 'desc').orderBy('p.id', 'desc');
    if (w && countedByKindStatusSido(f)) {
      const page = await rows.select(countedTotalSql(f).as('total')).limit(w.limit).offset(w.offset).execute();
      const total = page[0] ? Number(page[0].total) : await countedTotal(this.db, f);
      return { rows: page, total };
    }
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

  /** The map's clusters for one viewport (lost.map.repository.ts). */
  map(q: LostMapQuery): Promise<{ clusters: LostMapCluster[]; total: number }> {
    return mapClusters(this.db, q);
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
    return this.db
      .selectFrom('lostUpdates as t')
      .leftJoin('users as u', 'u.id', 't.actorPk')
      .selectAll('t')
      .select(['u.nickname as actorNickname', 'u.userId as actorUserId'])
      .where('t.postId', '=', postId)
      .orderBy('t.createdAt')
      .orderBy('t.id')
      .execute();
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

  async insertPost(values: Insertable<LostPostsTable>): Promise<number> {
    return (await this.db.insertInto('lostPosts').values(values).returning('id').executeTakeFirstOrThrow()).id;
  }

  async insertPhotos(postId: number, photos: { url: string; phash: string | null }[]): Promise<void> {
    if (photos.length > 0)
      await this.db
        .insertInto('lostPhotos')
        .values(photos.map(({ url, phash }) => ({ postId, url, phash })))
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

  /** What the guards need of a post another member acts on. */
  brief(id: number) {
    return this.db.selectFrom('lostPosts').select(['id', 'authorPk', 'hidden', 'status', 'name']).where('id', '=', id).executeTakeFirst();
  }

  /** The post's name (itself null on a sighting), undefined for no such post. */
  named(id: number) {
    return this.db.selectFrom('lostPosts').select('name').where('id', '=', id).executeTakeFirst();
  }

  async updatePost(id: number, values: Updateable<LostPostsTable>): Promise<void> {
    await this.db.updateTable('lostPosts').set(values).where('id', '=', id).execute();
  }

  /** A claim for a stray report given back, unless the report was made. */
  async releaseToStray(id: number): Promise<void> {
    await this.db.updateTable('lostPosts').set({ toStrayAt: null }).where('id', '=', id).where('strayReportId', 'is', null).execute();
  }

  /** A member's dog (the missing report's source), only their own. */
  petOf(userPk: number, petId: string) {
    return this.db.selectFrom('pets').selectAll().where('userPk', '=', userPk).where('petId', '=', petId).executeTakeFirst();
  }

  async emailOf(userPk: number): Promise<string | null> {
    return (await this.db.selectFrom('users').select('email').where('id', '=', userPk).executeTakeFirst())?.email ?? null;
  }

  async insertFlag(values: Insertable<LostFlagsTable>): Promise<number> {
    return (await this.db.insertInto('lostFlags').values(values).returning('id').executeTakeFirstOrThrow()).id;
  }

  /** Flags (open ones, or all), newest first, with the post's kind and state and who flagged it. */
  flags(state: 'open' | 'all', w: PageWindow) {
    let base = this.db.selectFrom('lostFlags as f');
    if (state === 'open') base = base.where('f.resolvedAt', 'is', null);
    const rows = base
      .innerJoin('lostPosts as p', 'p.id', 'f.postId')
      .innerJoin('users as u', 'u.id', 'f.flaggerPk')
      .select([
        'f.id',
        'f.postId',
        'p.kind as postKind',
        'p.hidden as postHidden',
        'f.reason',
        'f.note',
        'u.userId as flaggedBy',
        'f.createdAt',
        'f.resolvedAt',
      ])
      .orderBy('f.createdAt', 'desc')
      .orderBy('f.id', 'desc');
    return pagedRows(w, {
      all: () => rows.execute(),
      page: (p) => rows.limit(p.limit).offset(p.offset).execute(),
      count: () => count(base.select(sql<string>`count(*)`.as('n'))),
    });
  }

  /** Resolves one open flag: 'done', 'already' (resolved before) or 'unknown'. */
  async dismissFlag(flagId: number): Promise<'done' | 'already' | 'unknown'> {
    const done = await this.db
      .updateTable('lostFlags')
      .set({ resolvedAt: new Date() })
      .where('id', '=', flagId)
      .where('resolvedAt', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) > 0) return 'done';
    return (await this.db.selectFrom('lostFlags').select('id').where('id', '=', flagId).executeTakeFirst()) ? 'already' : 'unknown';
  }

  async insertContact(values: Insertable<LostContactsTable>): Promise<number> {
    return (await this.db.insertInto('lostContacts').values(values).returning('id').executeTakeFirstOrThrow()).id;
  }

  contact(id: number) {
    return this.db.selectFrom('lostContacts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A member's relay messages, sent and received, newest first, with the sender's names. */
  contactsOf(memberPk: number, w: PageWindow) {
    const base = this.db
      .selectFrom('lostContacts as c')
      .where((eb) => eb.or([eb('c.senderPk', '=', memberPk), eb('c.recipientPk', '=', memberPk)]));
    const rows = base
      .innerJoin('users as u', 'u.id', 'c.senderPk')
      .select(['c.id', 'c.postId', 'c.senderPk', 'c.replyToId', 'c.message', 'c.phone', 'c.createdAt', 'u.nickname', 'u.userId'])
      .orderBy('c.createdAt', 'desc')
      .orderBy('c.id', 'desc');
    return pagedRows(w, {
      all: () => rows.execute(),
      page: (p) => rows.limit(p.limit).offset(p.offset).execute(),
      count: () => count(base.select(sql<string>`count(*)`.as('n'))),
    });
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
