import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdoptionApplicationListSchema,
  IdParamsSchema,
  OK_MESSAGES,
  PageQuerySchema,
  ReportRegisterRequestSchema,
  StrayActionResultSchema,
  StrayListSchema,
  StrayRenameRequestSchema,
  toFieldErrorKeys,
} from '@pawbridge/shared';
import { validationError } from '../errors/bff-error';
import { z } from 'zod';
import { errorResponses } from '../errors/error-responses';
import { ADMIN_ONLY, requireAdmin } from '../plugins/session';
import { PAGE_DOC, sendPage } from '../upstream/paging';

const ADMIN_ONLY_DOC = '관리자만 호출할 수 있습니다(로그인 안 됨 401, 관리자 아님 403).';

/** Admin review of reports and adoption applications (spec §2, §7 Strays and admin). */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = app.gateways.admin;

  r.get(
    '/api/admin/abandoned-pets',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin'],
        summary: '유기견 제보 전체(모든 상태)',
        description: `${ADMIN_ONLY_DOC} 최근 제보순. 각 항목에 reportStatus(PENDING/APPROVED/REJECTED)가 있습니다. ${PAGE_DOC}`,
        querystring: PageQuerySchema,
        response: { 200: StrayListSchema, ...errorResponses(400, 401, 403, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      return sendPage(reply, await admin.reportsPage(request, request.query));
    },
  );

  r.post(
    '/api/admin/reports/:id/register',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin'],
        summary: '제보를 유기견으로 등록(LOST → PROTECTING)',
        description: `${ADMIN_ONLY_DOC} 본문 {name}(선택)으로 유기견의 이름을 함께 정합니다(레거시 서버에서는 501 STRAY_NAME_UNSUPPORTED). 이미 등록된 제보(PROTECTING·WAITING·ADOPT)는 409 INVALID_STATE, 없는 제보는 404.`,
        params: IdParamsSchema,
        response: { 200: StrayActionResultSchema, ...errorResponses(400, 401, 403, 404, 409, 501, 502, 504) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      // Read here, not by a body schema: the legacy front end's register is a bodiless POST, which stays valid.
      const parsed = ReportRegisterRequestSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw validationError(toFieldErrorKeys(parsed.error));
      await admin.registerReport(request, request.params.id, parsed.data.name);
      return { ok: true as const, message: OK_MESSAGES.REPORT_REGISTERED, status: 'PROTECTING' as const };
    },
  );

  r.put(
    '/api/admin/abandoned-pets/:id/name',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin'],
        summary: '유기견 이름 바꾸기',
        description: `${ADMIN_ONLY_DOC} 레거시 서버에는 이 기능이 없어 501 UPSTREAM_UNSUPPORTED(STRAY_NAME_UNSUPPORTED)로 답합니다.`,
        params: IdParamsSchema,
        body: StrayRenameRequestSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      await admin.renameStray(request, request.params.id, request.body.name);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/admin/adopt-applications',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin'],
        summary: '입양 신청 전체',
        description: `${ADMIN_ONLY_DOC} 최근 신청순. 신청자의 이름·이메일·연락처(applicantName, applicantEmail, applicantPhone)는 관리자에게만 보이며, 레거시 서버에서는 null입니다. ${PAGE_DOC}`,
        querystring: PageQuerySchema,
        response: { 200: AdoptionApplicationListSchema, ...errorResponses(400, 401, 403, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      return sendPage(reply, await admin.applicationsPage(request, request.query));
    },
  );

  r.post(
    '/api/admin/adopt/approve/:id',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin'],
        summary: '입양 승인',
        description: `${ADMIN_ONLY_DOC} 대기 중(REQUESTED)인 신청만 승인합니다(아니면 409 INVALID_STATE). 승인하면 신청은 APPROVED, 유기견은 입양 완료(ADOPT), 같은 유기견의 다른 대기 신청은 REJECTED가 됩니다.`,
        params: IdParamsSchema,
        response: { 200: StrayActionResultSchema, ...errorResponses(400, 401, 403, 404, 409, 502, 504) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      await admin.approve(request, request.params.id);
      return { ok: true as const, message: OK_MESSAGES.ADOPTION_APPROVED, status: 'ADOPT' as const };
    },
  );

  r.post(
    '/api/admin/adopt/reject/:id',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin'],
        summary: '입양 신청 거절',
        description: `${ADMIN_ONLY_DOC} 대기 중(REQUESTED)인 신청만 거절합니다(아니면 409 INVALID_STATE, 없는 신청은 404). 거절한 신청은 REJECTED가 되고, 그 유기견에 남은 대기 신청이 없으면 유기견은 다시 보호 중(PROTECTING)이 됩니다(응답의 status). 레거시 서버에는 이 기능이 없어 501 UPSTREAM_UNSUPPORTED.`,
        params: IdParamsSchema,
        response: { 200: StrayActionResultSchema, ...errorResponses(400, 401, 403, 404, 409, 501, 502, 504) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const status = await admin.reject(request, request.params.id);
      return { ok: true as const, message: OK_MESSAGES.ADOPTION_REJECTED, status };
    },
  );
};
