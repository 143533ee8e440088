import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, refusalOf, serverProcesses } from '@pawbridge/server-kit/testing/processes';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { loadApiConfig } from '../config/env';
import { seed } from '../scripts/seed-data';
import { startTestApi, type TestApi } from '../testing/test-api';

// Issue 24 item 11: what an operator reads when a start goes wrong (or right) must be true and short.
const processes = serverProcesses(path.resolve(__dirname, '../../..'));
afterAll(() => processes.stopAll());
const running: TestApi[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(running.splice(0).map((a) => a.close()));
});

describe('start-up messages', () => {
  it('without demo data, the seed log claims no demo account', async () => {
    const api = await startTestApi({ SEED_DEMO_DATA: 'false' });
    running.push(api);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const info = vi.spyOn(api.app.log, 'info');
    await seed(api.ctx, api.app.log);
    const said = info.mock.calls.map((c) => c.find((a) => typeof a === 'string')).join('\n');
    expect(said).toContain('seed finished: admin account is ready (no demo data)');
    expect(said).not.toContain('demo accounts are ready');
  });

  it('a schema error in production also lists every production gap', () => {
    const message = refusalOf(loadApiConfig, { NODE_ENV: 'production', API_PORT: 'eighty' });
    expect(message).toMatch(/^Invalid api environment:\n {2}API_PORT: /);
    expect(message).toContain('The api refuses to start with NODE_ENV=production:');
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'ADMIN_PASSWORD']) expect(message).toContain(`  - ${name}`);
  });

  it('an unreachable Postgres ends the start with one line, not a pg-pool stack', async () => {
    const closed = await freePort();
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pawbridge-nopg-'));
    const proc = processes.start('api/src/server.ts', {
      NODE_ENV: 'development',
      LOG_FORMAT: 'json',
      DATA_DIR: tmp,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${closed}/pawbridge`,
      API_PORT: '0',
      DASHBOARD_PORT: '0',
    });
    expect(await proc.exited).toBe(1);
    const lines = proc.output().trim().split('\n');
    expect(lines.at(-1)).toBe(
      `cannot reach Postgres at 127.0.0.1:${closed}/pawbridge (ECONNREFUSED): check DATABASE_URL and that Postgres is running`,
    );
    expect(proc.output()).not.toMatch(/pg-pool|node_modules|\n\s+at /);
  }, 60_000);
});
