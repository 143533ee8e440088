import type { ApiModule } from '../index';
import { MatchingWorker } from './matching.worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** The matching worker of this instance (issue 28, decision 0040). */
    matching: MatchingWorker;
  }
}

/**
 * Matching (issue 28): the background worker that scores new records (enqueued by the database, 0018)
 * runs on every instance; the queue hands each job to one of them. Started once the app is ready,
 * stopped before it closes (a job cut short is resumed from its cursor).
 */
export const matchingModule: ApiModule = async (app, ctx) => {
  const worker = new MatchingWorker(ctx.db, app.log);
  app.decorate('matching', worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', () => worker.stop());
};
