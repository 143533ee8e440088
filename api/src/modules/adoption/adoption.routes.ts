import type { FastifyReply } from 'fastify';
import type { ApiModule } from '../index';
import { requireAdmin, requireUser } from '../../lib/auth';
import { ApiHttpError } from '../../lib/errors';
import {
  apply,
  APPLY_MESSAGES,
  approve,
  APPROVE_MESSAGES,
  listApplications,
  listApplicationsOf,
  reject,
  REJECT_MESSAGES,
  toApplicationDto,
  withdraw,
  WITHDRAW_MESSAGES,
} from './adoption.service';

/**
 * Announced on the application lists: this upstream has the reject and
 * withdraw calls (the legacy Spring service has neither), so a gateway can
 * tell before it sends one.
 */
export const ADOPTION_FEATURES_HEADER = 'x-pawbridge-adoption';
export const ADOPTION_FEATURES = 'reject,withdraw,contact';

const positiveId = (raw: string, notFound: string): number => {
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) throw new ApiHttpError(404, notFound);
  return id;
};

const text = (reply: FastifyReply, body: string, strayStatus?: string) => {
  // The stray's status afterwards, for callers that update a card without reloading.
  if (strayStatus) reply.header('x-stray-status', strayStatus);
  return reply.type('text/plain; charset=utf-8').send(body);
};

/** Adoption on the legacy paths (legacy-contract §3.3, §3.4), without its holes, plus reject and withdraw. */
export const adoptionModule: ApiModule = async (app, ctx) => {
  // adoption.requested / adoption.decided go out on the domain-event bus after each commit.
  const events = ctx.events;

  app.post<{ Params: { petId: string } }>('/api/adopt/apply/:petId', async (request, reply) => {
    const user = requireUser(request, '로그인이 필요합니다.');
    await apply(ctx.db, positiveId(request.params.petId, APPLY_MESSAGES.notFound), user.pk, events);
    return text(reply, APPLY_MESSAGES.done, 'WAITING');
  });

  /** Only the caller's own applications (the legacy returns everyone's). */
  app.get('/api/adopt/adoption/my-applications', async (request, reply) => {
    const user = requireUser(request, '로그인이 필요합니다.');
    reply.header(ADOPTION_FEATURES_HEADER, ADOPTION_FEATURES);
    return (await listApplicationsOf(ctx.db, user.pk)).map((r) => toApplicationDto(r));
  });

  /** The applicant takes back their own open application (not in the legacy). */
  app.post<{ Params: { id: string } }>('/api/adopt/withdraw/:id', async (request, reply) => {
    const user = requireUser(request, '로그인이 필요합니다.');
    const status = await withdraw(ctx.db, positiveId(request.params.id, WITHDRAW_MESSAGES.notFound), user.pk, events);
    return text(reply, WITHDRAW_MESSAGES.done, status);
  });

  app.get('/api/admin/adopt-applications', async (request, reply) => {
    requireAdmin(request);
    reply.header(ADOPTION_FEATURES_HEADER, ADOPTION_FEATURES);
    return (await listApplications(ctx.db)).map((r) => toApplicationDto(r, true));
  });

  app.post<{ Params: { id: string } }>('/api/admin/adopt/approve/:id', async (request, reply) => {
    requireAdmin(request);
    await approve(ctx.db, positiveId(request.params.id, APPROVE_MESSAGES.notFound), events);
    return text(reply, APPROVE_MESSAGES.done, 'ADOPT');
  });

  /** Not in the legacy (its REJECTED had no action). */
  app.post<{ Params: { id: string } }>('/api/admin/adopt/reject/:id', async (request, reply) => {
    requireAdmin(request);
    const status = await reject(ctx.db, positiveId(request.params.id, REJECT_MESSAGES.notFound), events);
    return text(reply, REJECT_MESSAGES.done, status);
  });
};
