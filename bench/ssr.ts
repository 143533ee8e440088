/**
 * Render-cost bench (issue 26): `/adopt` as the BFF answers a browser, at a fixed rate.
 *
 *   npx tsx bench/ssr.ts [--dist DIR]
 *
 * Our api (PGlite in memory, `SSR_STRAYS` (24) public strays: lib/api-process.ts) and the BFF as
 * production starts it, serving the web build (--dist, or a fresh build), each its own process;
 * this process is the load generator (lib/load.ts `openLoop`, the overhead bench's: open loop,
 * latency from each request's due time, so a stall counts in every request it delays).
 * `SSR_RATE` (50) requests/s for `SSR_SECONDS` (10) per round, `SSR_ROUNDS` (3) rounds, `accept:
 * text/html` and `accept-encoding: br, gzip` like a browser. Target: **p99 ≤ 30 ms** (the median
 * of the rounds' p99; inconclusive when the rounds' own p99 spread exceeds 30 ms, lib/report.ts).
 *
 * It measures whatever `/adopt` is: until the BFF renders public pages it is the SPA's shell
 * (index.html), `adopt.server_rendered` says 0 and the p99 has no verdict (null); a server-rendered answer is recognised by the
 * data it embeds for hydration (`<script id="pb-ssr-data">`). `SSR_BFF_PROF=<dir>` writes the BFF's
 * CPU profile there (node --cpu-prof).
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webDist } from './bundle';
import { openLoop } from './lib/load';
import { cpuMs, startBff, startChild, type Child } from './lib/procs';
import { emit, judge, median, metOf, quantile, round, spread } from './lib/report';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = (k: string, d: number) => Number(process.env[k] ?? d);
const RATE = env('SSR_RATE', 50);
const SECONDS = env('SSR_SECONDS', 10);
const ROUNDS = env('SSR_ROUNDS', 3);
const ROUTE = process.env.SSR_ROUTE ?? '/adopt';
const HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br, gzip' };

/** A server-rendered page: it embeds its data for hydration (`<script id="pb-ssr-data">`, web/src/lib/ssr-cache.ts); the SPA shell has none. */
export const isServerRendered = (html: string): boolean => /<script\b[^>]*\bid=["']?pb-ssr-data["']?/i.test(html);

const children: Child<unknown>[] = [];
async function main(): Promise<void> {
  const dist = webDist();
  const api = await startChild<{ url: string }>(path.join(here, 'lib/api-process.ts'), {
    DATABASE_URL: '',
    REDIS_URL: '',
    BENCH_MEMBERS: '1',
    BENCH_STRAYS: String(env('SSR_STRAYS', 24)),
  });
  children.push(api);
  const bff = await startBff(
    {
      UPSTREAM_URL: api.ready.url,
      UPSTREAM_KIND: 'api',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      DASHBOARD_URL: 'http://127.0.0.1:9',
      WEB_DIST_DIR: dist,
    },
    process.env.SSR_BFF_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SSR_BFF_PROF}`] : [],
  );
  children.push(bff);
  const url = bff.ready.url + ROUTE;

  const first = await fetch(url, { headers: { accept: HEADERS.accept } });
  const html = await first.text();
  if (first.status !== 200) throw new Error(`${ROUTE} answered ${first.status}`);
  const rendered = isServerRendered(html);

  await openLoop(url, { rate: RATE, durationMs: 2000, headers: HEADERS }); // warm-up
  const p50: number[] = [];
  const p99: number[] = [];
  let errors = 0;
  let cpu = 0;
  let sent = 0;
  for (let r = 0; r < ROUNDS; r += 1) {
    const before = cpuMs(bff.proc.pid);
    const res = await openLoop(url, { rate: RATE, durationMs: SECONDS * 1000, headers: HEADERS });
    cpu += cpuMs(bff.proc.pid) - before;
    sent += res.sent;
    errors += res.errors;
    p50.push(quantile(res.latencies, 0.5));
    p99.push(quantile(res.latencies, 0.99));
  }
  const load = os.loadavg().map((x) => round(x, 1));
  const value = median(p99);
  const detail = {
    route: ROUTE,
    rate: RATE,
    seconds: SECONDS,
    rounds: ROUNDS,
    errors,
    serverRendered: rendered,
    htmlBytes: Buffer.byteLength(html),
    p50,
    p99,
    load,
  };
  const what = rendered ? 'server-rendered' : 'SPA shell, not server-rendered';
  emit({
    bench: 'ssr',
    figure: 'adopt.server_rendered',
    value: rendered ? 1 : 0,
    unit: '',
    note: `${ROUTE}: ${what}, ${Buffer.byteLength(html)} bytes`,
  });
  emit({
    bench: 'ssr',
    figure: 'adopt.p99_ms',
    value,
    unit: 'ms',
    target: '<= 30',
    // The SPA's shell is a file, not a render: its time says nothing about the target, so no verdict until the page is rendered.
    met: errors > 0 ? false : rendered ? metOf(judge({ value, op: '<=', bound: 30, margin: 30, referenceSpread: spread(p99) })) : null,
    note: `${what}; ${RATE}/s; p50 ${round(median(p50), 1)} ms; rounds' p99 spread ${round(spread(p99), 1)} ms; load ${load[0]}`,
    detail,
  });
  emit({ bench: 'ssr', figure: 'adopt.bff_cpu_ms_per_request', value: cpu / sent, unit: 'ms', note: what });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await main();
  } finally {
    for (const c of children.reverse()) await c.stop();
  }
}
