/**
 * Scale benchmark (issue 17): one page of each list and search through the BFF
 * with 10,000 strays and 100,000 community posts (bench/seed-scale.ts), on
 * PGlite (temporary directory) and on Postgres (DATABASE_URL, default the local
 * `pb_scale` database, own schema). Figures: p50/p99 of page 1 and of the last
 * page for the adopt list, the place search "서울", the community list and a
 * community category; plus the size of the old unpaged list for comparison.
 * Target: one page p99 ≤ 20 ms through the BFF on Postgres. A baseline (the BFF's /healthz, measured
 * in the same rounds) and the load average show how much of a p99 is the machine rather than the list.
 * Env: SCALE_REQUESTS (200 per figure on Postgres), SCALE_REQUESTS_PGLITE (80),
 * SCALE_DBS (postgres,pglite), SCALE_STRAYS, SCALE_POSTS.
 */
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startBff, startChild, type Child } from './lib/procs';
import { emit, quantile, round } from './lib/report';

const here = path.dirname(fileURLToPath(import.meta.url));
const PG_URL = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pb_scale';
const DBS = (process.env.SCALE_DBS ?? 'postgres,pglite').split(',').map((s) => s.trim());
const TARGET_MS = 20;
const SIZE = 20;

interface Seeded {
  url: string;
  db: string;
  strays: number;
  posts: number;
  seconds: number;
}

async function get(url: string): Promise<{ ms: number; bytes: number; total: number }> {
  const t0 = performance.now();
  const res = await fetch(url);
  const body = await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${res.status} ${url}`);
  return { ms, bytes: body.byteLength, total: Number(res.headers.get('x-total-count') ?? Number.NaN) };
}

const lastPage = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

async function measure(db: string, bffUrl: string, apiUrl: string, requests: number): Promise<void> {
  const seoul = encodeURIComponent('서울');
  // Totals first, to address the last pages.
  const totals = {
    strays: (await get(`${bffUrl}/api/abandoned/abandoned-pets?size=1`)).total,
    seoul: (await get(`${bffUrl}/api/abandoned/abandoned-pets/search?location=${seoul}&size=1`)).total,
    posts: (await get(`${bffUrl}/api/community/posts?size=1`)).total,
    reviews: (await get(`${bffUrl}/api/community/posts?size=1&postType=REVIEW`)).total,
  };
  const figures = [
    { name: 'strays page 1', path: `/api/abandoned/abandoned-pets?page=1&size=${SIZE}` },
    { name: 'strays last page', path: `/api/abandoned/abandoned-pets?page=${lastPage(totals.strays, SIZE)}&size=${SIZE}` },
    { name: 'search 서울 page 1', path: `/api/abandoned/abandoned-pets/search?location=${seoul}&page=1&size=${SIZE}` },
    {
      name: 'search 서울 last page',
      path: `/api/abandoned/abandoned-pets/search?location=${seoul}&page=${lastPage(totals.seoul, SIZE)}&size=${SIZE}`,
    },
    { name: 'community page 1', path: `/api/community/posts?page=1&size=${SIZE}` },
    { name: 'community last page', path: `/api/community/posts?page=${lastPage(totals.posts, SIZE)}&size=${SIZE}` },
    { name: 'community REVIEW page 1', path: `/api/community/posts?postType=REVIEW&page=1&size=${SIZE}` },
    {
      name: 'community REVIEW last page',
      path: `/api/community/posts?postType=REVIEW&page=${lastPage(totals.reviews, SIZE)}&size=${SIZE}`,
    },
    // The noise floor of this machine: the BFF answering without the api or the database (no target).
    { name: 'baseline BFF /healthz', path: '/healthz', baseline: true },
  ];
  // Warm-up (JIT, connection pools, database caches), then interleaved rounds so drift hits every figure alike.
  for (const f of figures) for (let i = 0; i < 10; i++) await get(bffUrl + f.path);
  const samples = new Map<string, { ms: number[]; bytes: number }>(figures.map((f) => [f.name, { ms: [], bytes: 0 }]));
  for (let i = 0; i < requests; i++) {
    for (const f of figures) {
      const r = await get(bffUrl + f.path);
      const s = samples.get(f.name);
      if (s) {
        s.ms.push(r.ms);
        s.bytes = r.bytes;
      }
    }
  }
  const load = os.loadavg().map((l) => round(l));
  for (const f of figures) {
    const targeted = db === 'postgres' && !('baseline' in f);
    const s = samples.get(f.name);
    if (!s) continue;
    const p50 = quantile(s.ms, 0.5);
    const p99 = quantile(s.ms, 0.99);
    const detail = { db, path: f.path, requests, p50: round(p50), bytes: s.bytes, totals, load };
    emit({ bench: 'scale', figure: `${db} ${f.name} p50`, value: p50, unit: 'ms', detail });
    emit({
      bench: 'scale',
      figure: `${db} ${f.name} p99`,
      value: p99,
      unit: 'ms',
      ...(targeted ? { target: `<= ${TARGET_MS} ms`, met: p99 <= TARGET_MS } : {}),
      detail,
    });
  }
  // The old behaviour for comparison: the whole public list straight from the api (the legacy wire, unpaged).
  const whole: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 5; i++) {
    const r = await get(`${apiUrl}/api/abandoned/abandoned-pets`);
    whole.push(r.ms);
    bytes = r.bytes;
  }
  emit({
    bench: 'scale',
    figure: `${db} unpaged stray list (api) p50`,
    value: quantile(whole, 0.5),
    unit: 'ms',
    detail: { db, bytes, requests: 5 },
  });
}

const children: Child<unknown>[] = [];
async function main(): Promise<void> {
  for (const db of DBS) {
    const postgres = db === 'postgres';
    const env: Record<string, string> = postgres
      ? { DATABASE_URL: PG_URL, SCALE_SCHEMA: `bench_scale_${process.pid}`, REDIS_URL: '' }
      : { DATABASE_URL: '', REDIS_URL: '' };
    const api = await startChild<Seeded>(path.join(here, 'seed-scale.ts'), env, [], 150_000);
    children.push(api);
    emit({
      bench: 'scale',
      figure: `${db} seed seconds`,
      value: api.ready.seconds,
      unit: 's',
      target: '< 60 s',
      met: api.ready.seconds < 60,
      detail: { strays: api.ready.strays, posts: api.ready.posts },
    });
    const bff = await startBff({
      UPSTREAM_URL: api.ready.url,
      UPSTREAM_KIND: 'api',
      LOG_LEVEL: 'warn',
      DASHBOARD_URL: 'http://127.0.0.1:9',
    });
    children.push(bff);
    await measure(
      db,
      bff.ready.url,
      api.ready.url,
      Number(postgres ? (process.env.SCALE_REQUESTS ?? 200) : (process.env.SCALE_REQUESTS_PGLITE ?? 80)),
    );
    await bff.stop();
    await api.stop();
  }
}

try {
  await main();
} finally {
  await Promise.all(children.map((c) => c.stop()));
}
