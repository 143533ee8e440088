import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LostFlagListSchema,
  LostFlagsQuerySchema,
  LostHideRequestSchema,
  LostIdParamsSchema,
  LostPostDetailSchema,
} from '@pawbridge/shared/lost.schema';
import { errorResponses } from '../errors/error-responses';
import { ADMIN_ONLY, requireAdmin } from '../plugins/session';
import { PAGE_DOC, sendPage } from '../upstream/paging';
import { tags } from './lost.docs';

/** Admins: the flags waiting, hiding or closing a post, dismissing a flag. */
export function lostAdminRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const lost = app.gateways.lost;

  r.get(
    '/api/admin/lost/flags',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin', ...tags],
        summary: '실종·목격 글 신고 목록',
        description: `관리자만. state=open(처리 전, 기본)·all, 최신 것부터. ${PAGE_DOC}`,
        querystring: LostFlagsQuerySchema,
        response: { 200: LostFlagListSchema, ...errorResponses(400, 401, 403, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      return sendPage(reply, await lost.flags(request, request.query));
    },
  );
  r.post(
    '/api/admin/lost/posts/:id/hide',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin', ...tags],
        summary: '글 숨기기·다시 보이기',
        description: '관리자만. 숨긴 글은 즉시 목록과 지도에서 빠지고 그 글의 신고는 처리됨이 됩니다.',
        params: LostIdParamsSchema,
        body: LostHideRequestSchema,
        response: { 200: LostPostDetailSchema, ...errorResponses(400, 401, 403, 404, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      return reply.send(await lost.hide(request, request.params.id, request.body.hidden));
    },
  );
  r.post(
    '/api/admin/lost/posts/:id/close',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin', ...tags],
        summary: '글 닫기(관리자)',
        description: '관리자만. 상태가 CLOSED가 되고 그 글의 신고는 처리됨이 됩니다. 이미 닫힌 글은 409.',
        params: LostIdParamsSchema,
        response: { 200: LostPostDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      return reply.send(await lost.adminClose(request, request.params.id));
    },
  );
  r.post(
    '/api/admin/lost/flags/:id/dismiss',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin', ...tags],
        summary: '신고 기각',
        description: '관리자만. 글은 그대로 두고 신고를 처리됨으로 표시합니다. 204.',
        params: LostIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      await lost.dismissFlag(request, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
