import type { PageWindow } from '@pawbridge/shared';
import type { LostFlagRequest } from '@pawbridge/shared/lost.schema';
import type { ApiContext, SessionUserRow } from '../../context';
import { lostError, notFound } from './lost.errors';
import { othersVisible } from './lost.guards';
import { LostRepository } from './lost.repository';
import { iso } from './lost.view';

/** Flags from members and what admins do about them: hide, show again, close, dismiss. */
export class LostModerationService {
  private readonly repo: LostRepository;

  constructor(private readonly ctx: ApiContext) {
    this.repo = new LostRepository(ctx.db);
  }

  /** One flag per member per post (409 the second time). */
  async flag(member: SessionUserRow, id: number, form: LostFlagRequest): Promise<{ id: number }> {
    await othersVisible(this.repo, id, member);
    try {
      return {
        id: await this.repo.insertFlag({
          postId: id,
          flaggerPk: member.pk,
          reason: form.reason,
          note: form.note?.trim() || null,
          resolvedAt: null,
        }),
      };
    } catch (err) {
      if ((err as { code?: string } | null)?.code === '23505') throw lostError(409, 'ALREADY_EXISTS', 'LOST_ALREADY_FLAGGED');
      throw err;
    }
  }

  async flags(state: 'open' | 'all', w: PageWindow) {
    const page = await this.repo.flags(state, w);
    return {
      total: page.total,
      rows: page.rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString(), resolvedAt: iso(r.resolvedAt) })),
    };
  }

  /** An admin hides (or shows again) a post: gone from the board and the map with this commit; hiding resolves its flags. */
  async setHidden(admin: SessionUserRow, id: number, hidden: boolean): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const repo = new LostRepository(trx);
      const post = await repo.lock(id);
      if (!post) throw notFound();
      if (post.hidden === hidden) return;
      await repo.updatePost(id, { hidden, updatedAt: new Date() });
      await repo.addUpdate({ postId: id, kind: hidden ? 'HIDDEN' : 'SHOWN', actorPk: admin.pk });
      if (hidden) await repo.resolveFlags(id);
    });
  }

  /** An admin closes a post (CLOSED, whatever its kind); its flags are resolved. */
  async adminClose(admin: SessionUserRow, id: number): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const repo = new LostRepository(trx);
      const post = await repo.lock(id);
      if (!post) throw notFound();
      if (post.status !== 'OPEN') throw lostError(409, 'INVALID_STATE', 'LOST_POST_CLOSED');
      const now = new Date();
      await repo.updatePost(id, { status: 'CLOSED', closedAt: now, updatedAt: now });
      await repo.addUpdate({ postId: id, kind: 'STATUS_CHANGED', actorPk: admin.pk, status: 'CLOSED' });
      await repo.resolveFlags(id);
    });
  }

  async dismissFlag(flagId: number): Promise<void> {
    if ((await this.repo.dismissFlag(flagId)) === 'unknown') throw lostError(404, 'NOT_FOUND', 'LOST_FLAG_NOT_FOUND');
  }
}
