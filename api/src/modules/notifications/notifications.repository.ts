import type { Db } from '../../db/index';
import type { NotificationsTable } from './notifications.tables';
import { sql, type Insertable, type Selectable } from 'kysely';
import { pagedRows, type PageWindow, type Paged } from '@pawbridge/shared';

export type NotificationRow = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;

/** A list never grows without bound; the bell shows the newest. */
export const LIST_LIMIT = 100;

/** Notifications and the few facts about users, strays and posts their messages need. */
export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  async insertNotifications(rows: NewNotification[]): Promise<NotificationRow[]> {
    if (rows.length === 0) return [];
    return this.db.insertInto('notifications').values(rows).returningAll().execute();
  }

  /** Newest first, the id as tiebreak; without a window the newest LIST_LIMIT (indexed in 0007 and 0010). */
  listFor(recipientPk: number, onlyUnread: boolean, w: PageWindow): Promise<Paged<NotificationRow>> {
    let q = this.db.selectFrom('notifications').selectAll().where('recipientPk', '=', recipientPk);
    let c = this.db
      .selectFrom('notifications')
      .select(sql<string>`count(*)`.as('n'))
      .where('recipientPk', '=', recipientPk);
    if (onlyUnread) {
      q = q.where('isRead', '=', false);
      c = c.where('isRead', '=', false);
    }
    const rows = q.orderBy('createdAt', 'desc').orderBy('id', 'desc');
    return pagedRows(w ?? { limit: LIST_LIMIT, offset: 0 }, {
      all: () => rows.execute(),
      page: (p) => rows.limit(p.limit).offset(p.offset).execute(),
      count: async () => Number((await c.executeTakeFirstOrThrow()).n),
    });
  }

  async countUnread(recipientPk: number): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('recipientPk', '=', recipientPk)
      .where('isRead', '=', false)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async markAllRead(recipientPk: number, now: Date): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ isRead: true, readAt: now })
      .where('recipientPk', '=', recipientPk)
      .where('isRead', '=', false)
      .execute();
  }

  /** Marks one of the recipient's own notifications; false when it is not theirs (or does not exist). */
  async markRead(id: number, recipientPk: number, now: Date): Promise<boolean> {
    const own = await this.db
      .selectFrom('notifications')
      .select(['id', 'isRead'])
      .where('id', '=', id)
      .where('recipientPk', '=', recipientPk)
      .executeTakeFirst();
    if (!own) return false;
    if (!own.isRead)
      await this.db
        .updateTable('notifications')
        .set({ isRead: true, readAt: now })
        .where('id', '=', id)
        .where('isRead', '=', false)
        .execute();
    return true;
  }

  async adminRecipients(): Promise<{ pk: number; userId: string }[]> {
    return this.db.selectFrom('users').select(['id as pk', 'userId']).where('role', '=', 'ADMIN').orderBy('id').execute();
  }

  async loginIdsOf(pks: number[]): Promise<Map<number, string>> {
    if (pks.length === 0) return new Map();
    const rows = await this.db.selectFrom('users').select(['id', 'userId']).where('id', 'in', pks).execute();
    return new Map(rows.map((r) => [r.id, r.userId]));
  }

  /**
   * What others may call these members: their name (never the login id, which is how they log in).
   * A member without one is left out, and the words then say "someone".
   */
  async displayNamesOf(pks: number[]): Promise<Map<number, string>> {
    if (pks.length === 0) return new Map();
    const rows = await this.db.selectFrom('users').select(['id', 'name']).where('id', 'in', pks).execute();
    return new Map(rows.flatMap((r) => (r.name?.trim() ? [[r.id, r.name.trim()] as const] : [])));
  }

  /** What other members see of these users (issue 25 item 5): the nickname, else the name it defaults to; never the login id. */
  async nicknamesOf(pks: number[]): Promise<Map<number, string>> {
    if (pks.length === 0) return new Map();
    const rows = await this.db.selectFrom('users').select(['id', 'nickname', 'name']).where('id', 'in', pks).execute();
    return new Map(
      rows.flatMap((r) => {
        const shown = r.nickname?.trim() || r.name?.trim();
        return shown ? [[r.id, shown] as const] : [];
      }),
    );
  }

  /** The found day and the name of a reported dog (the name is null until it has one). */
  async stray(strayId: number): Promise<{ foundDate: string | null; name: string | null }> {
    const row = await this.db.selectFrom('strayReports').select(['foundDate', 'name']).where('id', '=', strayId).executeTakeFirst();
    return { foundDate: row?.foundDate ?? null, name: row?.name?.trim() || null };
  }

  /** A lost-and-found post's name (null on a sighting), undefined for no such post. */
  lostPost(postId: number): Promise<{ name: string | null } | undefined> {
    return this.db.selectFrom('lostPosts').select('name').where('id', '=', postId).executeTakeFirst();
  }

  async postTitle(postId: number): Promise<string | null> {
    const row = await this.db.selectFrom('communityPosts').select('title').where('id', '=', postId).executeTakeFirst();
    return row?.title ?? null;
  }
}
