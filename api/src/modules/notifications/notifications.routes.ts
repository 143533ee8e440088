import type { FastifyRequest } from 'fastify';
import { pageWindowFrom, TOTAL_COUNT_HEADER } from '@pawbridge/shared';
import type { ApiModule } from '../index';
import type { SessionUserRow } from '../../context';
import { requireUser } from '../../lib/auth';
import { ApiHttpError, bootError } from '../../lib/errors';
import { NotificationsService } from './notifications.service';

const path = (request: FastifyRequest) => request.url.split('?')[0] ?? '';

/**
 * `{userId}` must be the caller (login ids compare case-insensitively, as they
 * are unique). The legacy lets any logged-in member read and mark anyone's
 * notifications; this api answers 403.
 */
function ownUser(request: FastifyRequest<{ Params: { userId: string } }>): SessionUserRow {
  const user = requireUser(request);
  if (request.params.userId.toLowerCase() !== user.userId.toLowerCase()) {
    throw new ApiHttpError(403, bootError(403, 'Forbidden', path(request), '본인의 알림만 볼 수 있습니다.'));
  }
  return user;
}

/** Notifications (legacy-contract §3.6, §6) on the legacy paths, each member's own only. */
export const notificationsModule: ApiModule = async (app, ctx) => {
  const notifications = new NotificationsService(ctx, app.log);
  notifications.subscribe();

  app.get<{ Params: { userId: string } }>('/api/notifications/user/:userId', async (request, reply) => {
    const user = ownUser(request);
    const page = pageWindowFrom(request.query);
    if (!page.ok) throw new ApiHttpError(400, bootError(400, 'Bad Request', path(request), page.message));
    const { rows, total } = await notifications.list(user, false, page.window);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });

  app.get<{ Params: { userId: string } }>('/api/notifications/user/:userId/unread', async (request, reply) => {
    const user = ownUser(request);
    const page = pageWindowFrom(request.query);
    if (!page.ok) throw new ApiHttpError(400, bootError(400, 'Bad Request', path(request), page.message));
    const { rows, total } = await notifications.list(user, true, page.window);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });

  app.get<{ Params: { userId: string } }>('/api/notifications/user/:userId/unread-count', async (request, reply) => {
    const user = ownUser(request);
    return reply.type('application/json').send(JSON.stringify(await notifications.countUnread(user.pk)));
  });

  app.put<{ Params: { userId: string } }>('/api/notifications/user/:userId/read-all', async (request, reply) => {
    const user = ownUser(request);
    await notifications.markAllRead(user.pk);
    return reply.code(200).send();
  });

  app.put<{ Params: { id: string } }>('/api/notifications/:id/read', async (request, reply) => {
    const user = requireUser(request);
    const raw = request.params.id;
    const id = Number(raw);
    // Someone else's notification answers like a missing one, so ids reveal nothing.
    const notFound = () => new ApiHttpError(404, bootError(404, 'Not Found', path(request), '알림을 찾을 수 없습니다.'));
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound();
    if (!(await notifications.markRead(id, user.pk))) throw notFound();
    return reply.code(200).send();
  });
};
