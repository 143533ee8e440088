import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_ERROR_MESSAGES, pageWindowFrom, TOTAL_COUNT_HEADER, type Paged } from '@pawbridge/shared';
import type { ApiModule } from '../index';
import { requireAdmin, requireUser } from '../../lib/auth';
import { ApiHttpError, bootError } from '../../lib/errors';
import { AdoptionService, APPLY_MESSAGES, APPROVE_MESSAGES, REJECT_MESSAGES, WITHDRAW_MESSAGES } from './adoption.service';

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

/** `?page&size` of a list (none: the whole list); a bad value is a Boot-style 400. */
const pageOf = (request: FastifyRequest, path: string) => {
  const page = pageWindowFrom(request.query);
  if (!page.ok) throw new ApiHttpError(400, bootError(400, 'Bad Request', path, page.message));
  return page.window;
};

const sendPaged = <T>(reply: FastifyReply, { rows, total }: Paged<T>) => reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);

/** Adoption on the legacy paths (legacy-contract §3.3, §3.4), without its holes, plus reject and withdraw. */
export const adoptionModule: ApiModule = async (app, ctx) => {
  // adoption.requested / adoption.decided go out on the domain-event bus after each commit.
  const adoption = new AdoptionService(ctx);

  app.post<{ Params: { petId: string } }>('/api/adopt/apply/:petId', async (request, reply) => {
    const user = requireUser(request, DEFAULT_ERROR_MESSAGES.UNAUTHENTICATED);
    await adoption.apply(positiveId(request.params.petId, APPLY_MESSAGES.notFound), user.pk);
    return text(reply, APPLY_MESSAGES.done, 'WAITING');
  });

  /** Only the caller's own applications (the legacy returns everyone's). */
  app.get('/api/adopt/adoption/my-applications', async (request, reply) => {
    const user = requireUser(request, DEFAULT_ERROR_MESSAGES.UNAUTHENTICATED);
    const page = pageOf(request, '/api/adopt/adoption/my-applications');
    reply.header(ADOPTION_FEATURES_HEADER, ADOPTION_FEATURES);
    return sendPaged(reply, await adoption.listOf(user.pk, page));
  });

  /** The applicant takes back their own open application (not in the legacy). */
  app.post<{ Params: { id: string } }>('/api/adopt/withdraw/:id', async (request, reply) => {
    const user = requireUser(request, DEFAULT_ERROR_MESSAGES.UNAUTHENTICATED);
    const status = await adoption.withdraw(positiveId(request.params.id, WITHDRAW_MESSAGES.notFound), user.pk);
    return text(reply, WITHDRAW_MESSAGES.done, status);
  });

  app.get('/api/admin/adopt-applications', async (request, reply) => {
    requireAdmin(request);
    const page = pageOf(request, '/api/admin/adopt-applications');
    reply.header(ADOPTION_FEATURES_HEADER, ADOPTION_FEATURES);
    return sendPaged(reply, await adoption.listAll(page));
  });

  app.post<{ Params: { id: string } }>('/api/admin/adopt/approve/:id', async (request, reply) => {
    requireAdmin(request);
    await adoption.approve(positiveId(request.params.id, APPROVE_MESSAGES.notFound));
    return text(reply, APPROVE_MESSAGES.done, 'ADOPT');
  });

  /** Not in the legacy (its REJECTED had no action). */
  app.post<{ Params: { id: string } }>('/api/admin/adopt/reject/:id', async (request, reply) => {
    requireAdmin(request);
    const status = await adoption.reject(positiveId(request.params.id, REJECT_MESSAGES.notFound));
    return text(reply, REJECT_MESSAGES.done, status);
  });
};
