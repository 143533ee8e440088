import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { loadApiConfig, type ApiConfig } from '../config/env';
import { testServices } from './services';
import { buildApi, type BuiltApi } from '../app';
import { dropSchema } from '../db/index';
import { migratedPgliteSnapshot } from './pglite-template';

export interface TestApi extends BuiltApi {
  url: string;
  /** The admin dashboard socket.io server (its own port). */
  dashboardUrl: string;
  config: ApiConfig;
  close(): Promise<void>;
}

/**
 * A real api on port 0: PGlite in memory by default; the local Postgres (own
 * schema per instance) and Redis when DATABASE_URL / REDIS_URL are set.
 */
export async function startTestApi(overrides: Record<string, string> = {}): Promise<TestApi> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pawbridge-api-'));
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const services = testServices();
  const config = loadApiConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    API_PORT: '0',
    DATA_DIR: 'memory',
    MAIL_OUTBOX_DIR: path.join(tmp, 'outbox'),
    UPLOAD_DIR: path.join(tmp, 'uploads'),
    ...(services.databaseUrl ? { DATABASE_URL: services.databaseUrl, DATABASE_SCHEMA: schema } : {}),
    ...(services.redisUrl ? { REDIS_URL: services.redisUrl } : {}),
    // Test files share one Redis: each api hears only its own events unless a test passes the same channel to two.
    EVENTS_CHANNEL: `pawbridge:test:${schema}:events`,
    DASHBOARD_PORT: '0',
    ...overrides,
  });
  const built = await buildApi(config, config.databaseUrl ? {} : { pgliteSnapshot: await migratedPgliteSnapshot() });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const dashboardPort = await built.app.realtime.dashboard.listen();
  return {
    ...built,
    config,
    url: `http://127.0.0.1:${port}`,
    dashboardUrl: `http://127.0.0.1:${dashboardPort}`,
    async close() {
      if (config.databaseUrl && config.databaseSchema) await dropSchema(built.ctx.database, config.databaseSchema);
      await built.app.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
