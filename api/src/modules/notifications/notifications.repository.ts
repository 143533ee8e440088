import type { Db } from '../../db/index';
import type { NotificationsTable } from './notifications.tables';
import type { Insertable, Selectable } from 'kysely';

export type NotificationRow = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;

/** A list never grows without bound; the bell shows the newest. */
export const LIST_LIMIT = 100;

export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db.insertInto('notifications').values(rows).returningAll().execute();
}

export function listFor(db: Db, recipientPk: number, onlyUnread: boolean): Promise<NotificationRow[]> {
  let q = db.selectFrom('notifications').selectAll().where('recipientPk', '=', recipientPk);
  if (onlyUnread) q = q.where('isRead', '=', false);
  return q.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(LIST_LIMIT).execute();
}

export async function countUnread(db: Db, recipientPk: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('recipientPk', '=', recipientPk)
    .where('isRead', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markAllRead(db: Db, recipientPk: number, now: Date): Promise<void> {
  await db.updateTable('notifications').set({ isRead: true, readAt: now }).where('recipientPk', '=', recipientPk).where('isRead', '=', false).execute();
}

/** Marks one of the recipient's own notifications; false when it is not theirs (or does not exist). */
export async function markRead(db: Db, id: number, recipientPk: number, now: Date): Promise<boolean> {
  const own = await db.selectFrom('notifications').select(['id', 'isRead']).where('id', '=', id).where('recipientPk', '=', recipientPk).executeTakeFirst();
  if (!own) return false;
  if (!own.isRead) await db.updateTable('notifications').set({ isRead: true, readAt: now }).where('id', '=', id).where('isRead', '=', false).execute();
  return true;
}

export async function adminRecipients(db: Db): Promise<{ pk: number; userId: string }[]> {
  return db.selectFrom('users').select(['id as pk', 'userId']).where('role', '=', 'ADMIN').orderBy('id').execute();
}

export async function loginIdsOf(db: Db, pks: number[]): Promise<Map<number, string>> {
  if (pks.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'userId']).where('id', 'in', pks).execute();
  return new Map(rows.map((r) => [r.id, r.userId]));
}

export async function strayFoundDate(db: Db, strayId: number): Promise<string | null> {
  const row = await db.selectFrom('strayReports').select('foundDate').where('id', '=', strayId).executeTakeFirst();
  return row?.foundDate ?? null;
}

export async function postTitle(db: Db, postId: number): Promise<string | null> {
  const row = await db.selectFrom('communityPosts').select('title').where('id', '=', postId).executeTakeFirst();
  return row?.title ?? null;
}
