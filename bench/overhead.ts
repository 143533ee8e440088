/**
 * BFF overhead (issue 17): our api, a bare @fastify/http-proxy in front of it
 * and our BFF in front of it, each its own process, measured side by side in
 * interleaved rounds from this process (the load generator).
 *
 *   1. open loop at a fixed rate → p50/p99 from the intended send time;
 *      deltas over the api: BFF vs bare proxy.
 *   2. closed loop (autocannon) → maximum throughput; BFF / bare proxy.
 *
 * Targets: BFF p50 ≤ api p50 + 1 ms, p99 ≤ api p99 + 3 ms, throughput ≥ 70 %
 * of the bare proxy's, each "inconclusive" (met: null) when the reference's own
 * round-to-round spread is wider than the target's margin (lib/report.ts `judge`). Env: OVERHEAD_RATE (100), OVERHEAD_SECONDS (5),
 * OVERHEAD_ROUNDS (3), OVERHEAD_TPUT_SECONDS (4), OVERHEAD_TPUT_ROUNDS (2), OVERHEAD_CONNECTIONS (10);
 * OVERHEAD_BFF_PROF=<dir> writes the BFF's CPU profile there (node --cpu-prof).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMs, startBff, startChild, type Child } from './lib/procs';
import { maxThroughput, openLoop } from './lib/load';
import os from 'node:os';
import { emit, judge, median, metOf, quantile, relativeSpread, round, spread } from './lib/report';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = (k: string, d: number) => Number(process.env[k] ?? d);
const RATE = env('OVERHEAD_RATE', 100);
const SECONDS = env('OVERHEAD_SECONDS', 5);
const ROUNDS = env('OVERHEAD_ROUNDS', 3);
const TPUT_SECONDS = env('OVERHEAD_TPUT_SECONDS', 4);
const CONNECTIONS = env('OVERHEAD_CONNECTIONS', 10);
/** Closed-loop rounds (0 skips the throughput phase, e.g. while profiling the open loop). */
const TPUT_ROUNDS = env('OVERHEAD_TPUT_ROUNDS', 2);
/** OVERHEAD_ENDPOINTS=strays measures one endpoint only (while developing). */
const ENDPOINTS = process.env.OVERHEAD_ENDPOINTS?.split(',').map((x) => x.trim());
const loadAverage = () => os.loadavg().map((x) => round(x, 1));

interface ApiReady {
  url: string;
  members: { sid: string }[];
}

