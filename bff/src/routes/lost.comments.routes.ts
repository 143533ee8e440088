import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema } from '@pawbridge/shared';
import {
  LOST_COMMENT_LIMITS,
  LostCommentListSchema,
  LostCommentParamsSchema,
  LostCommentRequestSchema,
  LostCreatedSchema,
  LostIdParamsSchema,
} from '@pawbridge/shared/lost.schema';
import { errorResponses } from '../errors/error-responses';
import { MEMBER_ONLY, memberOnlyFor, requireUser } from '../plugins/session';
import { PAGE_DOC, sendPage } from '../upstream/paging';
import { COMMENTS_DOC, LEGACY_DOC, tags } from './lost.docs';

/** Comments on a lost-and-found post (docs/decisions/0041): read by anyone, written by members, deleted by their author or an admin. */
export function lostCommentRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const lost = app.gateways.lost;

  r.get(
    '/api/lost/posts/:id/comments',
    {
      schema: {
        tags,
        summary: '실종·목격 글의 댓글',
        description: `누구나 볼 수 있습니다(숨긴 글은 관리자만, 아니면 404). 오래된 것부터, 글쓴이는 닉네임으로. mine은 내 댓글, deletable은 지울 수 있는 댓글(내 댓글·관리자). ${PAGE_DOC} ${LEGACY_DOC}`,
        params: LostIdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: LostCommentListSchema, ...errorResponses(400, 404, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return sendPage(reply, await lost.comments(request, request.params.id, request.query));
    },
  );
  r.post(
    '/api/lost/posts/:id/comments',
    {
      config: memberOnlyFor('COMMENT_LOGIN_REQUIRED'),
      schema: {
        tags,
        summary: '댓글 쓰기',
        description: `회원만(401 COMMENT_LOGIN_REQUIRED). 본문 \`{content}\`: 공백만은 안 되고 ${LOST_COMMENT_LIMITS.max}자 이하, HTML 태그는 거절(lostHtmlRefused). ${COMMENTS_DOC}`,
        params: LostIdParamsSchema,
        body: LostCommentRequestSchema,
        response: { 201: LostCreatedSchema, ...errorResponses(400, 401, 404, 429, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request, 'COMMENT_LOGIN_REQUIRED');
      return reply.code(201).send(await lost.comment(request, request.params.id, request.body));
    },
  );
  r.delete(
    '/api/lost/posts/:id/comments/:commentId',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '댓글 지우기',
        description: '댓글을 쓴 회원이나 관리자만(403 LOST_COMMENT_AUTHOR_ONLY, 없는 댓글 404 LOST_COMMENT_NOT_FOUND). 204.',
        params: LostCommentParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      await lost.deleteComment(request, request.params.id, request.params.commentId);
      return reply.code(204).send(null);
    },
  );
}
