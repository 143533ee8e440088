import type { Db } from '../../db/index';
import { NotificationsRepository, type NewNotification, type NotificationRow } from './notifications.repository';

export type { NewNotification, NotificationRow } from './notifications.repository';

/**
 * Stores notifications another module raises inside its own transaction, so they commit or roll back with
 * what they are about (the favourites sweep's claims, docs/decisions/0044); the caller publishes
 * `notification.created` for each after its commit (toWire in notifications.service.ts gives the body).
 */
export function storeNotificationsIn(db: Db, rows: NewNotification[]): Promise<NotificationRow[]> {
  return new NotificationsRepository(db).insertNotifications(rows);
}
