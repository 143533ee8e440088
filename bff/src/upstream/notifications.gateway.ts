import type { FastifyRequest } from 'fastify';
import type { FeedNotification, PageQuery, SessionUser } from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';
import { normaliseNotificationList } from '../normalisers/notification.normaliser';
import { isOk, toBffError, type UpstreamClient, type UpstreamResponse } from './client';
import { notificationsUpstream } from './notifications.upstream';
import { pageFrom, type Page } from './paging';

/** `{userId}` in a path must be the caller's own login id. */
export function requireSelf(user: SessionUser, userId: string): void {
  if (user.userId.toLowerCase() !== userId.toLowerCase()) throw new BffError(403, 'FORBIDDEN');
}

/**
 * A notification list answer, normalised; one that is no list at all is the
 * upstream's fault (502 UPSTREAM_BAD_RESPONSE), never an empty bell that
 * would read as "nothing new" (issue 23 item 12).
 */
export function notificationListOf(res: UpstreamResponse): FeedNotification[] {
  if (!Array.isArray(res.json)) throw new BffError(502, 'UPSTREAM_BAD_RESPONSE');
  return normaliseNotificationList(res.json);
}

/** The caller's own notifications (spec §7 Notifications). */
export interface NotificationsGateway {
  /** One page of the caller's unread notifications, newest first. */
  unread(request: FastifyRequest, user: SessionUser, page: PageQuery): Promise<Page<FeedNotification>>;
  readAll(request: FastifyRequest, user: SessionUser): Promise<void>;
  /** Another member's id, or one that does not exist, is 404 alike. */
  readOne(request: FastifyRequest, user: SessionUser, id: number): Promise<void>;
}

/** Both upstreams' calls; our api checks ownership on a read itself (the legacy adds its check, upstream/legacy). */
export class SharedNotificationsGateway implements NotificationsGateway {
  protected readonly up;
  constructor(client: UpstreamClient) {
    this.up = notificationsUpstream(client);
  }

  /** Our api pages them; the legacy's list is cut here. */
  async unread(request: FastifyRequest, user: SessionUser, page: PageQuery): Promise<Page<FeedNotification>> {
    const res = await this.up.unread(request, user.userId, page);
    if (!isOk(res)) throw toBffError(res);
    return pageFrom(
      res,
      notificationListOf(res).filter((n) => !n.read),
      page,
    );
  }

  async readAll(request: FastifyRequest, user: SessionUser): Promise<void> {
    const res = await this.up.readAll(request, user.userId);
    if (!isOk(res)) throw toBffError(res);
  }

  async readOne(request: FastifyRequest, _user: SessionUser, id: number): Promise<void> {
    const res = await this.up.read(request, id);
    if (!isOk(res)) throw toBffError(res, { 403: new BffError(404, 'NOT_FOUND') });
  }
}
