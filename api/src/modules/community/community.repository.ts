import { sql, type Insertable } from 'kysely';
import type { PostType } from '@pawbridge/shared';
import type { Db } from '../../db/index';
import type { CommunityPostsTable } from './community.tables';

export interface PostRow {
  id: number;
  authorPk: number | null;
  authorUserId: string | null;
  authorNickname: string | null;
  postType: PostType;
  title: string;
  strContent: string;
  imgUrlContent: string | null;
  createdAt: Date;
}

export interface CommentRow {
  id: number;
  postId: number;
  authorUserId: string | null;
  authorNickname: string | null;
  content: string;
  createdAt: Date;
}

/** A post in the list, with how many liked and commented it. */
export type ListedPostRow = PostRow & { likeCount: number; commentCount: number };

export type PostFields = Pick<PostRow, 'postType' | 'title' | 'strContent'>;

const postQuery = (db: Db) =>
  db
    .selectFrom('communityPosts as p')
    .leftJoin('users as u', 'u.id', 'p.authorPk')
    .select([
      'p.id',
      'p.authorPk',
      'u.userId as authorUserId',
      'u.nickname as authorNickname',
      'p.postType',
      'p.title',
      'p.strContent',
      'p.imgUrlContent',
      'p.createdAt',
    ]);

export class CommunityRepository {
  constructor(private readonly db: Db) {}

  /** One page, newest first (an index serves both orders, with and without the category). */
  async list(opts: { postType?: PostType; limit: number; offset: number }): Promise<{ rows: ListedPostRow[]; total: number }> {
    // The page's keys come from the index alone (a deep page skips index entries, not whole posts), then 20 posts are read.
    let keys = this.db.selectFrom('communityPosts').select(['id', 'createdAt']);
    let count = this.db.selectFrom('communityPosts').select((eb) => eb.fn.countAll<number>().as('n'));
    if (opts.postType) {
      keys = keys.where('postType', '=', opts.postType);
      count = count.where('postType', '=', opts.postType);
    }
    const pageKeys = keys.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(opts.limit).offset(opts.offset);
    // The list shows how many liked and commented (issue 25 item 6), counted for the page's 20 posts only.
    const rows = postQuery(this.db)
      .innerJoin(pageKeys.as('k'), 'k.id', 'p.id')
      .select((eb) => [
        eb.selectFrom('communityLikes as l').select(eb.fn.countAll<string>().as('n')).whereRef('l.postId', '=', 'p.id').as('likeCount'),
        eb
          .selectFrom('communityComments as c')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('c.postId', '=', 'p.id')
          .as('commentCount'),
      ]);
    const [page, total] = await Promise.all([
      rows.orderBy('k.createdAt', 'desc').orderBy('k.id', 'desc').execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return {
      rows: page.map(({ likeCount, commentCount, ...row }) => ({
        ...row,
        likeCount: Number(likeCount ?? 0),
        commentCount: Number(commentCount ?? 0),
      })),
      total: Number(total.n),
    };
  }

  findById(id: number): Promise<PostRow | undefined> {
    return postQuery(this.db).where('p.id', '=', id).executeTakeFirst();
  }

  async insert(values: Insertable<CommunityPostsTable>): Promise<number> {
    const row = await this.db.insertInto('communityPosts').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Overwrite the fields, and the image when `image` is given (null removes it),
   * of a post the member wrote; returns the image URL that was replaced, or
   * undefined when no such post of theirs exists.
   */
  async update(
    id: number,
    authorPk: number,
    fields: PostFields,
    image?: string | null,
  ): Promise<{ previousImage: string | null } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('communityPosts')
        .select(['imgUrlContent'])
        .where('id', '=', id)
        .where('authorPk', '=', authorPk)
        .forUpdate()
        .executeTakeFirst();
      if (!current) return undefined;
      await trx
        .updateTable('communityPosts')
        .set({ ...fields, ...(image !== undefined ? { imgUrlContent: image } : {}), updatedAt: new Date() })
        .where('id', '=', id)
        .execute();
      return { previousImage: current.imgUrlContent };
    });
  }

