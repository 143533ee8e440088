import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '@pawbridge/shared';
import { BffError } from '../../errors/bff-error';
import { isOk, toBffError } from '../client';
import { notificationListOf, SharedNotificationsGateway } from '../notifications.gateway';

/** Notifications in front of the legacy Spring service, which checks no ownership at all (legacy-contract §3.6). */
export class LegacyNotificationsGateway extends SharedNotificationsGateway {
  override async readOne(request: FastifyRequest, user: SessionUser, id: number): Promise<void> {
    const mine = await this.up.all(request, user.userId);
    if (!isOk(mine)) throw toBffError(mine);
    if (!notificationListOf(mine).some((n) => n.id === id)) throw new BffError(404, 'NOT_FOUND');
    return super.readOne(request, user, id);
  }
}
