import type { FastifyRequest } from 'fastify';
import type { FeedNotification, PageQuery, SessionUser } from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';
import { normaliseNotificationList } from '../normalisers/notification.normaliser';
import { isOk, toBffError, type UpstreamClient } from './client';
import { notificationsUpstream } from './notifications.upstream';
import { pageFrom, type Page } from './paging';

/**
 * The caller's own notifications against either upstream. The legacy checks
 * no ownership at all (legacy-contract §3.6); our api does, and the BFF checks
 * anyway so both behave the same.
 */
export class NotificationsGateway {
  private readonly up;
  constructor(
    client: UpstreamClient,
    private readonly kind: 'api' | 'legacy',
  ) {
    this.up = notificationsUpstream(client);
  }

  /** `{userId}` in a path must be the caller's own login id. */
  static requireSelf(user: SessionUser, userId: string): void {
    if (user.userId.toLowerCase() !== userId.toLowerCase()) throw new BffError(403, 'FORBIDDEN');
  }

  /** One page of the caller's unread notifications, newest first: our api pages them, the legacy's list is cut here. */
  async unread(request: FastifyRequest, user: SessionUser, page: PageQuery): Promise<Page<FeedNotification>> {
    const res = await this.up.unread(request, user.userId, page);
    if (!isOk(res)) throw toBffError(res);
    return pageFrom(
      res,
      normaliseNotificationList(res.json).filter((n) => !n.read),
      page,
    );
  }

  async readAll(request: FastifyRequest, user: SessionUser): Promise<void> {
    const res = await this.up.readAll(request, user.userId);
    if (!isOk(res)) throw toBffError(res);
  }

  /** Another member's id, or one that does not exist, is 404 alike. */
  async readOne(request: FastifyRequest, user: SessionUser, id: number): Promise<void> {
    if (this.kind === 'legacy') {
      const mine = await this.up.all(request, user.userId);
      if (!isOk(mine)) throw toBffError(mine);
      if (!normaliseNotificationList(mine.json).some((n) => n.id === id)) throw new BffError(404, 'NOT_FOUND');
    }
    const res = await this.up.read(request, id);
    if (!isOk(res)) throw toBffError(res, { 403: new BffError(404, 'NOT_FOUND') });
  }
}
