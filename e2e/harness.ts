/**
 * Browser-journey harness: starts the real api (PGlite in a temp dir) and the
 * real BFF (serving the built SPA) as child processes on free ports, exactly
 * as `npm start` does, and drives Debian's Chromium with playwright-core.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { copyMigratedPgliteDir } from '@pawbridge/api/testing/pglite-template';
import { freePort } from '@pawbridge/server-kit/testing/processes';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_WEB_DIST lets parallel runs build and serve their own copy of the SPA.
const WEB_DIST = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(ROOT, 'web', 'dist');

export interface Stack {
  baseUrl: string;
  apiUrl: string;
  dataDir: string;
  outboxDir: string;
  uploadsDir: string;
  adminPassword: string;
  close(): Promise<void>;
}

export { freePort };

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`process for ${url} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${url}`);
}

/** Build the SPA once if there is no build yet (CI builds before the journeys). */
export function ensureWebBuild(): void {
  // The client build and, beside it, the server bundle the BFF renders public pages with (its default SSR_BUNDLE).
  const serverDir = path.join(WEB_DIST, '..', 'dist-server');
  if (fs.existsSync(path.join(WEB_DIST, 'index.html')) && fs.existsSync(path.join(serverDir, 'entry-server.js'))) return;
  const web = path.join(ROOT, 'web');
  execFileSync('npx', ['vite', 'build', '--outDir', WEB_DIST, '--emptyOutDir'], { cwd: web, stdio: 'inherit' });
  execFileSync('npx', ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', serverDir, '--emptyOutDir'], {
    cwd: web,
    stdio: 'inherit',
  });
}

/** With E2E_LOG_DIR set (CI), a stack's api and BFF logs outlive its data directory, to read after a failure. */
function keepLogs(dataDir: string): void {
  const dir = process.env.E2E_LOG_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const name of ['api.log', 'bff.log']) {
    const from = path.join(dataDir, name);
    if (fs.existsSync(from)) fs.copyFileSync(from, path.join(dir, `${path.basename(dataDir)}-${name}`));
  }
}

const killedByUs = new WeakSet<ChildProcess>();
function kill(child: ChildProcess, signal: NodeJS.Signals): void {
  killedByUs.add(child);
  child.kill(signal);
}

function run(name: string, args: string[], env: Record<string, string>, logFile: string): ChildProcess {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  child.on('exit', (code, signal) => {
    if (code && code !== 0 && code !== 130 && code !== 143) console.error(`[e2e] ${name} exited with ${code}; see ${logFile}`);
    // A kill from outside (not ours) says so too; it has no exit code.
    if (signal && !killedByUs.has(child)) console.error(`[e2e] ${name} ended by ${signal}; see ${logFile}`);
  });
  return child;
}

/**
 * One api + BFF for every journey that needs nothing special (no extra environment, no fresh data
 * directory): `npm run test:e2e` runs all journey files in one process (--test-isolation=none) with
 * E2E_SHARED_STACK=1, so they share it, and its close() is a no-op; the test run's last hook closes it.
 * Journeys that count files or need their own settings pass `extraEnv` or `{ fresh: true }` and get a
 * stack of their own. Without the variable (a single journey, the benchmarks, check:budget) every
 * caller gets its own stack and browser, closed by its own close().
 */
let sharedStack: Promise<Stack> | undefined;
let sharedBrowser: Promise<Browser> | undefined;
const sharing = process.env.E2E_SHARED_STACK === '1';

if (sharing)
  after(async () => {
    const [stack, browser] = [sharedStack, sharedBrowser];
    sharedStack = sharedBrowser = undefined;
    await (await browser?.catch(() => undefined))?.close();
    await (await stack?.catch(() => undefined))?.close();
  });

export async function startStack(extraEnv: Record<string, string> = {}, options: { fresh?: boolean } = {}): Promise<Stack> {
  if (!sharing || options.fresh || Object.keys(extraEnv).length > 0) return startOwnStack(extraEnv, { migrated: true });
  // The shared stack creates its database as a first `npm start` does (wasm initdb, every migration).
  sharedStack ??= startOwnStack({}, { migrated: false });
  const stack = await sharedStack;
  return { ...stack, close: async () => undefined };
}

