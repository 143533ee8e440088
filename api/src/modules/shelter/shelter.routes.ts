import type { FastifyRequest } from 'fastify';
import { Cron } from 'croner';
import {
  ShelterAnimalParamsSchema,
  ShelterImageParamsSchema,
  ShelterListQuerySchema,
  SyncRunsQuerySchema,
  TOTAL_COUNT_HEADER,
  toFieldErrors,
} from '@pawbridge/shared';
import type { ApiModule } from '../index';
import { requireAdmin } from '../../lib/auth';
import { ApiHttpError, bootError } from '../../lib/errors';
import { ShelterService, shelterError } from './shelter.service';
import { ShelterImages } from './shelter.images';
import { ShelterSync } from './shelter.sync';

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '';
const invalid = (request: FastifyRequest, error: Parameters<typeof toFieldErrors>[0]) =>
  new ApiHttpError(400, {
    ...bootError(400, 'Bad Request', pathOf(request)),
    code: 'VALIDATION_FAILED',
    fieldErrors: toFieldErrors(error),
  });

/** A week: a portal picture never changes under its URL, and a changed URL is a new cache entry. */
const IMAGE_CACHE_CONTROL = 'public, max-age=604800';

/**
 * Nationwide shelter animals (issue 18, docs/decisions/0024): the public list
 * and detail of what the sync stored, the image proxy, the admin's sync
 * trigger and history, and the schedule (with a service key only).
 */
export const shelterModule: ApiModule = async (app, ctx) => {
  const service = new ShelterService(ctx, app.log);
  const images = new ShelterImages(ctx, app.log);
  const sync = new ShelterSync(ctx, app.log, images);

  // ?page (from 1) &size (≤100) &foundDateFrom &foundDateTo &place &sido &state=active|all; total in X-Total-Count.
  app.get('/api/shelter-animals', async (request, reply) => {
    const parsed = ShelterListQuerySchema.safeParse(request.query);
    if (!parsed.success) throw invalid(request, parsed.error);
    const { items, total } = await service.list(parsed.data);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
  });

  app.get<{ Params: { desertionNo: string } }>('/api/shelter-animals/:desertionNo', async (request, reply) => {
    const params = ShelterAnimalParamsSchema.safeParse(request.params);
    if (!params.success) throw shelterError(404, 'SHELTER_ANIMAL_NOT_FOUND', pathOf(request));
    return reply.send(await service.get(params.data.desertionNo, pathOf(request)));
  });

  app.get<{ Params: { desertionNo: string; n: string } }>('/shelter-images/:desertionNo/:n', async (request, reply) => {
    const params = ShelterImageParamsSchema.safeParse(request.params);
    if (!params.success) throw shelterError(404, 'SHELTER_IMAGE_UNAVAILABLE', pathOf(request), 'NO_IMAGE');
    try {
      const picture = await images.get(params.data.desertionNo, params.data.n === '1' ? 1 : 2);
      return reply
        .type(picture.mime)
        .header('Cache-Control', IMAGE_CACHE_CONTROL)
        .header('X-Content-Type-Options', 'nosniff')
        .send(picture.bytes);
    } catch (err) {
      throw ShelterImages.error(err, pathOf(request));
    }
  });

  // 202 {runId}; 409 while a run is going on (here or on another instance); 503 without a key or sample mode.
  app.post('/api/admin/shelter-sync', async (request, reply) => {
    requireAdmin(request);
    const { runId } = await sync.start('admin');
    return reply.code(202).send({ runId });
  });

  app.get('/api/admin/shelter-sync/runs', async (request, reply) => {
    requireAdmin(request);
    const parsed = SyncRunsQuerySchema.safeParse(request.query);
    if (!parsed.success) throw invalid(request, parsed.error);
    const { items, total } = await service.runs(parsed.data.page, parsed.data.size);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(items);
  });

  // The schedule, with a real key only; every instance has it, the one-running index lets one run.
  const cfg = ctx.config.shelter;
  if (cfg.serviceKey && cfg.cron !== 'off') {
    const job = new Cron(cfg.cron, { timezone: 'Asia/Seoul', protect: true }, async () => {
      try {
        await (
          await sync.start('schedule')
        ).done;
      } catch (err) {
        app.log.debug({ status: err instanceof ApiHttpError ? err.status : 500 }, 'scheduled shelter sync not started');
      }
    });
    app.addHook('onClose', async () => {
      job.stop();
    });
  }
  // Before the database closes: the run stops after its current page (resumable).
  app.addHook('preClose', () => sync.stop());
  app.decorate('shelterSync', sync);
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The shelter sync (tests and the CLI drive it directly). */
    shelterSync: ShelterSync;
  }
}
