/**
 * Browser-journey harness: starts the real api (PGlite in a temp dir) and the
 * real BFF (serving the built SPA) as child processes on free ports, exactly
 * as `npm start` does, and drives Debian's Chromium with playwright-core.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after } from 'node:test';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { copyMigratedPgliteDir } from '@pawbridge/api/testing/pglite-template';
import { latestCode } from './mail';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_WEB_DIST lets parallel runs build and serve their own copy of the SPA.
const WEB_DIST = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(ROOT, 'web', 'dist');
/**
 * Where the journeys' screenshots go, for a person to look at: only when E2E_SCREENSHOT_DIR asks for them
 * (e.g. `E2E_SCREENSHOT_DIR=e2e/screenshots npm run test:e2e`). No journey reads them back, and encoding
 * ~190 full-page PNGs cost CI's two cores a noticeable share of the journeys' time (docs/decisions/0030).
 */
export const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ? path.resolve(process.env.E2E_SCREENSHOT_DIR) : undefined;

export interface Stack {
  baseUrl: string;
  apiUrl: string;
  dataDir: string;
  outboxDir: string;
  uploadsDir: string;
  adminPassword: string;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

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

function run(name: string, args: string[], env: Record<string, string>, logFile: string): ChildProcess {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  child.on('exit', (code) => {
    if (code && code !== 0 && code !== 130 && code !== 143) console.error(`[e2e] ${name} exited with ${code}; see ${logFile}`);
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
async function startOwnStack(extraEnv: Record<string, string>, { migrated }: { migrated: boolean }): Promise<Stack> {
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
      LOG_LEVEL: 'warn',
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
  await waitFor(`${apiUrl}/healthz`, api);
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
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...extraEnv,
    },
    path.join(dataDir, 'bff.log'),
  );
  const baseUrl = `http://127.0.0.1:${bffPort}`;
  await waitFor(`${baseUrl}/readyz`, bff);
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
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
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

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/**
 * Console lines that are not the app's fault, and only those. Chromium logs every
 * non-2xx fetch as "Failed to load resource"; an /api answer with an honest 4xx
 * status is a result the screen handles (wrong password, 409 duplicate), and
 * anything from another origin (map tiles, a map SDK) is outside this app.
 * 5xx answers, missing assets and every other error or warning stay problems.
 */
export function isAllowedConsoleNoise(text: string, resourceUrl: string, baseUrl: string): boolean {
  if (!text.startsWith('Failed to load resource')) return false;
  if (resourceUrl && !resourceUrl.startsWith(baseUrl)) return true;
  return /status of 4\d\d/.test(text) && new URL(resourceUrl || baseUrl).pathname.startsWith('/api/');
}

const expectedNoise = new WeakMap<BrowserContext, RegExp[]>();

/**
 * A journey that breaks something on purpose (e.g. cuts the network) declares the
 * console lines that breakage causes; they must match `pattern` to be let through.
 */
export function expectConsole(context: BrowserContext, pattern: RegExp): void {
  expectedNoise.set(context, [...(expectedNoise.get(context) ?? []), pattern]);
}

/** What went wrong in a context's pages: console errors and warnings, uncaught exceptions. */
function watchConsole(context: BrowserContext, baseUrl: string): string[] {
  const problems: string[] = [];
  const watch = (page: Page) => {
    page.on('console', (msg: ConsoleMessage) => {
      if (msg.type() !== 'error' && msg.type() !== 'warning') return;
      const where = msg.location().url;
      if (isAllowedConsoleNoise(msg.text(), where, baseUrl)) return;
      if ((expectedNoise.get(context) ?? []).some((re) => re.test(msg.text()))) return;
      problems.push(`console.${msg.type()} on ${page.url()}: ${msg.text()}${where ? ` (${where})` : ''}`);
    });
    page.on('pageerror', (err) => problems.push(`uncaught exception on ${page.url()}: ${err.message}`));
  };
  context.on('page', watch);
  return problems;
}

/**
 * A browser context for one journey. Every page it opens is watched: any console
 * error or warning (see isAllowedConsoleNoise for the few exceptions) or uncaught
 * exception makes `context.close()` throw, so the journey fails with the lines listed.
 */
const readyAware = new WeakSet<Page>();

/**
 * Public pages arrive server-rendered: their buttons are visible before React has hydrated them, and a
 * click in between does nothing. So every `page.goto` to an app page (HTML, 200) also waits until the
 * app marks itself interactive (App sets <html data-ready>), as a person would see the page settle.
 */
function waitForTheAppOnGoto(page: Page): void {
  if (readyAware.has(page)) return;
  readyAware.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const res = await goto(url, options);
    if (res?.status() === 200 && /text\/html/.test(res.headers()['content-type'] ?? '')) {
      await page.waitForSelector('html[data-ready="true"]', { state: 'attached', timeout: 30_000 });
    }
    return res;
  };
}

export async function newContext(
  browser: Browser,
  stack: Stack,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: stack.baseUrl,
    viewport,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    deviceScaleFactor: 1,
  });
  const problems = watchConsole(context, stack.baseUrl);
  context.on('page', waitForTheAppOnGoto);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    waitForTheAppOnGoto(page);
    return page;
  };
  const close = context.close.bind(context);
  context.close = async (options) => {
    await close(options);
    if (problems.length > 0) throw new Error(`the browser console was not clean:\n${problems.join('\n')}`);
  };
  return context;
}

