import type { PageWindow, Paged } from '@pawbridge/shared';
import { LOST_COMMENT_LIMITS, type LostComment } from '@pawbridge/shared/lost.schema';
import type { ApiContext, SessionUserRow } from '../../context';
import { domainEvent } from '../../events';
import { lostError, notFound } from './lost.errors';
import { authorDisplayName } from './lost.view';
import { LostCommentsRepository } from './lost.comments.repository';

/**
 * Comments on lost-and-found posts (docs/decisions/0041): anyone reads those of a visible post, members
 * write on any visible post (open or closed), the comment's author or an admin deletes it; a hidden
 * post's comments are for admins only. The post's author is told (bell and e-mail) of others' comments.
 */
export class LostCommentsService {
  constructor(private readonly ctx: ApiContext) {}

  /** The post, 404 when unknown or hidden from this viewer. */
  private async visible(repo: LostCommentsRepository, id: number, viewer: SessionUserRow | null) {
    const post = await repo.post(id);
    if (!post || (post.hidden && viewer?.role !== 'ADMIN')) throw notFound();
    return post;
  }

  async list(id: number, viewer: SessionUserRow | null, w: PageWindow): Promise<Paged<LostComment>> {
    const repo = new LostCommentsRepository(this.ctx.db);
    await this.visible(repo, id, viewer);
    const { rows, total } = await repo.page(id, w);
    return {
      total,
      rows: rows.map((r) => ({
        id: r.id,
        postId: r.postId,
        author: authorDisplayName({ nickname: r.nickname, userId: r.userId }),
        content: r.content,
        createdAt: new Date(r.createdAt).toISOString(),
        mine: viewer?.pk === r.authorPk,
        deletable: viewer?.pk === r.authorPk || viewer?.role === 'ADMIN',
      })),
    };
  }

  async create(author: SessionUserRow, id: number, content: string): Promise<{ id: number }> {
    const { commentId, postAuthorPk } = await this.ctx.db.transaction().execute(async (trx) => {
      const repo = new LostCommentsRepository(trx);
      const post = await repo.post(id);
      // Nobody but an admin writes on a hidden post; an admin answers on it like anywhere.
      if (!post || (post.hidden && author.role !== 'ADMIN')) throw notFound();
      await repo.lockMember(author.pk);
      if ((await repo.since(author.pk, new Date(Date.now() - 3600_000))) >= LOST_COMMENT_LIMITS.perMemberPerHour)
        throw lostError(429, 'RATE_LIMITED', 'LOST_COMMENT_LIMIT');
      return { commentId: await repo.insert(id, author.pk, content), postAuthorPk: post.authorPk };
    });
    if (postAuthorPk !== author.pk)
      await this.ctx.events.publish(
        domainEvent('lost.notice', { notice: 'COMMENT', postId: id, recipientPk: postAuthorPk, actorPk: author.pk, relatedId: commentId }),
      );
    return { id: commentId };
  }

  async remove(caller: SessionUserRow, id: number, commentId: number): Promise<void> {
    const repo = new LostCommentsRepository(this.ctx.db);
    await this.visible(repo, id, caller);
    const comment = await repo.find(id, commentId);
    if (!comment) throw lostError(404, 'NOT_FOUND', 'LOST_COMMENT_NOT_FOUND');
    if (comment.authorPk !== caller.pk && caller.role !== 'ADMIN') throw lostError(403, 'FORBIDDEN', 'LOST_COMMENT_AUTHOR_ONLY');
    await repo.remove(commentId);
  }
}
