import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdoptionApplicationListSchema,
  IdParamsSchema,
  LIMITS,
  OK_MESSAGES,
  PageQuerySchema,
  StrayActionResultSchema,
  StrayIdParamsSchema,
} from '@pawbridge/shared';
import { errorResponses } from '../errors/error-responses';
import { MEMBER_ONLY, memberOnlyFor, requireUser } from '../plugins/session';
import { PAGE_DOC, sendPage } from '../upstream/paging';

const tags = ['adoption'];

/** Members' adoption calls (spec §7 Adoption). */
export const adoptionRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adoption = app.gateways.adoption;

  r.post(
    '/api/adopt/apply/:petId',
    {
      config: memberOnlyFor('APPLY_LOGIN_REQUIRED'),
      schema: {
        tags,
        summary: '입양 신청',
        description: `로그인 필요. \`petId\`는 입양 목록의 \`id\`. 보호 중(PROTECTING)인 유기견만 신청할 수 있고, 신청하면 입양 대기(WAITING)가 됩니다. 같은 유기견에 다시 신청하면(거절된 신청 포함) 409 ALREADY_APPLIED, 신청할 수 없는 상태면 409 INVALID_STATE, 진행 중(REQUESTED)인 신청이 이미 ${LIMITS.openAdoptionApplicationsMax}건이면 409 APPLICATION_LIMIT_REACHED.`,
        params: StrayIdParamsSchema,
        response: { 200: StrayActionResultSchema, ...errorResponses(400, 401, 404, 409, 502, 504) },
      },
    },
    async (request) => {
      const user = await requireUser(request, 'APPLY_LOGIN_REQUIRED');
      await adoption.apply(request, user, request.params.petId);
      return { ok: true as const, message: OK_MESSAGES.ADOPTION_APPLIED, status: 'WAITING' as const };
    },
  );

  r.get(
    '/api/adopt/adoption/my-applications',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '내 입양 신청 목록',
        description: `로그인 필요. 본인의 신청만 최근 신청순으로 돌려줍니다(취소한 신청은 목록에서 빠집니다). ${PAGE_DOC}`,
        querystring: PageQuerySchema,
        response: { 200: AdoptionApplicationListSchema, ...errorResponses(400, 401, 502, 504) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      return sendPage(reply, await adoption.minePage(request, user, request.query));
    },
  );

  r.post(
    '/api/adopt/withdraw/:id',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '입양 신청 취소',
        description:
          '로그인 필요. `id`는 내 입양 신청의 `id`. 본인의 대기 중(REQUESTED) 신청만 취소할 수 있습니다(남의 신청이나 없는 신청은 404, 이미 결정된 신청은 409 INVALID_STATE). 취소한 신청은 사라지고, 그 유기견에 남은 대기 신청이 없으면 다시 보호 중(PROTECTING)이 되며 같은 유기견에 다시 신청할 수 있습니다. 레거시 서버에는 이 기능이 없어 501 UPSTREAM_UNSUPPORTED.',
        params: IdParamsSchema,
        response: { 200: StrayActionResultSchema, ...errorResponses(400, 401, 404, 409, 501, 502, 504) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const status = await adoption.withdraw(request, user, request.params.id);
      return { ok: true as const, message: OK_MESSAGES.ADOPTION_WITHDRAWN, status };
    },
  );
};