/** Saves a screenshot of `page` as `<name>.png` when E2E_SCREENSHOT_DIR is set (full page unless told otherwise). */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: options.fullPage ?? true });
}

/** A tiny cookie-keeping HTTP client that talks to the BFF like the SPA does. */
export function httpClient(stack: Stack) {
  let cookie = '';
  const call = async (method: string, p: string, init: { json?: unknown; form?: FormData } = {}) => {
    const headers: Record<string, string> = { origin: stack.baseUrl, accept: 'application/json' };
    if (cookie) headers.cookie = cookie;
    let body: RequestInit['body'];
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) body = init.form;
    const res = await fetch(stack.baseUrl + p, { method, headers, body, redirect: 'manual' });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('JSESSIONID='));
    if (set) cookie = set.split(';')[0] ?? '';
    const text = await res.text();
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      // keep text
    }
    return { status: res.status, data };
  };
  return {
    get: (p: string) => call('GET', p),
    post: (p: string, json?: unknown) => call('POST', p, { json }),
    postForm: (p: string, form: FormData) => call('POST', p, { form }),
    put: (p: string, json?: unknown) => call('PUT', p, { json }),
    delete: (p: string) => call('DELETE', p),
    cookie: () => cookie,
  };
}

export interface TestUser {
  userId: string;
  password: string;
  name: string;
  email: string;
}

let seq = 0;
/** A fresh member created through the BFF (send code → outbox → verify → signup). */
export async function createUser(stack: Stack, prefix = 'user'): Promise<TestUser> {
  seq += 1;
  const tag = `${prefix}${Date.now().toString(36)}${seq}`.toLowerCase().slice(0, 24);
  const user: TestUser = { userId: tag, password: 'pass1234', name: `테스트${seq}`, email: `${tag}@example.com` };
  const c = httpClient(stack);
  const sent = await c.post(`/api/users/send-email?email=${encodeURIComponent(user.email)}`);
  if (sent.status !== 200) throw new Error(`send-email failed: ${sent.status} ${JSON.stringify(sent.data)}`);
  const code = latestCode(stack, user.email);
  const verified = await c.post(`/api/users/verify-email?code=${code}&email=${encodeURIComponent(user.email)}`);
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.data)}`);
  const signed = await c.post('/api/users/signup', {
    name: user.name,
    userId: user.userId,
    email: user.email,
    password: user.password,
    birth: '1990-01-01',
    phoneNm: '010-1234-5678',
  });
  if (signed.status !== 200) throw new Error(`signup failed: ${signed.status} ${JSON.stringify(signed.data)}`);
  return user;
}

/** Log in through the real login screen (full reload to / afterwards, as the spec says). */
export async function loginViaUi(page: Page, userId: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('아이디').fill(userId);
  await page.getByLabel('비밀번호').fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** Log in over HTTP and hand the session cookie to the browser context (fast path for journeys). */
export async function loginContext(context: BrowserContext, stack: Stack, userId: string, password: string): Promise<void> {
  const c = httpClient(stack);
  const res = await c.post('/api/users/login', { userId, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.data)}`);
  const value = c.cookie().split('=')[1] ?? '';
  await context.addCookies([{ name: 'JSESSIONID', value, url: stack.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
}
