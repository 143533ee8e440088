import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema, FeedNotificationListSchema, PositiveIdSchema } from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';
import { requireUser } from '../plugins/session';
import { isOk, toBffError } from '../upstream/client';
import { notificationsUpstream } from '../upstream/notifications.upstream';
import { normaliseNotificationList } from '../normalisers/notification.normaliser';

const envelope = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorEnvelopeSchema]));
const tags = ['notifications'];
const UserParamsSchema = z.object({ userId: z.string().min(1).max(64) });
const IdParamsSchema = z.object({ id: PositiveIdSchema });
const NOT_YOURS = '다른 회원의 알림은 볼 수 없습니다.';
const OWN_ONLY = '로그인한 회원 본인의 알림만 다룹니다(다른 회원의 {userId}는 403). 레거시 서버는 이 검사를 하지 않으므로 BFF가 합니다.';

/** The caller's own notifications (spec §7 Notifications). */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const notifications = notificationsUpstream(app.upstream);

  const requireSelf = async (request: Parameters<typeof requireUser>[0], userId: string) => {
    const user = await requireUser(request);
    if (user.userId.toLowerCase() !== userId.toLowerCase()) throw new BffError(403, 'FORBIDDEN', NOT_YOURS);
    return user;
  };

  r.get(
    '/api/notifications/user/:userId/unread',
    { schema: { tags, summary: '읽지 않은 알림', description: `최신순. ${OWN_ONLY}`, params: UserParamsSchema, response: { 200: FeedNotificationListSchema, ...envelope(401, 403, 502, 504) } } },
    async (request) => {
      const user = await requireSelf(request, request.params.userId);
      const res = await notifications.unread(request, user.userId);
      if (!isOk(res)) throw toBffError(res);
      return normaliseNotificationList(res.json).filter((n) => !n.read);
    },
  );

  r.put(
    '/api/notifications/user/:userId/read-all',
    { schema: { tags, summary: '알림 모두 읽음', description: OWN_ONLY, params: UserParamsSchema, response: { 204: z.null(), ...envelope(401, 403, 502, 504) } } },
    async (request, reply) => {
      const user = await requireSelf(request, request.params.userId);
      const res = await notifications.readAll(request, user.userId);
      if (!isOk(res)) throw toBffError(res);
      return reply.code(204).send(null);
    },
  );

  r.put(
    '/api/notifications/:id/read',
    { schema: { tags, summary: '알림 하나 읽음', description: '본인의 알림만(다른 회원의 알림이나 없는 번호는 404).', params: IdParamsSchema, response: { 204: z.null(), ...envelope(401, 404, 502, 504) } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const { id } = request.params;
      if (app.config.upstreamKind === 'legacy') {
        // The legacy marks anyone's notification: only ids in the caller's own list go through.
        const mine = await notifications.all(request, user.userId);
        if (!isOk(mine)) throw toBffError(mine);
        if (!normaliseNotificationList(mine.json).some((n) => n.id === id)) throw new BffError(404, 'NOT_FOUND');
      }
      const res = await notifications.read(request, id);
      if (!isOk(res)) throw toBffError(res, { 403: new BffError(404, 'NOT_FOUND') });
      return reply.code(204).send(null);
    },
  );
};
