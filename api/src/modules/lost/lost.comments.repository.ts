import { sql } from 'kysely';
import { pagedRows, type PageWindow } from '@pawbridge/shared';
import type { Db } from '../../db/index';

/** The comments' queries (Kysely only); writes run inside the service's transaction. */
export class LostCommentsRepository {
  constructor(private readonly db: Db) {}

  post(id: number) {
    return this.db.selectFrom('lostPosts').select(['id', 'authorPk', 'hidden']).where('id', '=', id).executeTakeFirst();
  }

  page(postId: number, w: PageWindow) {
    const rows = this.db
      .selectFrom('lostComments as c')
      .innerJoin('users as u', 'u.id', 'c.authorPk')
      .select(['c.id', 'c.postId', 'c.authorPk', 'c.content', 'c.createdAt', 'u.nickname', 'u.userId'])
      .where('c.postId', '=', postId)
      .orderBy('c.createdAt')
      .orderBy('c.id');
    return pagedRows(w, {
      all: () => rows.execute(),
      page: (p) => rows.limit(p.limit).offset(p.offset).execute(),
      count: async () =>
        Number(
          (
            await this.db
              .selectFrom('lostComments')
              .select(sql<string>`count(*)`.as('n'))
              .where('postId', '=', postId)
              .executeTakeFirstOrThrow()
          ).n,
        ),
    });
  }

  /** Serialises a member's commenting, so the hourly count holds with two tabs. */
  async lockMember(userPk: number): Promise<void> {
    await this.db.selectFrom('users').select('id').where('id', '=', userPk).forUpdate().execute();
  }

  async since(authorPk: number, from: Date): Promise<number> {
    const row = await this.db
      .selectFrom('lostComments')
      .select(sql<string>`count(*)`.as('n'))
      .where('authorPk', '=', authorPk)
      .where('createdAt', '>=', from)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(postId: number, authorPk: number, content: string): Promise<number> {
    return (await this.db.insertInto('lostComments').values({ postId, authorPk, content }).returning('id').executeTakeFirstOrThrow()).id;
  }

  find(postId: number, commentId: number) {
    return this.db
      .selectFrom('lostComments')
      .select(['id', 'authorPk'])
      .where('id', '=', commentId)
      .where('postId', '=', postId)
      .executeTakeFirst();
  }

  async remove(commentId: number): Promise<void> {
    await this.db.deleteFrom('lostComments').where('id', '=', commentId).execute();
  }

  async content(commentId: number): Promise<string | null> {
    return (await this.db.selectFrom('lostComments').select('content').where('id', '=', commentId).executeTakeFirst())?.content ?? null;
  }
}

/** The comment's text for the owner's e-mail (null once deleted). */
export const lostCommentText = (db: Db, commentId: number) => new LostCommentsRepository(db).content(commentId);
