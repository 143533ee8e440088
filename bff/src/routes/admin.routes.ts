import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdoptionApplicationListSchema, ErrorEnvelopeSchema, PositiveIdSchema, StrayActionResultSchema, StrayListSchema, type AdoptionApplication, type Stray } from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';
import { requireAdmin } from '../plugins/session';
import { isOk, toBffError, type UpstreamClient } from '../upstream/client';
import { straysUpstream } from '../upstream/strays.upstream';
import { adoptionFeatures, adoptionUpstream, strayStatusAfter } from '../upstream/adoption.upstream';
import { ApplicationIdParamsSchema } from './adoption.routes';
import { normaliseStrayList } from '../normalisers/stray.normaliser';
import { normaliseApplicationList, withStrayIds } from '../normalisers/adoption.normaliser';

const envelope = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorEnvelopeSchema]));
// Plain decimal ids only: z.coerce would read "0x1A", "+1" and "1e3" as numbers.
const IdParamsSchema = z.object({ id: PositiveIdSchema });
const ADMIN_ONLY = '관리자만 호출할 수 있습니다(로그인 안 됨 401, 관리자 아님 403).';
export const ALREADY_REGISTERED = '이미 등록된 유기견입니다.';
export const NOT_REQUESTED = '대기 중인 입양 신청만 승인할 수 있습니다.';
export const REJECT_NOT_REQUESTED = '대기 중인 입양 신청만 거절할 수 있습니다.';
export const REJECT_UNSUPPORTED = '지금 연결된 서버에서는 입양 신청을 거절할 수 없습니다.';
const APPLICATION_NOT_FOUND = '존재하지 않는 입양 신청입니다.';

async function adminStrays(client: UpstreamClient, request: FastifyRequest): Promise<Stray[]> {
  const res = await straysUpstream(client).adminList(request);
  if (!isOk(res)) throw toBffError(res);
  return normaliseStrayList(res.json);
}

/** Every application plus what the upstream announces it can do with them (reject: our api only). */
async function adminApplicationsWithFeatures(client: UpstreamClient, request: FastifyRequest): Promise<{ apps: AdoptionApplication[]; features: Set<string> }> {
  const res = await adoptionUpstream(client).adminApplications(request);
  if (!isOk(res)) throw toBffError(res);
  return { apps: normaliseApplicationList(res.json), features: adoptionFeatures(res) };
}

const adminApplications = async (client: UpstreamClient, request: FastifyRequest) => (await adminApplicationsWithFeatures(client, request)).apps;

