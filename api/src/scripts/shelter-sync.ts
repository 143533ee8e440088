import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loadApiConfig } from '../config/env';
import { buildApi } from '../app';
import { ShelterService } from '../modules/shelter/shelter.service';

// `npm run shelter:sync`: one sync run now (trigger 'cli'), then exit; non-zero when it failed.
// `npm run shelter:sync -- --sample`: from the generated sample through the in-process stand-in
// portal, pictures cached on our storage (demo only; refused under NODE_ENV=production).
// With the embedded database (PGlite under ./data) stop `npm start` first, or use the admin
// screen's button, which does the same inside the running api.
const sample = process.argv.includes('--sample');
const config = loadApiConfig();
const log = pino({ level: config.logLevel === 'silent' ? 'info' : config.logLevel }) as unknown as FastifyBaseLogger;

if (sample && config.env === 'production') {
  log.error('--sample is for demos: refused under NODE_ENV=production');
  process.exit(1);
}
if (!sample && !config.shelter.serviceKey && !config.shelter.sampleMode) {
  log.error('set PUBLIC_DATA_SERVICE_KEY (the data.go.kr key of dataset 15098931), or run with --sample');
  process.exit(1);
}

const { app, ctx } = await buildApi(config);
try {
  const { runId, done } = await app.shelterSync.start('cli', { sample });
  log.info({ runId, source: sample || !config.shelter.serviceKey ? 'sample' : 'portal' }, 'shelter sync started');
  await done;
  const run = await new ShelterService(ctx, log).run(runId);
  if (!run || run.status === 'failed') {
    log.error({ run }, 'shelter sync failed');
    process.exitCode = 1;
  } else {
    log.info(
      { status: run.status, pages: run.pages, fetched: run.fetched, created: run.created, updated: run.updated, error: run.error },
      'shelter sync finished',
    );
  }
} finally {
  await app.close();
}
