import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdoptionApplicationListSchema, ErrorEnvelopeSchema, StrayActionResultSchema, type AdoptionApplication, type SessionUser } from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';
import { requireUser } from '../plugins/session';
import { isOk, toBffError, upstreamMessage, type UpstreamClient } from '../upstream/client';
import { adoptionUpstream } from '../upstream/adoption.upstream';
import { normaliseApplicationList, withStrayIds } from '../normalisers/adoption.normaliser';
import { publicStrays } from './strays.routes';

const envelope = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorEnvelopeSchema]));
const tags = ['adoption'];
export const APPLY_LOGIN_MESSAGE = '입양을 신청하려면 로그인이 필요합니다.';
const NOT_AVAILABLE = '지금은 입양을 신청할 수 없는 유기견입니다.';
const STRAY_NOT_FOUND = '입양 목록에 없는 유기견입니다.';

export const StrayIdParamsSchema = z.object({ petId: z.coerce.number().int().positive() });

/** The caller's own applications: the legacy answers everyone's, so the BFF filters by the session's login id. */
export async function myApplications(client: UpstreamClient, request: FastifyRequest, user: SessionUser): Promise<AdoptionApplication[]> {
  const res = await adoptionUpstream(client).myApplications(request);
  if (!isOk(res)) throw toBffError(res, { 401: new BffError(401, 'UNAUTHENTICATED') });
  const me = user.userId.toLowerCase();
  return normaliseApplicationList(res.json).filter((a) => a.userName.toLowerCase() === me);
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
        description:
          '로그인 필요. `petId`는 입양 목록의 `id`. 보호 중(PROTECTING)인 유기견만 신청할 수 있고, 신청하면 입양 대기(WAITING)가 됩니다. 같은 유기견에 다시 신청하면 409 ALREADY_APPLIED, 신청할 수 없는 상태면 409 INVALID_STATE.',
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
      const applied = withStrayIds(mine, strays).some((a) => a.adoptPetId === petId);
      if (applied) throw new BffError(409, 'ALREADY_APPLIED');
      if (!stray) throw new BffError(404, 'NOT_FOUND', STRAY_NOT_FOUND);
      if (stray.status !== 'PROTECTING') throw new BffError(409, 'INVALID_STATE', NOT_AVAILABLE);
      const res = await adoption.apply(request, petId);
      if (!isOk(res)) {
        if (res.status === 409) throw (upstreamMessage(res) ?? '').includes('이미') ? new BffError(409, 'ALREADY_APPLIED') : new BffError(409, 'INVALID_STATE', NOT_AVAILABLE);
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
        description: '로그인 필요. 본인의 신청만 돌려줍니다.',
        response: { 200: AdoptionApplicationListSchema, ...envelope(401, 502, 504) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const [mine, strays] = await Promise.all([myApplications(app.upstream, request, user), publicStrays(app.upstream, request).catch(() => [])]);
      return reply.header('cache-control', 'no-store').send(withStrayIds(mine, strays));
    },
  );
};