/**
 * `migrated`: the data directory starts with an already migrated database (copied from a template made
 * once per machine), as after an earlier start, so the api skips the wasm initdb and the migrations.
 */
async function startOwnStack(extraEnv: Record<string, string>, options: { migrated: boolean }): Promise<Stack> {
  // A port picked free can be taken by another process before our child listens on it (the other shard's
  // stack, the reliability run beside the journeys): such a start is tried again on new ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOwnStackOnce(extraEnv, options);
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt >= 3) throw err;
      console.error(`[e2e] ${err.message}; starting the stack again on other ports`);
    }
  }
}

class PortTaken extends Error {}

async function startOwnStackOnce(extraEnv: Record<string, string>, { migrated }: { migrated: boolean }): Promise<Stack> {
  ensureWebBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawbridge-e2e-'));
  if (migrated) await copyMigratedPgliteDir(dataDir);
  // A journey may fix the BFF's port (PORT) when the upstream must know the public origin up front (social login).
  const [apiPort, bffPort] = [await freePort(), extraEnv.PORT ? Number(extraEnv.PORT) : await freePort()];
  const adminPassword = 'admin-e2e-pass';
  // The api's dashboard socket has a port of its own: a free one, so stacks never meet on the default 9092.
  const dashboardPort = await freePort();
  const api = run(
    'api',
    ['api/src/server.ts'],
    {
      NODE_ENV: 'development',
      API_HOST: '127.0.0.1',
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      DASHBOARD_PORT: String(dashboardPort),
      DASHBOARD_HOST: '127.0.0.1',
      ADMIN_PASSWORD: adminPassword,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      // The journeys share two cores with Chromium: load shedding (tested on its own in server-kit and
      // the tiers' ops tests) must not turn a slow CI moment into a failed journey.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...extraEnv,
    },
    path.join(dataDir, 'api.log'),
  );
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  // The BFF starts beside the api, not after it: its /readyz answers 200 only once the api answers too
  // (its upstream check), so waiting for both is waiting for a stack that works, ~2 s sooner per stack.
  const bff = run(
    'bff',
    ['bff/src/server.ts'],
    {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(bffPort),
      UPSTREAM_URL: apiUrl,
      DASHBOARD_URL: `http://127.0.0.1:${dashboardPort}`,
      WEB_DIST_DIR: WEB_DIST,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      REDIS_URL: '',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...extraEnv,
    },
    path.join(dataDir, 'bff.log'),
  );
  const baseUrl = `http://127.0.0.1:${bffPort}`;
  try {
    await Promise.all([waitFor(`${apiUrl}/healthz`, api), waitFor(`${baseUrl}/readyz`, bff)]);
  } catch (err) {
    for (const child of [bff, api]) if (child.exitCode === null) kill(child, 'SIGKILL');
    const logs = ['api.log', 'bff.log'].map((f) => fs.readFileSync(path.join(dataDir, f), 'utf8')).join('\n');
    if (logs.includes('EADDRINUSE')) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new PortTaken(`a port of the stack was taken before it listened (${(err as Error).message})`);
    }
    throw err;
  }
  return {
    baseUrl,
    apiUrl,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    uploadsDir: path.join(dataDir, 'uploads'),
    adminPassword,
    async close() {
      for (const child of [bff, api]) {
        if (child.exitCode !== null) continue;
        const exited = new Promise((r) => child.once('exit', r));
        kill(child, 'SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) kill(child, 'SIGKILL');
      }
      keepLogs(dataDir);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The shared Chromium (see startStack); each journey still opens its own contexts. */
export async function launchBrowser(options: { fresh?: boolean } = {}): Promise<Browser> {
  if (!sharing || options.fresh) return launchOwnBrowser();
  sharedBrowser ??= launchOwnBrowser();
  const browser = await sharedBrowser;
  return new Proxy(browser, {
    get: (target, prop) => {
      if (prop === 'close') return async () => undefined;
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

function launchOwnBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export { latestCode } from './mail';

export * from './browser-context';
export * from './members';
