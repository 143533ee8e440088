/**
 * Bundle bench: what a browser really fetches for each screen route.
 *
 *   npx tsx bench/bundle.ts [--dist DIR] [--routes /,/adopt] [--table]
 *
 * Builds the SPA once (or takes --dist), starts the embedded stack (api on PGlite
 * with the demo data + BFF serving that build, via e2e/harness), opens every route
 * in a fresh Chromium context (cold cache) as a visitor, the demo member or the
 * admin, records every response, gzips each body at level 9 itself and prints one
 * JSON line per figure on stdout (a short table on stderr).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { firstLostId } from './lib/lost-page';

export type Role = 'visitor' | 'member' | 'admin';
export type Kind = 'js' | 'css' | 'font' | 'image' | 'api' | 'document' | 'other';

export interface Resource {
  url: string;
  kind: Kind;
  status: number;
  rawBytes: number;
  gzipBytes: number;
}

export interface RouteLoad {
  route: string;
  role: Role;
  resources: Resource[];
  /** JS chunks fetched, in order (file names under /assets). */
  chunks: string[];
  /**
   * `requests` counts what the app itself costs before it can paint: the document,
   * JS, CSS, fonts and other static files. API answers and photos (the data shown)
   * are counted apart (apiRequests, imageRequests) and in allRequests.
   */
  totals: Record<
    | 'jsGzipBytes'
    | 'cssGzipBytes'
    | 'fontGzipBytes'
    | 'imageGzipBytes'
    | 'requests'
    | 'jsRequests'
    | 'cssRequests'
    | 'fontRequests'
    | 'apiRequests'
    | 'imageRequests'
    | 'allRequests',
    number
  >;
}

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Every screen of spec §2 a bench opens, with who opens it (`:post` is the first community post). */
export const ALL_ROUTES: { route: string; role: Role }[] = [
  { route: '/', role: 'visitor' },
  { route: '/adopt', role: 'visitor' },
  { route: '/community', role: 'visitor' },
  { route: '/community/:post', role: 'visitor' },
  { route: '/adopt/:stray', role: 'visitor' },
  { route: '/lost', role: 'visitor' },
  { route: '/lost/:lost', role: 'visitor' },
  { route: '/login', role: 'visitor' },
  { route: '/signup', role: 'visitor' },
  { route: '/', role: 'member' },
  { route: '/mypet', role: 'member' },
  { route: '/pet/register', role: 'member' },
  { route: '/abandoned/register', role: 'member' },
  { route: '/community/createPost', role: 'member' },
  { route: '/mypage', role: 'member' },
  { route: '/', role: 'admin' },
  { route: '/admin/abandoned-pets', role: 'admin' },
  { route: '/admin/adopt-applications', role: 'admin' },
];

