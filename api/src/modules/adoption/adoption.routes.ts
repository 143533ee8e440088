import type { ApiModule } from '../index';
import { requireAdmin, requireUser } from '../../lib/auth';
import { ApiHttpError } from '../../lib/errors';
import { apply, APPLY_MESSAGES, approve, APPROVE_MESSAGES, listApplications, listApplicationsOf, toApplicationDto } from './adoption.service';

const positiveId = (raw: string, notFound: string): number => {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw new ApiHttpError(404, notFound);
  return id;
};

/** Adoption on the legacy paths (legacy-contract §3.3, §3.4), without its holes. */
export const adoptionModule: ApiModule = async (app, ctx) => {
  app.post<{ Params: { petId: string } }>('/api/adopt/apply/:petId', async (request, reply) => {
    const user = requireUser(request, '로그인이 필요합니다.');
    await apply(ctx.db, positiveId(request.params.petId, APPLY_MESSAGES.notFound), user.pk);
    return reply.type('text/plain; charset=utf-8').send(APPLY_MESSAGES.done);
  });

  /** Only the caller's own applications (the legacy returns everyone's). */
  app.get('/api/adopt/adoption/my-applications', async (request) => {
    const user = requireUser(request, '로그인이 필요합니다.');
    return (await listApplicationsOf(ctx.db, user.pk)).map(toApplicationDto);
  });

  app.get('/api/admin/adopt-applications', async (request) => {
    requireAdmin(request);
    return (await listApplications(ctx.db)).map(toApplicationDto);
  });

  app.post<{ Params: { id: string } }>('/api/admin/adopt/approve/:id', async (request, reply) => {
    requireAdmin(request);
    await approve(ctx.db, positiveId(request.params.id, APPROVE_MESSAGES.notFound));
    return reply.type('text/plain; charset=utf-8').send(APPROVE_MESSAGES.done);
  });
};
