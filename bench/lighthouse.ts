/**
 * Page-load bench: Lighthouse (npm, Node API) against the floor (issue 26).
 *
 *   npx tsx bench/lighthouse.ts [--dist DIR] [--runs 5] [--routes /,/adopt] [--presets mobile,desktop]
 *
 * Builds the SPA once (or takes --dist), starts api (PGlite, demo data) + BFF on loopback with
 * the BFF's bench-only floor switch (BENCH_FLOOR=true), and runs Lighthouse's performance
 * category with the mobile (simulated slow 4G, 4x CPU) and desktop presets in Debian's Chromium.
 * The same-run reference is **the floor**: the same page served by the same BFF with its scripts
 * removed (request header X-Bench-Floor: 1, `bff/src/plugins/bench-floor.ts`), whatever the BFF
 * renders. Per route and preset, `--runs` interleaved rounds (page, floor; floor, page; …) and the
 * median of each. Figures: score difference (page − floor, mobile target ≥ −5), LCP and FCP ratio
 * (≤ 1.10), TBT difference (≤ +150 ms), CLS (0), desktop score (100). Each comparison is
 * "inconclusive" when the floor's own spread over the rounds exceeds the target's margin
 * (lib/report.ts `judge`). The load average is stated with every figure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { arg, openStack, webDist } from './bundle';
import { emit, median, round } from './lib/report';
import { figures, type Metric, type Preset, type Samples } from './lib/floor';

/**
 * Every public route measured, one array: `:stray` is the first stray of the adopt list (its
 * per-animal page; measured only once the BFF answers it with 200, until then skipped with a note).
 */
export const PUBLIC_ROUTES = ['/', '/adopt', '/community', '/adopt/:stray'];
const METRICS = {
  score: null,
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  fcpMs: 'first-contentful-paint',
} as const;
const FLOOR_HEADERS = { 'X-Bench-Floor': '1' };

/** Chromium with a DevTools port for Lighthouse (the harness's flags, headless). */
async function launchChromium(): Promise<{ port: number; child: ChildProcess; close(): Promise<void> }> {
  const { freePort } = await import('../e2e/harness');
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pawbridge-lh-'));
  const child = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-extensions',
      '--disable-default-apps',
      '--mute-audio',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${port}/json/version`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    child,
    async close() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

/** Lighthouse's own "something went wrong with the trace, run again" codes: one more try, then they count as failures. */
const TRANSIENT = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'PROTOCOL_TIMEOUT']);

async function audit(url: string, port: number, preset: Preset, floor: boolean, attempt = 1): Promise<Record<Metric, number> | null> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...(floor ? { extraHeaders: FLOOR_HEADERS } : {}) },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`lighthouse returned nothing for ${url}`);
  // The SPA's shell without its scripts paints nothing: no floor to compare with until the page is server-rendered.
  if (floor && lhr.runtimeError?.code === 'NO_FCP') return null;
  if (lhr.runtimeError && TRANSIENT.has(lhr.runtimeError.code) && attempt < 3) {
    process.stderr.write(`lighthouse: ${url}: ${lhr.runtimeError.code}, measured again\n`);
    return audit(url, port, preset, floor, attempt + 1);
  }
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const out = { score: Math.round((lhr.categories.performance?.score ?? 0) * 100) } as Record<Metric, number>;
  for (const [metric, id] of Object.entries(METRICS) as [Metric, string | null][])
    if (id) out[metric] = lhr.audits[id]?.numericValue ?? NaN;
  return out;
}

/** A route with its placeholder filled (`:stray` → the first public stray's id), or null when there is none yet. */
async function resolveRoute(baseUrl: string, route: string): Promise<string | null> {
  if (!route.includes(':stray')) return route;
  const res = await fetch(`${baseUrl}/api/abandoned/abandoned-pets?size=1`, { headers: { accept: 'application/json' } });
  const id = ((await res.json()) as { id?: number }[])[0]?.id;
  return id ? route.replace(':stray', String(id)) : null;
}

/** The floor must really be the page without scripts: a BFF without the switch would make every comparison meaningless. */
async function checkFloor(url: string): Promise<{ ok: boolean; status: number }> {
  const [page, floor] = await Promise.all(
    [{}, FLOOR_HEADERS].map((h) =>
      fetch(url, { headers: { accept: 'text/html', ...h } }).then(async (r) => ({ status: r.status, text: await r.text() })),
    ),
  );
  if (/<script\b/i.test(floor?.text ?? '') || !/<script\b/i.test(page?.text ?? ''))
    throw new Error(`${url}: the floor still has scripts (or the page has none): is BENCH_FLOOR on?`);
  return { ok: page?.status === 200, status: page?.status ?? 0 };
}

const loadAverage = () => os.loadavg().map((x) => round(x, 1));

async function main(): Promise<void> {
  const runs = Number(arg('runs') ?? process.env.LIGHTHOUSE_RUNS ?? 5);
  const routes = arg('routes')?.split(',') ?? PUBLIC_ROUTES;
  const presets: Preset[] = (arg('presets')?.split(',') as Preset[] | undefined) ?? ['mobile', 'desktop'];
  const dist = webDist();
  const stack = await openStack(dist, { browser: false, env: { BENCH_FLOOR: 'true' } });
  const chrome = await launchChromium();
  const rows: string[] = [];
  try {
    for (const wanted of routes) {
      const route = await resolveRoute(stack.baseUrl, wanted);
      const check = route ? await checkFloor(stack.baseUrl + route) : { ok: false, status: 0 };
      if (!route || !check.ok) {
        process.stderr.write(`lighthouse: ${wanted} skipped (${route ? `answers ${check.status}` : 'no stray to show'})\n`);
        continue;
      }
      for (const preset of presets) {
        const empty = (): Samples => ({ score: [], lcpMs: [], tbtMs: [], cls: [], fcpMs: [] });
        const page = empty();
        const floor = empty();
        for (let i = 0; i < runs; i += 1) {
          // Interleaved, and the order alternates so neither side always runs on a warmer machine.
          for (const isFloor of i % 2 === 0 ? [false, true] : [true, false]) {
            const r = await audit(stack.baseUrl + route, chrome.port, preset, isFloor);
            if (r) for (const k of Object.keys(r) as Metric[]) (isFloor ? floor : page)[k].push(r[k]);
          }
        }
        const load = loadAverage();
        for (const f of figures(wanted, preset, page, floor, load)) emit(f);
        if (floor.score.length === 0)
          process.stderr.write(`lighthouse: ${route} ${preset}: the floor painted nothing (no server render yet)\n`);
        const m = (s: Samples, k: Metric) => median(s[k]);
        rows.push(
          `${`${preset} ${route}`.padEnd(22)} score ${m(page, 'score')} (floor ${m(floor, 'score')})  LCP ${Math.round(m(page, 'lcpMs'))} (${Math.round(m(floor, 'lcpMs'))}) ms  FCP ${Math.round(m(page, 'fcpMs'))} (${Math.round(m(floor, 'fcpMs'))}) ms  TBT ${Math.round(m(page, 'tbtMs'))} (${Math.round(m(floor, 'tbtMs'))}) ms  CLS ${m(page, 'cls').toFixed(3)}  load ${load.join(' ')}`,
        );
      }
    }
  } finally {
    await chrome.close().catch((err: unknown) => console.error(err));
    await stack.close();
  }
  process.stderr.write(`\n${rows.join('\n')}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
