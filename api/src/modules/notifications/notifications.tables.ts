import type { ColumnType, Generated } from 'kysely';

export interface NotificationsTable {
  id: Generated<number>;
  recipientPk: number;
  /** Login id of whoever caused it ("admin" in the legacy for admin actions). */
  sender: string;
  message: string;
  notificationType: string;
  relatedId: number | null;
  /** The SPA screen the notification is about. */
  targetUrl: string | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
  isRead: ColumnType<boolean, boolean | undefined, boolean>;
  readAt: Date | null;
}

export interface NotificationsTables {
  notifications: NotificationsTable;
}