const children: Child<unknown>[] = [];
async function main() {
  const api = await startChild<ApiReady>(path.join(here, 'lib/api-process.ts'), { DATABASE_URL: '', REDIS_URL: '', BENCH_MEMBERS: '1' });
  children.push(api);
  const proxy = await startChild<{ url: string }>(path.join(here, 'lib/bare-proxy.ts'), { UPSTREAM_URL: api.ready.url });
  children.push(proxy);
  const bff = await startBff(
    {
      UPSTREAM_URL: api.ready.url,
      UPSTREAM_KIND: 'api',
      LOG_LEVEL: process.env.OVERHEAD_BFF_LOG_LEVEL ?? 'info',
      LOG_FORMAT: 'json',
      DASHBOARD_URL: 'http://127.0.0.1:9',
    },
    process.env.OVERHEAD_BFF_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.OVERHEAD_BFF_PROF}`] : [],
  );
  children.push(bff);

  const targets = [
    { name: 'api', url: api.ready.url, pid: api.proc.pid },
    { name: 'proxy', url: proxy.ready.url, pid: proxy.proc.pid },
    { name: 'bff', url: bff.ready.url, pid: bff.proc.pid },
  ];
  const cookie = `JSESSIONID=${api.ready.members[0]?.sid}`;
  type Endpoint = { name: string; path: string; headers: Record<string, string> };
  const all: Endpoint[] = [
    // OVERHEAD_ACCEPT_ENCODING=identity shows what compressing the list costs.
    // Page 1 asked for explicitly: the BFF always asks our api for a page (the count and one page), and
    // without ?page the api answers the legacy's whole list (one query), so the direct call and the bare
    // proxy did less upstream work than the BFF's call and its api time was counted as overhead (decision 0050).
    {
      name: 'strays',
      path: '/api/abandoned/abandoned-pets?page=1&size=20',
      headers: process.env.OVERHEAD_ACCEPT_ENCODING ? { 'accept-encoding': process.env.OVERHEAD_ACCEPT_ENCODING } : {},
    },
    { name: 'session', path: '/api/users/check-session', headers: { cookie } },
  ];
  const endpoints = all.filter((e) => !ENDPOINTS || ENDPOINTS.includes(e.name));

  // Warm up every path (JIT, connection pools, PGlite caches).
  for (const e of endpoints) for (const t of targets) await openLoop(t.url + e.path, { rate: RATE, durationMs: 1500, headers: e.headers });

  for (const e of endpoints) {
    const p50: Record<string, number[]> = { api: [], proxy: [], bff: [] };
    const p99: Record<string, number[]> = { api: [], proxy: [], bff: [] };
    let errors = 0;
    // CPU the proxy and the BFF spend per request (their own process only): a count, not a time, so the noise of a shared machine barely moves it.
    const cpu = { proxy: 0, bff: 0 };
    const served = { proxy: 0, bff: 0 };
    for (let r = 0; r < ROUNDS; r += 1) {
      for (const t of targets) {
        const before = cpuMs(t.pid);
        const res = await openLoop(t.url + e.path, { rate: RATE, durationMs: SECONDS * 1000, headers: e.headers });
        if (t.name === 'proxy' || t.name === 'bff') {
          cpu[t.name] += cpuMs(t.pid) - before;
          served[t.name] += res.sent;
        }
        errors += res.errors;
        p50[t.name]!.push(quantile(res.latencies, 0.5));
        p99[t.name]!.push(quantile(res.latencies, 0.99));
      }
    }
    const m = (xs: Record<string, number[]>, k: string) => median(xs[k] ?? []);
    // The api is the reference of both latency figures: its own spread over the rounds says how fine a difference can be told.
    const apiSpread = { p50: spread(p50.api ?? []), p99: spread(p99.api ?? []) };
    const detail = {
      rate: RATE,
      seconds: SECONDS,
      rounds: ROUNDS,
      errors,
      loadAverage: loadAverage(),
      p50: Object.fromEntries(targets.map((t) => [t.name, round(m(p50, t.name))])),
      p99: Object.fromEntries(targets.map((t) => [t.name, round(m(p99, t.name))])),
      apiSpread: { p50: round(apiSpread.p50), p99: round(apiSpread.p99) },
      perRound: Object.fromEntries(
        targets.map((t) => [t.name, { p50: (p50[t.name] ?? []).map((x) => round(x)), p99: (p99[t.name] ?? []).map((x) => round(x)) }]),
      ),
    };
    const d50 = m(p50, 'bff') - m(p50, 'api');
    const d99 = m(p99, 'bff') - m(p99, 'api');
    const note = (q: Record<string, number[]>, s: number) =>
      `api ${round(m(q, 'api'), 1)}, bare proxy adds ${round(m(q, 'proxy') - m(q, 'api'), 1)}, BFF ${round(m(q, 'bff'), 1)} ms; api spread ${round(s, 1)} ms`;
    const verdict = (value: number, bound: number, referenceSpread: number) =>
      errors > 0 ? false : metOf(judge({ value, op: '<=', bound, margin: bound, referenceSpread }));
    emit({
      bench: 'overhead',
      figure: `${e.name}.bff_p50_added_ms`,
      value: d50,
      unit: 'ms',
      target: '<= 1',
      met: verdict(d50, 1, apiSpread.p50),
      note: note(p50, apiSpread.p50),
      detail,
    });
    emit({
      bench: 'overhead',
      figure: `${e.name}.bff_p99_added_ms`,
      value: d99,
      unit: 'ms',
      target: '<= 3',
      met: verdict(d99, 3, apiSpread.p99),
      note: note(p99, apiSpread.p99),
      detail,
    });
    emit({
      bench: 'overhead',
      figure: `${e.name}.bff_cpu_ms_per_request`,
      value: cpu.bff / served.bff,
      unit: 'ms',
      note: `bare proxy ${round(cpu.proxy / served.proxy, 2)} ms`,
      detail: { proxy: round(cpu.proxy / served.proxy, 3) },
    });
    emit({ bench: 'overhead', figure: `${e.name}.proxy_p50_added_ms`, value: m(p50, 'proxy') - m(p50, 'api'), unit: 'ms' });
    emit({ bench: 'overhead', figure: `${e.name}.proxy_p99_added_ms`, value: m(p99, 'proxy') - m(p99, 'api'), unit: 'ms' });
  }

  for (const e of TPUT_ROUNDS > 0 ? endpoints : []) {
    const rps: Record<string, number[]> = { api: [], proxy: [], bff: [] };
    let failures = 0;
    for (let r = 0; r < TPUT_ROUNDS; r += 1) {
      for (const t of targets) {
        const res = await maxThroughput(t.url + e.path, { connections: CONNECTIONS, durationS: TPUT_SECONDS, headers: e.headers });
        failures += res.non2xx + res.errors;
        rps[t.name]!.push(res.rps);
      }
    }
    const ratio = median(rps.bff ?? []) / median(rps.proxy ?? []);
    // The bare proxy is the reference: its rounds' spread relative to its median, against the target's margin (1 − 0.70).
    const proxySpread = relativeSpread(rps.proxy ?? []);
    const detail = {
      connections: CONNECTIONS,
      seconds: TPUT_SECONDS,
      rounds: TPUT_ROUNDS,
      failures,
      loadAverage: loadAverage(),
      rps: Object.fromEntries(Object.entries(rps).map(([k, v]) => [k, round(median(v), 0)])),
      perRound: Object.fromEntries(Object.entries(rps).map(([k, v]) => [k, v.map((x) => round(x, 0))])),
      proxyRelativeSpread: round(proxySpread, 3),
    };
    emit({
      bench: 'overhead',
      figure: `${e.name}.bff_throughput_vs_proxy`,
      value: ratio,
      unit: 'ratio',
      target: '>= 0.70',
      met: failures > 0 ? false : metOf(judge({ value: ratio, op: '>=', bound: 0.7, margin: 0.3, referenceSpread: proxySpread })),
      note: `BFF ${round(median(rps.bff ?? []), 0)}/s, bare proxy ${round(median(rps.proxy ?? []), 0)}/s, its spread ${round(proxySpread * 100, 0)} %`,
      detail,
    });
    emit({
      bench: 'overhead',
      figure: `${e.name}.proxy_throughput_vs_api`,
      value: median(rps.proxy ?? []) / median(rps.api ?? []),
      unit: 'ratio',
    });
  }
}

try {
  await main();
} finally {
  for (const c of children.reverse()) await c.stop();
}
