import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdoptionApplicationListSchema, ErrorEnvelopeSchema, LIMITS, PositiveIdSchema, StrayActionResultSchema, type AdoptionApplication, type SessionUser } from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';
import { requireUser } from '../plugins/session';
import { isOk, toBffError, upstreamMessage, type UpstreamClient } from '../upstream/client';
import { adoptionFeatures, adoptionUpstream, strayStatusAfter } from '../upstream/adoption.upstream';
import { normaliseApplicationList, withStrayIds } from '../normalisers/adoption.normaliser';
import { publicStrays } from './strays.routes';

const envelope = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorEnvelopeSchema]));
const tags = ['adoption'];
export const APPLY_LOGIN_MESSAGE = '입양을 신청하려면 로그인이 필요합니다.';
const NOT_AVAILABLE = '지금은 입양을 신청할 수 없는 유기견입니다.';
const STRAY_NOT_FOUND = '입양 목록에 없는 유기견입니다.';
export const REJECTED_BEFORE = '이 유기견에 대한 입양 신청은 이미 거절되었습니다.';
export const APPLICATION_NOT_FOUND = '존재하지 않는 입양 신청입니다.';
export const WITHDRAW_NOT_REQUESTED = '대기 중인 입양 신청만 취소할 수 있습니다.';
export const WITHDRAW_UNSUPPORTED = '지금 연결된 서버에서는 입양 신청을 취소할 수 없습니다. 관리자에게 문의해 주세요.';

// Plain decimal ids only: "0x1A", "+1" and "1e3" are not ids.
export const StrayIdParamsSchema = z.object({ petId: PositiveIdSchema });
export const ApplicationIdParamsSchema = z.object({ id: PositiveIdSchema });

/** The caller's own applications plus what the upstream announces it can do with them. */
async function myApplicationsWithFeatures(client: UpstreamClient, request: FastifyRequest, user: SessionUser): Promise<{ mine: AdoptionApplication[]; features: Set<string> }> {
  const res = await adoptionUpstream(client).myApplications(request);
  if (!isOk(res)) throw toBffError(res, { 401: new BffError(401, 'UNAUTHENTICATED') });
  // The legacy answers everyone's applications: keep the caller's by login id.
  const me = user.userId.toLowerCase();
  const mine = normaliseApplicationList(res.json)
    .filter((a) => a.userName.toLowerCase() === me)
    // A member's own list never carries contact details (they are for the admin).
    .map((a) => ({ ...a, applicantName: null, applicantEmail: null, applicantPhone: null }));
  return { mine, features: adoptionFeatures(res) };
}

/** The caller's own applications. */
export async function myApplications(client: UpstreamClient, request: FastifyRequest, user: SessionUser): Promise<AdoptionApplication[]> {
  return (await myApplicationsWithFeatures(client, request, user)).mine;
}