  /** Deletes the member's own post (comments and likes go with it); returns its image URL. */
  deleteOwn(id: number, authorPk: number): Promise<{ imgUrlContent: string | null } | undefined> {
    return this.db
      .deleteFrom('communityPosts')
      .where('id', '=', id)
      .where('authorPk', '=', authorPk)
      .returning(['imgUrlContent'])
      .executeTakeFirst();
  }

  async likeState(postId: number, userPk: number | null): Promise<{ isLiked: boolean; likeCount: number }> {
    const row = await this.db
      .selectFrom('communityLikes')
      .select((eb) => [eb.fn.countAll<number>().as('n'), sql<boolean>`coalesce(bool_or(user_pk = ${userPk ?? -1}), false)`.as('mine')])
      .where('postId', '=', postId)
      .executeTakeFirstOrThrow();
    return { isLiked: Boolean(row.mine), likeCount: Number(row.n) };
  }

  /**
   * Like or unlike in one transaction holding the post's row lock, so
   * concurrent toggles on a post run one after another: the primary key keeps
   * one like per member, and every answer's count is the committed truth.
   * Undefined when the post does not exist.
   */
  /** True the first time this member's like of this post is to be announced, never again (not after an unlike either). */
  async firstLikeNotice(postId: number, userPk: number): Promise<boolean> {
    const row = await this.db
      .insertInto('communityLikeNotices')
      .values({ postId, userPk })
      .onConflict((oc) => oc.doNothing())
      .returning('userPk')
      .executeTakeFirst();
    return row !== undefined;
  }

  async toggleLike(postId: number, userPk: number): Promise<{ liked: boolean; likeCount: number } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const post = await trx.selectFrom('communityPosts').select('id').where('id', '=', postId).forUpdate().executeTakeFirst();
      if (!post) return undefined;
      const removed = await trx
        .deleteFrom('communityLikes')
        .where('postId', '=', postId)
        .where('userPk', '=', userPk)
        .returning('userPk')
        .executeTakeFirst();
      if (!removed)
        await trx
          .insertInto('communityLikes')
          .values({ postId, userPk })
          .onConflict((oc) => oc.doNothing())
          .execute();
      const count = await trx
        .selectFrom('communityLikes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('postId', '=', postId)
        .executeTakeFirstOrThrow();
      return { liked: !removed, likeCount: Number(count.n) };
    });
  }

  /** The legacy's one-way like: false when the member already liked it. */
  async addLike(postId: number, userPk: number): Promise<boolean> {
    const row = await this.db
      .insertInto('communityLikes')
      .values({ postId, userPk })
      .onConflict((oc) => oc.doNothing())
      .returning('userPk')
      .executeTakeFirst();
    return row !== undefined;
  }

  listComments(postId: number): Promise<CommentRow[]> {
    return this.db
      .selectFrom('communityComments as c')
      .leftJoin('users as u', 'u.id', 'c.authorPk')
      .select(['c.id', 'c.postId', 'u.userId as authorUserId', 'u.nickname as authorNickname', 'c.content', 'c.createdAt'])
      .where('c.postId', '=', postId)
      .orderBy('c.createdAt', 'desc')
      .orderBy('c.id', 'desc')
      .execute();
  }

  async insertComment(postId: number, authorPk: number, content: string): Promise<number> {
    const row = await this.db
      .insertInto('communityComments')
      .values({ postId, authorPk, content })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Facts the category rules need (legacy CommunityService): own dogs, a report being protected, an approved adoption. */
  async authorFacts(userPk: number): Promise<{ pets: boolean; protecting: boolean; adopted: boolean }> {
    const [pets, protecting, adopted] = await Promise.all([
      this.db.selectFrom('pets').select('id').where('userPk', '=', userPk).limit(1).executeTakeFirst(),
      this.db
        .selectFrom('strayReports')
        .select('id')
        .where('reporterPk', '=', userPk)
        .where('status', '=', 'PROTECTING')
        .limit(1)
        .executeTakeFirst(),
      this.db
        .selectFrom('adoptionApplications')
        .select('id')
        .where('applicantPk', '=', userPk)
        .where('adoptStatus', '=', 'APPROVED')
        .limit(1)
        .executeTakeFirst(),
    ]);
    return { pets: pets !== undefined, protecting: protecting !== undefined, adopted: adopted !== undefined };
  }
}
