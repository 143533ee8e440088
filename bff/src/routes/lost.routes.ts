import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema } from '@pawbridge/shared';
import {
  LOST_LIMITS,
  LostIdParamsSchema,
  LostListQuerySchema,
  LostMapAnswerSchema,
  LostMapQuerySchema,
  LostPostDetailSchema,
  LostPostListSchema,
  LostStatsSchema,
} from '@pawbridge/shared/lost.schema';
import { errorResponses } from '../errors/error-responses';
import { MEMBER_ONLY, requireUser } from '../plugins/session';
import type { LostFlyerFormat } from '../upstream/lost.gateway';
import { PAGE_DOC, sendPage } from '../upstream/paging';
import { lostAdminRoutes } from './lost.admin.routes';
import { lostCommentRoutes } from './lost.comments.routes';
import { FLYER_DOC, FLYER_RULES_DOC, LEGACY_DOC, NOT_MODIFIED_DOC, PRIVACY_DOC, tags } from './lost.docs';
import { lostMatchingRoutes } from './lost.matching.routes';
import { lostRelayRoutes } from './lost.relay.routes';
import { lostWriteRoutes } from './lost.writes.routes';

/**
 * The lost-and-found board (issue 27, docs/decisions/0037): 실종 (missing) reports and 발견·목격 (sighting) posts.
 * The reading routes here; the writes, the relay and the admin routes beside this file.
 */
export const lostRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const lost = app.gateways.lost;

  r.get(
    '/api/lost/posts',
    {
      schema: {
        tags,
        summary: '실종·목격 게시판 목록',
        description: `누구나 볼 수 있습니다. 최신 글부터. 필터: kind(MISSING·FOUND·SEEN·SIGHTING, 쉼표로 여러 개), status, sido, sigungu, from·to(yyyy-MM-dd, 본 날짜), breed, dogSize, gender, colour(단어마다 색깔·특징에 포함). 숨긴 글은 나오지 않습니다. ${PAGE_DOC} ${PRIVACY_DOC} ${LEGACY_DOC}`,
        querystring: LostListQuerySchema,
        response: { 200: LostPostListSchema, ...errorResponses(400, 501, 502, 504) },
      },
    },
    async (request, reply) => sendPage(reply, await lost.board(request, request.query)),
  );
  r.get(
    '/api/lost/map',
    {
      schema: {
        tags,
        summary: '실종·목격 지도(서버에서 묶은 핀)',
        description: `누구나 볼 수 있습니다. 화면 범위(south·west·north·east)와 zoom(0–20), 목록과 같은 필터. 공개 위치만으로 zoom마다 격자 칸에 묶어 답합니다(한 건이면 id·kind 포함, 최대 ${LOST_LIMITS.mapClustersMax}개, total은 범위 안 전체 글 수). ${LEGACY_DOC}`,
        querystring: LostMapQuerySchema,
        response: { 200: LostMapAnswerSchema, ...errorResponses(400, 501, 502, 504) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await lost.map(request, request.query)),
  );
  r.get(
    '/api/lost/stats',
    {
      schema: {
        tags,
        summary: '실종·목격 숫자(홈·관리자 대시보드)',
        description: `이번 달(한국 시간) 찾았어요로 닫힌 실종 신고 수, 진행 중인 실종 신고 수, 처리 안 된 신고(flag) 수(관리자만, 다른 사람에게는 null). ${LEGACY_DOC}`,
        response: { 200: LostStatsSchema, ...errorResponses(501, 502, 504) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await lost.stats(request)),
  );
  r.get(
    '/api/lost/posts/:id',
    {
      schema: {
        tags,
        summary: '실종·목격 글 한 건',
        description: `누구나 볼 수 있습니다(숨긴 글은 관리자만, 아니면 404). 사진, 타임라인(위치 이동·사진 추가·연결된 목격·상태 변경), 연결된 목격 글. ${PRIVACY_DOC} ${LEGACY_DOC}`,
        params: LostIdParamsSchema,
        response: { 200: LostPostDetailSchema, ...errorResponses(400, 404, 501, 502, 504) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await lost.detail(request, request.params.id)),
  );
  const flyerRoute = (format: LostFlyerFormat, type: string) =>
    r.get(
      `/api/lost/posts/:id/${format}`,
      {
        schema: {
          tags,
          summary: FLYER_DOC[format].summary,
          description: `${FLYER_DOC[format].description} ${FLYER_RULES_DOC} ${LEGACY_DOC}`,
          params: LostIdParamsSchema,
          produces: [type],
          response: {
            200: z.any().describe(FLYER_DOC[format].file),
            304: z.null().describe(NOT_MODIFIED_DOC),
            ...errorResponses(400, 404, 409, 501, 502, 504),
          },
        },
      },
      async (request, reply) => {
        const inm = request.headers['if-none-match'];
        const flyer = await lost.flyer(request, request.params.id, format, typeof inm === 'string' ? inm : undefined);
        reply.header('cache-control', 'no-cache');
        if (flyer.etag) reply.header('etag', flyer.etag);
        if (flyer.notModified) return reply.code(304).send(null);
        return reply
          .type(type)
          .header('content-disposition', `inline; filename="pawbridge-lost-${request.params.id}.${format.split('.')[1]}"`)
          .header('x-content-type-options', 'nosniff')
          .send(flyer.bytes);
      },
    );
  flyerRoute('flyer.pdf', 'application/pdf');
  flyerRoute('square.png', 'image/png');

  r.get(
    '/api/lost/my-posts',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '내 실종·목격 글',
        description: `로그인한 회원 본인의 글(숨겨진 글 포함), 최신 글부터. ${PAGE_DOC}`,
        querystring: PageQuerySchema,
        response: { 200: LostPostListSchema, ...errorResponses(400, 401, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return sendPage(reply, await lost.mine(request, request.query));
    },
  );

  lostWriteRoutes(app);
  lostRelayRoutes(app);
  lostCommentRoutes(app);
  lostAdminRoutes(app);
  lostMatchingRoutes(app);
};