/** Members' adoption calls (spec §7 Adoption). */
export const adoptionRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adoption = adoptionUpstream(app.upstream);

  r.post(
    '/api/adopt/apply/:petId',
    {
      schema: {
        tags,
        summary: '입양 신청',
        description: `로그인 필요. \`petId\`는 입양 목록의 \`id\`. 보호 중(PROTECTING)인 유기견만 신청할 수 있고, 신청하면 입양 대기(WAITING)가 됩니다. 같은 유기견에 다시 신청하면(거절된 신청 포함) 409 ALREADY_APPLIED, 신청할 수 없는 상태면 409 INVALID_STATE, 진행 중(REQUESTED)인 신청이 이미 ${LIMITS.openAdoptionApplicationsMax}건이면 409 APPLICATION_LIMIT_REACHED.`,
        params: StrayIdParamsSchema,
        response: { 200: StrayActionResultSchema, ...envelope(400, 401, 404, 409, 502, 504) },
      },
    },
    async (request) => {
      const user = await requireUser(request, APPLY_LOGIN_MESSAGE);
      const { petId } = request.params;
      // The legacy never refuses a repeat (it even moves an adopted dog back to WAITING): decide here first.
      const [strays, mine] = await Promise.all([publicStrays(app.upstream, request), myApplications(app.upstream, request, user)]);
      const stray = strays.find((s) => s.id === petId);
      const previous = withStrayIds(mine, strays).find((a) => a.adoptPetId === petId);
      if (previous) throw new BffError(409, 'ALREADY_APPLIED', previous.adoptStatus === 'REJECTED' ? REJECTED_BEFORE : undefined);
      if (!stray) throw new BffError(404, 'NOT_FOUND', STRAY_NOT_FOUND);
      if (stray.status !== 'PROTECTING') throw new BffError(409, 'INVALID_STATE', NOT_AVAILABLE);
      if (mine.filter((a) => a.adoptStatus === 'REQUESTED').length >= LIMITS.openAdoptionApplicationsMax) throw new BffError(409, 'APPLICATION_LIMIT_REACHED');
      const res = await adoption.apply(request, petId);
      if (!isOk(res)) {
        if (res.status === 409) {
          // Only under a race: the checks above saw the same state the upstream refused.
          const said = upstreamMessage(res) ?? '';
          if (said.includes('최대')) throw new BffError(409, 'APPLICATION_LIMIT_REACHED');
          if (said.includes('거절')) throw new BffError(409, 'ALREADY_APPLIED', REJECTED_BEFORE);
          throw said.includes('이미') ? new BffError(409, 'ALREADY_APPLIED') : new BffError(409, 'INVALID_STATE', NOT_AVAILABLE);
        }
        throw toBffError(res, { 401: new BffError(401, 'UNAUTHENTICATED', APPLY_LOGIN_MESSAGE), 404: new BffError(404, 'NOT_FOUND', STRAY_NOT_FOUND) });
      }
      return { ok: true as const, message: '입양 신청이 접수되었습니다. 관리자가 확인한 뒤 알려 드립니다.', status: 'WAITING' as const };
    },
  );

  r.get(
    '/api/adopt/adoption/my-applications',
    {
      schema: {
        tags,
        summary: '내 입양 신청 목록',
        description: '로그인 필요. 본인의 신청만 돌려줍니다(취소한 신청은 목록에서 빠집니다).',
        response: { 200: AdoptionApplicationListSchema, ...envelope(401, 502, 504) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const [mine, strays] = await Promise.all([myApplications(app.upstream, request, user), publicStrays(app.upstream, request).catch(() => [])]);
      return reply.header('cache-control', 'no-store').send(withStrayIds(mine, strays));
    },
  );

  r.post(
    '/api/adopt/withdraw/:id',
    {
      schema: {
        tags,
        summary: '입양 신청 취소',
        description:
          '로그인 필요. `id`는 내 입양 신청의 `id`. 본인의 대기 중(REQUESTED) 신청만 취소할 수 있습니다(남의 신청이나 없는 신청은 404, 이미 결정된 신청은 409 INVALID_STATE). 취소한 신청은 사라지고, 그 유기견에 남은 대기 신청이 없으면 다시 보호 중(PROTECTING)이 되며 같은 유기견에 다시 신청할 수 있습니다. 레거시 서버에는 이 기능이 없어 501 UPSTREAM_UNSUPPORTED.',
        params: ApplicationIdParamsSchema,
        response: { 200: StrayActionResultSchema, ...envelope(400, 401, 404, 409, 501, 502, 504) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { id } = request.params;
      const { mine, features } = await myApplicationsWithFeatures(app.upstream, request, user);
      if (!features.has('withdraw')) throw new BffError(501, 'UPSTREAM_UNSUPPORTED', WITHDRAW_UNSUPPORTED);
      const own = mine.find((a) => a.id === id);
      if (!own) throw new BffError(404, 'NOT_FOUND', APPLICATION_NOT_FOUND);
      if (own.adoptStatus !== 'REQUESTED') throw new BffError(409, 'INVALID_STATE', WITHDRAW_NOT_REQUESTED);
      const res = await adoption.withdraw(request, id);
      if (!isOk(res)) throw toBffError(res, { 404: new BffError(404, 'NOT_FOUND', APPLICATION_NOT_FOUND), 409: new BffError(409, 'INVALID_STATE', WITHDRAW_NOT_REQUESTED) });
      return { ok: true as const, message: '입양 신청을 취소했습니다.', status: strayStatusAfter(res) };
    },
  );
};
