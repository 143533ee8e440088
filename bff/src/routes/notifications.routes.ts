import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FeedNotificationListSchema, PageQuerySchema, PositiveIdSchema } from '@pawbridge/shared';
import { errorResponses } from '../errors/error-responses';
import { MEMBER_ONLY, requireUser } from '../plugins/session';
import { requireSelf } from '../upstream/notifications.gateway';
import { PAGE_DOC, sendPage } from '../upstream/paging';

const tags = ['notifications'];
const UserParamsSchema = z.object({ userId: z.string().min(1).max(64) });
const IdParamsSchema = z.object({ id: PositiveIdSchema });
const OWN_ONLY_DOC =
  '로그인한 회원 본인의 알림만 다룹니다(다른 회원의 {userId}는 403). 레거시 서버는 이 검사를 하지 않으므로 BFF가 합니다.';

/** The caller's own notifications (spec §7 Notifications). Live ones arrive over `/ws` (realtime/). */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const notifications = app.gateways.notifications;

  r.get(
    '/api/notifications/user/:userId/unread',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '읽지 않은 알림',
        description: `최신순. ${OWN_ONLY_DOC} ${PAGE_DOC}`,
        params: UserParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: FeedNotificationListSchema, ...errorResponses(400, 401, 403, 502, 504) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      requireSelf(user, request.params.userId);
      return sendPage(reply, await notifications.unread(request, user, request.query));
    },
  );

  r.put(
    '/api/notifications/user/:userId/read-all',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '알림 모두 읽음',
        description: OWN_ONLY_DOC,
        params: UserParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 502, 504) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      requireSelf(user, request.params.userId);
      await notifications.readAll(request, user);
      return reply.code(204).send(null);
    },
  );

  r.put(
    '/api/notifications/:id/read',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '알림 하나 읽음',
        description: '본인의 알림만(다른 회원의 알림이나 없는 번호는 404).',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 502, 504) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await notifications.readOne(request, user, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
