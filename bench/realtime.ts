/**
 * Realtime (issue 17): REALTIME_CLIENTS (1,000) STOMP subscribers through the
 * BFF's /ws and as many straight to the api's /ws/websocket, all connected at
 * once, each member subscribed to its own adoption topic. The api publishes
 * notifications through its event bus (as a service does after a commit) in
 * rounds that alternate between the two groups; every delivery is matched to
 * its publish instant (one clock: same machine).
 *
 * Figures: connected (count), delivered (count) for each path, BFF p50/p99
 * publish→receive, and the BFF p99 / direct p99 ratio. Targets: all
 * connected, all delivered, BFF p99 ≤ 50 ms and ≤ 1.5× direct.
 * Clients live in REALTIME_WORKERS (2) processes so they are not the bottleneck.
 * Each round publishes one notification to every member of a group, open
 * loop at REALTIME_RATE per second (2,000; 0 = the whole round at once).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ask, startBff, startChild, type Child } from './lib/procs';
import { emit, quantile, round } from './lib/report';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLIENTS = Number(process.env.REALTIME_CLIENTS ?? 1000);
const WORKERS = Number(process.env.REALTIME_WORKERS ?? 2);
const ROUNDS = Number(process.env.REALTIME_ROUNDS ?? 6);
const GAP_MS = Number(process.env.REALTIME_GAP_MS ?? 300);
/** Notifications per second within a round (each group: every member once); 0 = the whole round at once. */
const RATE = Number(process.env.REALTIME_RATE ?? 2000);

interface Member {
  pk: number;
  userId: string;
  sid: string;
}

const children: Child<unknown>[] = [];
const started = Date.now();
async function main() {
  const api = await startChild<{ url: string; members: Member[] }>(
    path.join(here, 'lib/api-process.ts'),
    { DATABASE_URL: '', REDIS_URL: '', BENCH_MEMBERS: String(2 * CLIENTS), BENCH_STRAYS: '0' },
    [],
    120_000,
  );
  children.push(api);
  const bff = await startBff(
    {
      UPSTREAM_URL: api.ready.url,
      UPSTREAM_KIND: 'api',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      DASHBOARD_URL: 'http://127.0.0.1:9',
    },
    process.env.REALTIME_BFF_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.REALTIME_BFF_PROF}`] : [],
  );
  children.push(bff);
  const workers: Child<unknown>[] = [];
  for (let w = 0; w < WORKERS; w += 1) workers.push(await startChild(path.join(here, 'lib/stomp-clients.ts'), {}));
  children.push(...workers);

  // Group 0 (members 0..N-1) through the BFF, group 1 (N..2N-1) straight to the api.
  const groups = [
    { name: 'bff', url: `${bff.ready.url.replace(/^http/, 'ws')}/ws`, from: 0, origin: bff.ready.url },
    { name: 'direct', url: `${api.ready.url.replace(/^http/, 'ws')}/ws/websocket`, from: CLIENTS, origin: undefined },
  ];
  const connected: Record<string, number> = {};
  const connectMs: Record<string, number> = {};
  for (const g of groups) {
    const members = api.ready.members.slice(g.from, g.from + CLIENTS);
    const t0 = Date.now();
    const answers = await Promise.all(
      workers.map((w, i) =>
        ask<{ connected: number; failed: number }>(w.proc, {
          type: 'connect',
          url: g.url,
          origin: g.origin,
          members: members.filter((_, k) => k % WORKERS === i).map(({ sid, userId }) => ({ sid, userId })),
        }),
      ),
    );
    connected[g.name] = answers.reduce((n, a) => n + a.connected, 0);
    connectMs[g.name] = Date.now() - t0;
  }

  // sent[group][round] = publish instants of members from..from+N
  const sent: Record<string, { round: number; times: number[] }[]> = { bff: [], direct: [] };
  let roundNo = 0;
  for (let r = 0; r < ROUNDS; r += 1) {
    for (const g of r % 2 ? [...groups].reverse() : groups) {
      roundNo += 1;
      const answer = await ask<{ sent: number[] }>(api.proc, {
        type: 'publish',
        round: roundNo,
        from: g.from,
        to: g.from + CLIENTS,
        rate: RATE,
      });
      sent[g.name]!.push({ round: roundNo, times: answer.sent });
      await new Promise((res) => setTimeout(res, GAP_MS));
    }
  }
  await new Promise((res) => setTimeout(res, 1500));
  const arrivals = new Map<number, number>();
  let stray = 0;
  for (const w of workers) {
    const a = await ask<{ received: [number, number][]; stray: number }>(w.proc, { type: 'collect' });
    for (const [id, t] of a.received) arrivals.set(id, t);
    stray += a.stray;
  }

  const result: Record<string, { p50: number; p99: number; delivered: number; expected: number }> = {};
  for (const g of groups) {
    const latencies: number[] = [];
    let expected = 0;
    for (const { round: rn, times } of sent[g.name]!) {
      times.forEach((t, k) => {
        expected += 1;
        const at = arrivals.get(rn * 100_000 + g.from + k + 1);
        if (at !== undefined) latencies.push(at - t);
      });
    }
    result[g.name] = { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), delivered: latencies.length, expected };
  }
  const b = result.bff!;
  const d = result.direct!;
  const detail = {
    clients: CLIENTS,
    rounds: ROUNDS,
    ratePerS: RATE,
    connectMs,
    stray,
    bff: { p50: round(b.p50), p99: round(b.p99) },
    direct: { p50: round(d.p50), p99: round(d.p99) },
    seconds: Math.round((Date.now() - started) / 1000),
  };
  emit({
    bench: 'realtime',
    figure: 'bff.connected',
    value: connected.bff ?? 0,
    unit: 'clients',
    target: `= ${CLIENTS}`,
    met: connected.bff === CLIENTS,
    detail,
  });
  emit({ bench: 'realtime', figure: 'direct.connected', value: connected.direct ?? 0, unit: 'clients' });
  emit({
    bench: 'realtime',
    figure: 'bff.delivered',
    value: b.delivered,
    unit: 'messages',
    target: `= ${b.expected}`,
    met: b.delivered === b.expected && stray === 0,
  });
  emit({
    bench: 'realtime',
    figure: 'direct.delivered',
    value: d.delivered,
    unit: 'messages',
    target: `= ${d.expected}`,
    met: d.delivered === d.expected,
  });
  emit({ bench: 'realtime', figure: 'bff.p50_ms', value: b.p50, unit: 'ms' });
  emit({ bench: 'realtime', figure: 'bff.p99_ms', value: b.p99, unit: 'ms', target: '<= 50', met: b.p99 <= 50 });
  emit({ bench: 'realtime', figure: 'direct.p99_ms', value: d.p99, unit: 'ms' });
  emit({
    bench: 'realtime',
    figure: 'bff_p99_vs_direct',
    value: b.p99 / d.p99,
    unit: 'ratio',
    target: '<= 1.5',
    met: b.p99 / d.p99 <= 1.5,
    detail,
  });
}

try {
  await main();
} finally {
  for (const c of children.reverse()) await c.stop();
}
