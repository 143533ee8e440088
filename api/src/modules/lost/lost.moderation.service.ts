import { pagedRows, type PageWindow } from '@pawbridge/shared';
import type { LostFlagRequest } from '@pawbridge/shared/lost.schema';
import type { ApiContext, SessionUserRow } from '../../context';
import { lostError, notFound } from './lost.errors';
import { othersVisible } from './lost.guards';
import { LostRepository } from './lost.repository';
import { iso } from './lost.view';

/** Flags from members and what admins do about them: hide, show again, close, dismiss. */
export class LostModerationService {
  constructor(private readonly ctx: ApiContext) {}

  /** One flag per member per post (409 the second time). */
  async flag(member: SessionUserRow, id: number, form: LostFlagRequest): Promise<{ id: number }> {
    await othersVisible(this.ctx.db, id, member);
    try {
      const row = await this.ctx.db
        .insertInto('lostFlags')
        .values({ postId: id, flaggerPk: member.pk, reason: form.reason, note: form.note?.trim() || null, resolvedAt: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id };
    } catch (err) {
      if ((err as { code?: string } | null)?.code === '23505') throw lostError(409, 'ALREADY_EXISTS', 'LOST_ALREADY_FLAGGED');
      throw err;
    }
  }

  async flags(state: 'open' | 'all', w: PageWindow) {
    let base = this.ctx.db.selectFrom('lostFlags as f');
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
    const page = await pagedRows(w, {
      all: () => rows.execute(),
      page: (p) => rows.limit(p.limit).offset(p.offset).execute(),
      count: async () => Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
    });
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
      await trx.updateTable('lostPosts').set({ hidden, updatedAt: new Date() }).where('id', '=', id).execute();
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
      await trx.updateTable('lostPosts').set({ status: 'CLOSED', closedAt: now, updatedAt: now }).where('id', '=', id).execute();
      await repo.addUpdate({ postId: id, kind: 'STATUS_CHANGED', actorPk: admin.pk, status: 'CLOSED' });
      await repo.resolveFlags(id);
    });
  }

  async dismissFlag(flagId: number): Promise<void> {
    const done = await this.ctx.db
      .updateTable('lostFlags')
      .set({ resolvedAt: new Date() })
      .where('id', '=', flagId)
      .where('resolvedAt', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) {
      const exists = await this.ctx.db.selectFrom('lostFlags').select('id').where('id', '=', flagId).executeTakeFirst();
      if (!exists) throw lostError(404, 'NOT_FOUND', 'LOST_FLAG_NOT_FOUND');
    }
  }
}
