import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { loadApiConfig, type ApiConfig } from '../config/env';
import { buildApi, type BuiltApi } from '../app';
import { dropSchema } from '../db/index';

export interface TestApi extends BuiltApi {
  url: string;
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
  const config = loadApiConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    API_PORT: '0',
    DATA_DIR: 'memory',
    MAIL_OUTBOX_DIR: path.join(tmp, 'outbox'),
    UPLOAD_DIR: path.join(tmp, 'uploads'),
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...overrides,
  });
  const built = await buildApi(config);
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...built,
    config,
    url: `http://127.0.0.1:${port}`,
    async close() {
      if (config.databaseUrl && config.databaseSchema) await dropSchema(built.ctx.database, config.databaseSchema);
      await built.app.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
