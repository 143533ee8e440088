import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../../config/env';
import { buildApi, type BuiltApi } from '../../app';
import { migratedPgliteSnapshot } from '../../testing/pglite-template';
import { generateSample } from '../../integrations/public-data/sample-generator';
import { startStandin, type Standin } from '../../integrations/public-data/standin';

const KEY = 'LoggedNever%2Bkey%3D%3D';

// The whole api's logger (debug level, JSON lines), not a stub: the key must appear on no line.
describe('the service key and the api logs', () => {
  let standin: Standin;
  let built: BuiltApi;
  const lines: string[] = [];
  beforeAll(async () => {
    standin = await startStandin({ sample: generateSample(40, 8), serviceKey: decodeURIComponent(KEY) });
    const config = loadApiConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      DATA_DIR: 'memory',
      API_PORT: '0',
      DASHBOARD_PORT: '0',
      PUBLIC_DATA_SERVICE_KEY: KEY,
      PUBLIC_DATA_BASE_URL: standin.baseUrl,
      PUBLIC_DATA_IMAGE_HOSTS: standin.host,
      SHELTER_SYNC_CRON: 'off',
    });
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    built = await buildApi(config, { pgliteSnapshot: await migratedPgliteSnapshot(), logStream });
  });
  afterAll(async () => {
    await built.app.close();
    await standin.close();
  });

  it('appears on no log line through retries, a failed run and a resumed one', async () => {
    standin.faults.failPage = new Map([[2, 9]]);
    const failed = await built.app.shelterSync.start('cli', { pageSize: 10, client: { backoffMs: 1, attempts: 3 } });
    await failed.done;
    delete standin.faults.failPage;
    const resumed = await built.app.shelterSync.start('cli', { pageSize: 10, client: { backoffMs: 1 } });
    await resumed.done;
    const res = await built.app.inject({ method: 'GET', url: '/api/shelter-animals?size=5' });
    expect(res.statusCode).toBe(200);
    const text = lines.join('');
    expect(text).toContain('public data request failed');
    expect(text).toContain('shelter sync finished');
    for (const form of [KEY, decodeURIComponent(KEY), encodeURIComponent(KEY), 'serviceKey']) expect(text).not.toContain(form);
  });
});
