import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSpring, type FakeSpring } from './testing/fake-spring/index';
import { startOpsBff } from './testing/ops-bff';

// Quiet logs (issue 25): the page's static files and the probes are logged at debug, API calls at info,
// so a log read at info shows what the members did, not every script and health check.
let spring: FakeSpring;
let dir: string;
let info: Awaited<ReturnType<typeof startOpsBff>>;
let debug: Awaited<ReturnType<typeof startOpsBff>>;

beforeAll(async () => {
  spring = await startFakeSpring();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-quiet-logs-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  info = await startOpsBff(spring.url, { LOG_LEVEL: 'info', WEB_DIST_DIR: dir });
  debug = await startOpsBff(spring.url, { LOG_LEVEL: 'debug', WEB_DIST_DIR: dir });
});
afterAll(async () => {
  await info?.close();
  await debug?.close();
  await spring?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

interface Line {
  level?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
}

const QUIET = ['/assets/index-abc123.js', '/favicon.svg', '/adopt', '/', '/healthz', '/readyz', '/metrics'];

async function requestAll(url: string) {
  for (const p of QUIET) await fetch(url + p, { headers: { accept: p === '/adopt' || p === '/' ? 'text/html' : '*/*' } });
  await fetch(`${url}/api/users/check-session`);
  await new Promise((r) => setTimeout(r, 50));
}

const completed = (logs: string[]) =>
  logs.map((l) => JSON.parse(l) as Line).filter((l) => l.msg === 'request completed' || l.msg === 'request errored');
const pathOf = (l: Line) => (l.req?.url ?? '').split('?')[0];

describe('request log levels', () => {
  it('at info: API calls only, not the static files, the SPA pages or the probes', async () => {
    await requestAll(info.url);
    const lines = completed(info.logs);
    expect(lines.map(pathOf)).toContain('/api/users/check-session');
    expect(lines.find((l) => pathOf(l) === '/api/users/check-session')?.level).toBe(30);
    for (const p of QUIET) expect(lines.map(pathOf), p).not.toContain(p);
  });

  it('at debug: the static files, pages and probes are there, at debug', async () => {
    await requestAll(debug.url);
    const lines = completed(debug.logs);
    for (const p of QUIET) expect(lines.find((l) => pathOf(l) === p)?.level, p).toBe(20);
    expect(lines.find((l) => pathOf(l) === '/api/users/check-session')?.level).toBe(30);
  });
});