export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * The build to measure: --dist (or `BENCH_WEB_DIST`, for `npm run bench`, whose scripts get no
 * arguments), or a fresh production build in a temp dir: the client in `<tmp>/dist` and the server
 * bundle beside it in `<tmp>/dist-server`, where the BFF looks for it (SSR_BUNDLE's default). A
 * client build alone would have the BFF serve the SPA shell, or a stray `/tmp/dist-server` of
 * another run's build.
 */
export function webDist(): string {
  const given = arg('dist') ?? process.env.BENCH_WEB_DIST;
  if (given) {
    const dir = path.resolve(given);
    if (!fs.existsSync(path.join(dir, 'index.html'))) throw new Error(`no index.html in ${dir}`);
    return dir;
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pawbridge-bench-web-'));
  const dir = path.join(root, 'dist');
  const build = (args: string[]) =>
    execFileSync('npx', ['vite', 'build', ...args, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: path.join(ROOT, 'web'),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  build(['--outDir', dir]);
  build(['--ssr', 'src/entry-server.tsx', '--outDir', path.join(root, 'dist-server')]);
  return dir;
}

/** Which modules each chunk holds (written by web/build/chunk-modules.ts); empty when the build predates it. */
export function chunkModules(dist: string): Record<string, string[]> {
  const file = path.join(dist, '.vite', 'chunk-modules.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>) : {};
}

/** The entry chunk index.html starts, and its gzip -9 size. */
export function entryChunk(dist: string): { file: string; gzipBytes: number } {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const src = /<script[^>]+type="module"[^>]+src="\/([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('index.html starts no module script');
  return { file: src, gzipBytes: gzip(fs.readFileSync(path.join(dist, src))) };
}

export const gzip = (body: Buffer): number => zlib.gzipSync(body, { level: 9 }).length;

function kindOf(resourceType: string, url: URL, contentType: string): Kind {
  if (resourceType === 'document') return 'document';
  if (resourceType === 'script' || /javascript/.test(contentType)) return 'js';
  if (resourceType === 'stylesheet' || contentType.startsWith('text/css')) return 'css';
  if (resourceType === 'font' || /font|woff/.test(contentType)) return 'font';
  if (resourceType === 'image' || contentType.startsWith('image/')) return 'image';
  if (url.pathname.startsWith('/api/')) return 'api';
  return 'other';
}

/** Open one route in a fresh context and record every response until the network is idle. */
export async function loadRoute(
  browser: Browser,
  baseUrl: string,
  route: string,
  cookie?: string,
  viewport = { width: 390, height: 844 },
): Promise<Resource[]> {
  const context = await browser.newContext({ viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  if (cookie) await context.addCookies([{ name: 'JSESSIONID', value: cookie, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  const page: Page = await context.newPage();
  const pending: Promise<Resource | null>[] = [];
  page.on('response', (res) => {
    pending.push(
      (async () => {
        const url = new URL(res.url());
        if (url.protocol === 'data:') return null;
        const body = await res.body().catch(() => Buffer.alloc(0));
        const kind = kindOf(res.request().resourceType(), url, res.headers()['content-type'] ?? '');
        return { url: res.url(), kind, status: res.status(), rawBytes: body.length, gzipBytes: body.length ? gzip(body) : 0 };
      })(),
    );
  });
  // On a busy machine parsing the JS can outlast networkidle's 500 ms quiet window, so wait until
  // the app is interactive (App marks <html data-ready>; server-rendered pages carry the session and
  // make no session call to wait for) and go quiet again after it.
  await page.goto(baseUrl + route, { waitUntil: 'networkidle', timeout: 60_000 });
  await page.waitForSelector('html[data-ready="true"]', { state: 'attached', timeout: 60_000 });
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
  const resources = (await Promise.all(pending)).filter((r): r is Resource => r !== null);
  await context.close();
  return resources;
}

export function summarise(route: string, role: Role, resources: Resource[]): RouteLoad {
  const sum = (kind: Kind) => resources.filter((r) => r.kind === kind).reduce((n, r) => n + r.gzipBytes, 0);
  const count = (kind: Kind) => resources.filter((r) => r.kind === kind).length;
  return {
    route,
    role,
    resources,
    chunks: resources.filter((r) => r.kind === 'js').map((r) => new URL(r.url).pathname.replace(/^\//, '')),
    totals: {
      jsGzipBytes: sum('js'),
      cssGzipBytes: sum('css'),
      fontGzipBytes: sum('font'),
      imageGzipBytes: sum('image'),
      requests: resources.filter((r) => r.kind !== 'api' && r.kind !== 'image').length,
      jsRequests: count('js'),
      cssRequests: count('css'),
      fontRequests: count('font'),
      apiRequests: count('api'),
      imageRequests: count('image'),
      allRequests: resources.length,
    },
  };
}

export interface BenchStack {
  baseUrl: string;
  /** Null when opened with `{ browser: false }`. */
  browser: Browser | null;
  cookieFor(role: Role): Promise<string | undefined>;
  firstPostId(): Promise<string | undefined>;
  /** The first listed stray's id (its page: /adopt/:stray). */
  firstStrayId(): Promise<string | undefined>;
  close(): Promise<void>;
}

/** The embedded stack (e2e/harness) serving `dist`, with the demo data, and a Chromium. */
export async function openStack(dist: string, opts: { browser?: boolean; env?: Record<string, string> } = {}): Promise<BenchStack> {
  process.env.E2E_WEB_DIST = dist;
  const harness = await import('../e2e/harness');
  const stack = await harness.startStack({ SEED_DEMO_DATA: 'true', LOG_LEVEL: 'error', ...opts.env });
  // Lighthouse drives a Chromium of its own; the bundle bench uses playwright's.
  let browser: Browser | null = null;
  try {
    browser = opts.browser === false ? null : await harness.launchBrowser();
    await waitForDemoData(stack.baseUrl);
  } catch (err) {
    // Never leave the api and BFF running behind a failed start.
    await browser?.close();
    await stack.close();
    throw err;
  }
  const cookies = new Map<Role, string>();
  return {
    baseUrl: stack.baseUrl,
    browser,
    async cookieFor(role) {
      if (role === 'visitor') return undefined;
      if (!cookies.has(role)) {
        const c = harness.httpClient(stack);
        const creds = role === 'admin' ? { userId: 'admin', password: stack.adminPassword } : { userId: 'demo', password: 'demo1234' };
        const res = await c.post('/api/users/login', creds);
        if (res.status !== 200) throw new Error(`${role} login failed: ${res.status}`);
        cookies.set(role, c.cookie().split('=')[1] ?? '');
      }
      return cookies.get(role);
    },
    async firstPostId() {
      const res = await fetch(`${stack.baseUrl}/api/community/posts`, { headers: { accept: 'application/json' } });
      const text = await res.text();
      return /"(?:postId|id)"\s*:\s*"?(\d+)/.exec(text)?.[1];
    },
    async firstStrayId() {
      const res = await fetch(`${stack.baseUrl}/api/abandoned/abandoned-pets`, { headers: { accept: 'application/json' } });
      return /"id"\s*:\s*(\d+)/.exec(await res.text())?.[1];
    },
    async close() {
      await browser?.close();
      await stack.close();
    },
  };
}

/** The api seeds the demo data in the background; wait until the strays are there. */
async function waitForDemoData(baseUrl: string): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const res = await fetch(`${baseUrl}/api/community/posts`).catch(() => null);
    const text = res?.ok ? await res.text() : '';
    if (/"(postId|id)"/.test(text)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the demo data did not appear within 60 s');
}

export async function measure(stack: BenchStack, targets: { route: string; role: Role }[]): Promise<RouteLoad[]> {
  const loads: RouteLoad[] = [];
  for (const { route, role } of targets) {
    let concrete = route;
    if (route.includes(':post')) {
      const id = await stack.firstPostId();
      if (!id) continue;
      concrete = route.replace(':post', id);
    }
    if (route.includes(':stray')) {
      const id = await stack.firstStrayId();
      if (!id) throw new Error(`${route}: the demo data lists no stray`);
      concrete = route.replace(':stray', id);
    }
    if (route.includes(':lost')) concrete = route.replace(':lost', await firstLostId(stack.baseUrl));
    if (!stack.browser) throw new Error('measure needs the stack opened with a browser');
    const resources = await loadRoute(stack.browser, stack.baseUrl, concrete, await stack.cookieFor(role));
    loads.push(summarise(route, role, resources));
  }
  return loads;
}

export const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

export function printTable(loads: RouteLoad[]): void {
  const rows = loads.map(
    (l) =>
      `${`${l.role} ${l.route}`.padEnd(36)} js ${kib(l.totals.jsGzipBytes).padStart(10)}  css ${kib(l.totals.cssGzipBytes).padStart(9)}  font ${kib(l.totals.fontGzipBytes).padStart(9)}  req ${String(l.totals.requests).padStart(3)} (js ${l.totals.jsRequests}, css ${l.totals.cssRequests}, font ${l.totals.fontRequests}; +api ${l.totals.apiRequests}, +img ${l.totals.imageRequests})`,
  );
  process.stderr.write(`\n${rows.join('\n')}\n`);
}

/** bench/budget.json: `routes` are the limits check:budget enforces, `targets` the aims of issue 17. */
interface Budget {
  routes: Record<string, Partial<Record<string, number>>>;
  targets?: Record<string, Partial<Record<string, number>>>;
}

async function main(): Promise<void> {
  const only = arg('routes')?.split(',');
  const targets = only ? ALL_ROUTES.filter((t) => only.includes(t.route)) : ALL_ROUTES;
  const dist = webDist();
  const budget = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench', 'budget.json'), 'utf8')) as Budget;
  const entry = entryChunk(dist);
  const stack = await openStack(dist);
  try {
    const loads = await measure(stack, targets);
    const line = (o: Record<string, unknown>) => process.stdout.write(`${JSON.stringify({ bench: 'bundle', ...o })}\n`);
    line({
      route: '*',
      metric: 'entryJsGzipBytes',
      value: entry.gzipBytes,
      target: null,
      budget: budget.routes['*']?.entryJsGzipBytes ?? null,
      file: entry.file,
    });
    for (const l of loads) {
      const limits = l.role === 'visitor' ? budget.routes[l.route] : undefined;
      const aims = l.role === 'visitor' ? budget.targets?.[l.route] : undefined;
      for (const [metric, value] of Object.entries(l.totals))
        line({ route: l.route, role: l.role, metric, value, target: aims?.[metric] ?? null, budget: limits?.[metric] ?? null });
      line({ route: l.route, role: l.role, metric: 'chunks', value: l.chunks.length, files: l.chunks });
    }
    if (process.argv.includes('--table') || process.stderr.isTTY) printTable(loads);
  } finally {
    await stack.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
