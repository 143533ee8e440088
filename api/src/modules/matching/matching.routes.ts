import { MatchCandidateParamsSchema } from '@pawbridge/shared/lost.matching';
import { LostIdParamsSchema } from '@pawbridge/shared/lost.schema';
import type { z } from 'zod';
import type { ApiModule } from '../index';
import { invalid } from '../lost/lost.errors';
import { createImageEmbedder } from '../../integrations/embedding/embedder';
import { MatchAlerts } from './matching.alerts';
import { PhotoEmbeddings } from './matching.embeddings';
import { MatchingService } from './matching.service';
import { AlertFanout } from '../alerts/alerts.fanout';
import { MatchingWorker } from './matching.worker';
import { refreshBreedWords } from './matching.breed-words.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The matching worker of this instance (issue 28, decision 0040). */
    matching: MatchingWorker;
    /** Match notices and the hourly digest sweep of this instance (decision 0042). */
    matchAlerts: MatchAlerts;
  }
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}

/**
 * Matching (issue 28): the background worker that scores new records (enqueued by the database, 0018)
 * runs on every instance; the queue hands each job to one of them. Started once the app is ready,
 * stopped before it closes (a job cut short is resumed from its cursor). And the owner's candidates:
 * our api's own paths, coded failures like lost and found's (lost.errors.ts).
 */
export const matchingModule: ApiModule = async (app, ctx) => {
  // The database's copy of the scorer's breed words, for the pre-filter's breed bound (migration 0029,
  // decision 0049 amended): written, and the stored readings recomputed, only when they changed.
  const refreshed = await refreshBreedWords(ctx.database);
  if (refreshed) app.log.info({ recomputed: refreshed }, 'matching: breed words refreshed');
  // The same queue runs the neighbourhood alert fan-out (issue 28, decision 0043): ALERT jobs; each stored
  // page's new candidates raise the match notices (decision 0042).
  const fanout = new AlertFanout(ctx, app.log);
  const alerts = new MatchAlerts(ctx, app.log);
  // Photo similarity (decision 0046): the operator's model, created once here, or none (no vectors, no claim).
  const embedder = await createImageEmbedder(ctx.config.embedder, app.log);
  const photos = embedder && new PhotoEmbeddings(ctx, embedder, app.log);
  const worker = new MatchingWorker(ctx, app.log, {
    photos,
    alerts: (job, control) => fanout.run(job, control),
    onStored: (ids) => alerts.raise(ids),
  });
  const matching = new MatchingService(ctx, alerts);
  app.decorate('matching', worker);
  app.decorate('matchAlerts', alerts);
  ctx.events.subscribe(
    'lost.match',
    (event) => alerts.mailConfirmed(event).catch((err: unknown) => app.log.warn({ err }, 'match e-mail not sent')),
    { scope: 'origin' },
  );
  const digests = alerts.schedule();
  // A replaced model's vectors swept in the background, the open records queued to be re-embedded (decision 0049).
  let sweep: { stop: () => void } | undefined;
  app.addHook('onReady', async () => {
    worker.start();
    sweep = photos?.scheduleSweep();
  });
  app.addHook('preClose', () => {
    sweep?.stop();
    return worker.stop();
  });
  app.addHook('onClose', async () => digests.stop());

  app.get('/api/lost/posts/:id/candidates', async (request) =>
    matching.candidates(parse(LostIdParamsSchema, request.params).id, request.user),
  );

  for (const [action, status] of [
    ['dismiss', 'DISMISSED'],
    ['confirm', 'CONFIRMED'],
  ] as const)
    app.post(`/api/lost/posts/:id/candidates/:candidateId/${action}`, async (request, reply) => {
      const { id, candidateId } = parse(MatchCandidateParamsSchema, request.params);
      await matching.decide(id, candidateId, request.user, status);
      return reply.status(204).send();
    });
};