/** Admin review of reports and adoption applications (spec §2, §7 Strays and admin). */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/abandoned-pets',
    { schema: { tags: ['admin'], summary: '유기견 제보 전체(모든 상태)', description: `${ADMIN_ONLY} 각 항목에 reportStatus(PENDING/APPROVED/REJECTED)가 있습니다.`, response: { 200: StrayListSchema, ...envelope(401, 403, 502, 504) } } },
    async (request, reply) => {
      await requireAdmin(request);
      return reply.header('cache-control', 'no-store').send(await adminStrays(app.upstream, request));
    },
  );

  r.post(
    '/api/admin/reports/:id/register',
    {
      schema: {
        tags: ['admin'],
        summary: '제보를 유기견으로 등록(LOST → PROTECTING)',
        description: `${ADMIN_ONLY} 이미 등록된 제보(PROTECTING·WAITING·ADOPT)는 409 INVALID_STATE, 없는 제보는 404.`,
        params: IdParamsSchema,
        response: { 200: StrayActionResultSchema, ...envelope(400, 401, 403, 404, 409, 502, 504) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const { id } = request.params;
      // The legacy registers twice without complaint: check the state first.
      const stray = (await adminStrays(app.upstream, request)).find((s) => s.id === id);
      if (!stray) throw new BffError(404, 'NOT_FOUND', '존재하지 않는 제보입니다.');
      if (stray.status !== 'LOST') throw new BffError(409, 'INVALID_STATE', ALREADY_REGISTERED);
      const res = await straysUpstream(app.upstream).adminRegister(request, id);
      if (!isOk(res)) throw toBffError(res, { 409: new BffError(409, 'INVALID_STATE', ALREADY_REGISTERED), 404: new BffError(404, 'NOT_FOUND', '존재하지 않는 제보입니다.') });
      return { ok: true as const, message: '유기견으로 등록했습니다. 이제 입양 목록에 보입니다.', status: 'PROTECTING' as const };
    },
  );

  r.get(
    '/api/admin/adopt-applications',
    {
      schema: {
        tags: ['admin'],
        summary: '입양 신청 전체',
        description: `${ADMIN_ONLY} 신청자의 이름·이메일·연락처(applicantName, applicantEmail, applicantPhone)는 관리자에게만 보이며, 레거시 서버에서는 null입니다.`,
        response: { 200: AdoptionApplicationListSchema, ...envelope(401, 403, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      const [apps, strays] = await Promise.all([adminApplications(app.upstream, request), adminStrays(app.upstream, request).catch(() => [])]);
      return reply.header('cache-control', 'no-store').send(withStrayIds(apps, strays));
    },
  );

  r.post(
    '/api/admin/adopt/approve/:id',
    {
      schema: {
        tags: ['admin'],
        summary: '입양 승인',
        description: `${ADMIN_ONLY} 대기 중(REQUESTED)인 신청만 승인합니다(아니면 409 INVALID_STATE). 승인하면 신청은 APPROVED, 유기견은 입양 완료(ADOPT), 같은 유기견의 다른 대기 신청은 REJECTED가 됩니다.`,
        params: ApplicationIdParamsSchema,
        response: { 200: StrayActionResultSchema, ...envelope(400, 401, 403, 404, 409, 502, 504) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const { id } = request.params;
      // The legacy approves anything, even twice: only REQUESTED goes through.
      const application = (await adminApplications(app.upstream, request)).find((a) => a.id === id);
      if (!application) throw new BffError(404, 'NOT_FOUND', '존재하지 않는 입양 신청입니다.');
      if (application.adoptStatus !== 'REQUESTED') throw new BffError(409, 'INVALID_STATE', NOT_REQUESTED);
      const res = await adoptionUpstream(app.upstream).approve(request, id);
      if (!isOk(res)) throw toBffError(res, { 409: new BffError(409, 'INVALID_STATE', NOT_REQUESTED), 404: new BffError(404, 'NOT_FOUND', '존재하지 않는 입양 신청입니다.') });
      return { ok: true as const, message: '입양을 승인했습니다.', status: 'ADOPT' as const };
    },
  );

  r.post(
    '/api/admin/adopt/reject/:id',
    {
      schema: {
        tags: ['admin'],
        summary: '입양 신청 거절',
        description: `${ADMIN_ONLY} 대기 중(REQUESTED)인 신청만 거절합니다(아니면 409 INVALID_STATE, 없는 신청은 404). 거절한 신청은 REJECTED가 되고, 그 유기견에 남은 대기 신청이 없으면 유기견은 다시 보호 중(PROTECTING)이 됩니다(응답의 status). 레거시 서버에는 이 기능이 없어 501 UPSTREAM_UNSUPPORTED.`,
        params: ApplicationIdParamsSchema,
        response: { 200: StrayActionResultSchema, ...envelope(400, 401, 403, 404, 409, 501, 502, 504) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const { id } = request.params;
      const { apps, features } = await adminApplicationsWithFeatures(app.upstream, request);
      if (!features.has('reject')) throw new BffError(501, 'UPSTREAM_UNSUPPORTED', REJECT_UNSUPPORTED);
      const application = apps.find((a) => a.id === id);
      if (!application) throw new BffError(404, 'NOT_FOUND', APPLICATION_NOT_FOUND);
      if (application.adoptStatus !== 'REQUESTED') throw new BffError(409, 'INVALID_STATE', REJECT_NOT_REQUESTED);
      const res = await adoptionUpstream(app.upstream).reject(request, id);
      if (!isOk(res)) throw toBffError(res, { 409: new BffError(409, 'INVALID_STATE', REJECT_NOT_REQUESTED), 404: new BffError(404, 'NOT_FOUND', APPLICATION_NOT_FOUND) });
      return { ok: true as const, message: '입양 신청을 거절했습니다.', status: strayStatusAfter(res) };
    },
  );
};
