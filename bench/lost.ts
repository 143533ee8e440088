/**
 * Lost-and-found at scale (issue 27): one page of the board `/api/lost/posts` and one viewport of the map
 * `/api/lost/map` through the BFF, with 100,000 posts (bench/seed-lost.ts) on Postgres (LOST_DATABASE_URL,
 * default the local `test` database, own schema). Target: p99 no more than 10 ms above the p99 of the
 * BFF's `/healthz` measured in the same rounds (interleaved: each request of a round goes healthz,
 * list, map, …). The judge (lib/report.ts, decision 0036): inconclusive when healthz's own p99 moves
 * between rounds by more than the 10 ms margin, unless the miss is wider than that.
 * Figures: the board's first page (all posts, and one 시·도 of one kind), a desktop viewport of central
 * Seoul at zoom 13 (~6,000 posts in it), a phone viewport at zoom 15, and the whole of Seoul at zoom 12
 * (~33,000 posts), each as p99 minus healthz p99; the seed's seconds. Zooms ≤ 13 read the map's kept cells
 * (migration 0026, decision 0041 amended); run it several times and take the median (bench/README.md).
 * Env: LOST_ROUNDS (5), LOST_REQUESTS (60 per figure and round), LOST_POSTS (100000).
 */
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startBff, startChild, type Child } from './lib/procs';
import { emit, judge, metOf, quantile, round, spread } from './lib/report';

const here = path.dirname(fileURLToPath(import.meta.url));
const PG_URL = process.env.LOST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROUNDS = Number(process.env.LOST_ROUNDS ?? 5);
const REQUESTS = Number(process.env.LOST_REQUESTS ?? 60);
const MARGIN_MS = 10;

interface Seeded {
  url: string;
  db: string;
  posts: number;
  seconds: number;
}

async function get(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${res.status} ${url}`);
  return ms;
}

const viewport = (south: number, west: number, north: number, east: number, zoom: number) =>
  `/api/lost/map?south=${south}&west=${west}&north=${north}&east=${east}&zoom=${zoom}`;

const FIGURES = [
  { name: 'healthz', path: '/healthz', reference: true },
  { name: 'board page 1', path: '/api/lost/posts?page=1&size=20' },
  { name: 'board 서울 MISSING page 1', path: `/api/lost/posts?page=1&size=20&kind=MISSING&sido=${encodeURIComponent('서울특별시')}` },
  { name: 'map desktop central Seoul z13', path: viewport(37.52, 126.88, 37.6, 127.1, 13) },
  { name: 'map phone z15', path: viewport(37.545, 126.96, 37.575, 127.0, 15) },
  { name: 'map all Seoul z12', path: viewport(37.45, 126.8, 37.7, 127.18, 12) },
];

async function measure(bffUrl: string): Promise<void> {
  for (const f of FIGURES) for (let i = 0; i < 20; i++) await get(bffUrl + f.path);
  const all = new Map<string, number[]>(FIGURES.map((f) => [f.name, []]));
  const perRound = new Map<string, number[]>(FIGURES.map((f) => [f.name, []]));
  for (let r = 0; r < ROUNDS; r++) {
    const round_ = new Map<string, number[]>(FIGURES.map((f) => [f.name, []]));
    for (let i = 0; i < REQUESTS; i++)
      for (const f of FIGURES) {
        const ms = await get(bffUrl + f.path);
        round_.get(f.name)!.push(ms);
        all.get(f.name)!.push(ms);
      }
    for (const f of FIGURES) perRound.get(f.name)!.push(quantile(round_.get(f.name)!, 0.99));
  }
  const load = os.loadavg().map((l) => round(l));
  const refP99 = quantile(all.get('healthz')!, 0.99);
  const refSpread = spread(perRound.get('healthz')!);
  emit({
    bench: 'lost',
    figure: 'postgres healthz p99',
    value: refP99,
    unit: 'ms',
    note: `p50 ${round(quantile(all.get('healthz')!, 0.5), 1)} ms; per-round p99 spread ${round(refSpread, 1)} ms; load ${load[0]}`,
    detail: { perRound: perRound.get('healthz'), load },
  });
  for (const f of FIGURES) {
    if ('reference' in f) continue;
    const xs = all.get(f.name)!;
    const p99 = quantile(xs, 0.99);
    const added = p99 - refP99;
    emit({
      bench: 'lost',
      figure: `postgres ${f.name} p99 over healthz`,
      value: added,
      unit: 'ms',
      target: `<= ${MARGIN_MS} ms`,
      met: metOf(judge({ value: added, op: '<=', bound: MARGIN_MS, margin: MARGIN_MS, referenceSpread: refSpread })),
      note: `p50 ${round(quantile(xs, 0.5), 1)}, p99 ${round(p99, 1)}; healthz p99 ${round(refP99, 1)} (spread ${round(refSpread, 1)}) ms; load ${load[0]}`,
      detail: { path: f.path, rounds: ROUNDS, requests: REQUESTS, perRoundP99: perRound.get(f.name), load },
    });
  }
}

const children: Child<unknown>[] = [];
async function main(): Promise<void> {
  const api = await startChild<Seeded>(
    path.join(here, 'seed-lost.ts'),
    { DATABASE_URL: PG_URL, LOST_SCHEMA: `bench_lost_${process.pid}`, REDIS_URL: '' },
    [],
    150_000,
  );
  children.push(api);
  emit({
    bench: 'lost',
    figure: 'postgres seed seconds',
    value: api.ready.seconds,
    unit: 's',
    target: '< 60 s',
    met: api.ready.seconds < 60,
    detail: { posts: api.ready.posts },
  });
  const bff = await startBff({ UPSTREAM_URL: api.ready.url, UPSTREAM_KIND: 'api', LOG_LEVEL: 'warn', DASHBOARD_URL: 'http://127.0.0.1:9' });
  children.push(bff);
  await measure(bff.ready.url);
}

try {
  await main();
} finally {
  await Promise.all(children.map((c) => c.stop()));
}
