import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../../context';
import { requireAdmin } from '../../lib/auth';
import { ApiHttpError } from '../../lib/errors';
import { domainEvent } from '../../events';
import { findById, listAll, toFormDto } from './strays.repository';

const idParam = (raw: string): number => {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw new ApiHttpError(404, '존재하지 않는 제보입니다.');
  return id;
};

/** Admin review of stray reports (legacy-contract §3.3), with an explicit reportStatus. */
export async function adminStrayRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get('/api/admin/abandoned-pets', async (request) => {
    requireAdmin(request);
    return (await listAll(ctx.db)).map((r) => toFormDto(r, true));
  });

  app.get<{ Params: { id: string } }>('/api/admin/abandoned-pets/:id', async (request, reply) => {
    requireAdmin(request);
    const row = await findById(ctx.db, Number(request.params.id) || 0);
    if (!row) return reply.code(404).send('');
    return toFormDto(row, true);
  });

  /** LOST → PROTECTING exactly once: a conditional update, so two admins cannot both register it. */
  app.post<{ Params: { id: string } }>('/api/admin/reports/:id/register', async (request, reply) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params.id);
    const updated = await ctx.db
      .updateTable('strayReports')
      .set({ status: 'PROTECTING', registeredAt: sql<Date>`now()` })
      .where('id', '=', id)
      .where('status', '=', 'LOST')
      .returning(['id', 'reporterPk'])
      .executeTakeFirst();
    if (!updated) {
      const exists = await findById(ctx.db, id);
      if (!exists) throw new ApiHttpError(404, '존재하지 않는 제보입니다.');
      throw new ApiHttpError(409, '이미 등록된 유기견입니다.');
    }
    await ctx.events.publish(domainEvent('report.registered', { strayId: id, reporterPk: updated.reporterPk, adminPk: admin.pk }));
    return reply.type('text/plain; charset=utf-8').send('제보가 유기동물로 등록되었습니다.');
  });
}
