import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../lib/auth';
import {
  OptionalPageQuerySchema,
  pageWindow,
  ReportRegisterRequestSchema,
  StrayRenameRequestSchema,
  toFieldErrors,
  TOTAL_COUNT_HEADER,
} from '@pawbridge/shared';
import type { z } from 'zod';
import { ApiHttpError, bootError } from '../../lib/errors';
import { STRAY_MESSAGES, type StraysService } from './strays.service';

const idParam = (raw: string): number => {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw new ApiHttpError(404, STRAY_MESSAGES.reportNotFound);
  return id;
};

function parseBody<T>(schema: z.ZodType<T>, body: unknown, url: string): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new ApiHttpError(400, {
    ...bootError(400, 'Bad Request', url.split('?')[0] ?? '', Object.values(toFieldErrors(parsed.error))[0]),
    fieldErrors: toFieldErrors(parsed.error),
  });
}

/** Admin review of stray reports (legacy-contract §3.3), with an explicit reportStatus. */
export async function adminStrayRoutes(app: FastifyInstance, strays: StraysService): Promise<void> {
  // Newest first; ?page and ?size as on the adopt list (none: every report), the total in X-Total-Count.
  app.get('/api/admin/abandoned-pets', async (request, reply) => {
    requireAdmin(request);
    const parsed = OptionalPageQuerySchema.safeParse(request.query);
    if (!parsed.success)
      throw new ApiHttpError(
        400,
        bootError(400, 'Bad Request', '/api/admin/abandoned-pets', Object.values(toFieldErrors(parsed.error))[0]),
      );
    const { rows, total } = await strays.listAll(pageWindow(parsed.data));
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });

  app.get<{ Params: { id: string } }>('/api/admin/abandoned-pets/:id', async (request, reply) => {
    requireAdmin(request);
    const stray = await strays.get(Number(request.params.id) || 0);
    if (!stray) return reply.code(404).send('');
    return stray;
  });

  // The body is optional (the legacy sends none): `{name}` names the dog as it is registered.
  app.post<{ Params: { id: string } }>('/api/admin/reports/:id/register', async (request, reply) => {
    const admin = requireAdmin(request);
    const { name } = parseBody(ReportRegisterRequestSchema, request.body ?? {}, request.url);
    await strays.registerReport(idParam(request.params.id), admin.pk, name);
    return reply.type('text/plain; charset=utf-8').send(STRAY_MESSAGES.registered);
  });

  // Not in the legacy: the admin renames a dog later.
  app.put<{ Params: { id: string } }>('/api/admin/abandoned-pets/:id/name', async (request, reply) => {
    requireAdmin(request);
    const { name } = parseBody(StrayRenameRequestSchema, request.body ?? {}, request.url);
    await strays.rename(idParam(request.params.id), name);
    return reply.code(204).send();
  });
}
