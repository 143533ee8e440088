import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loadApiConfig } from '../config/env';
import { openDatabase } from '../db/index';
import { migrate } from '../db/migrate';
import { buildApi } from '../app';
import { seed } from './seed-data';

// `npm run seed`: migrate and seed the configured database, then exit (no server is started).
const config = loadApiConfig();
const log = pino({ level: config.logLevel }) as unknown as FastifyBaseLogger;

const database = await openDatabase(config);
const applied = await migrate(database);
await database.close();
log.info({ applied }, applied.length > 0 ? `applied migrations: ${applied.join(', ')}` : 'migrations already up to date');

const { app, ctx } = await buildApi(config);
try {
  const result = await seed(ctx, log);
  if (result.failedSeeders.length > 0) {
    log.error(`demo seeders failed: ${result.failedSeeders.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await app.close();
}
