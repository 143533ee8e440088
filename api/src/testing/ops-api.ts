import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { logLines } from '@pawbridge/server-kit/testing/log-lines';
import { loadApiConfig } from '../config/env';
import { testServices } from './services';
import { buildApi } from '../app';
import { migratedPgliteSnapshot } from './pglite-template';
import type { TestApi } from './test-api';

/**
 * A test api like startTestApi, with its environment fully in the test's hands
 * (metrics port, pressure limits, log level) and its JSON log lines collected.
 * PGlite in memory, in-process events: the ops behaviour under test needs no
 * shared services (Redis is added to readiness only when REDIS_URL is set).
 */
export async function startOpsApi(env: Record<string, string> = {}): Promise<TestApi & { logs: string[] }> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pawbridge-ops-'));
  const { sink, logs } = logLines();
  const redisUrl = testServices().redisUrl;
  const config = loadApiConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    API_PORT: '0',
    DATA_DIR: 'memory',
    MAIL_OUTBOX_DIR: path.join(tmp, 'outbox'),
    UPLOAD_DIR: path.join(tmp, 'uploads'),
    DASHBOARD_PORT: '0',
    ...(redisUrl ? { REDIS_URL: redisUrl, EVENTS_CHANNEL: `pawbridge:test:ops:${path.basename(tmp)}` } : {}),
    ...env,
  });
  const built = await buildApi(config, { pgliteSnapshot: await migratedPgliteSnapshot(), logStream: sink });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...built,
    config,
    logs,
    url: `http://127.0.0.1:${port}`,
    dashboardUrl: '',
    async close() {
      await built.app.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
