import type { ColumnType, Generated } from 'kysely';
import type { NotificationAbout, NotificationCode } from '@pawbridge/shared';

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
  /** What happened, for the web to word (0014); null on rows from before it. */
  code: NotificationCode | null;
  /** What the words need (jsonb, written as JSON text); null on rows from before 0014. */
  about: ColumnType<NotificationAbout | null, string | null | undefined, string | null>;
}

export interface NotificationsTables {
  notifications: NotificationsTable;
}
