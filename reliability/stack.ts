// Two api and two BFF processes behind nginx, on a Postgres database made for
// this run and a Redis server of our own (so it can be killed and restarted).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startLb, testLb, writeLb, type Lb, type LbPorts } from './nginx';
import { freePort, httpOk, killAll, ready, signalProc, spawnProc, stopProc, tail, tcpOpen, waitUntil, type Proc } from './procs';

// RELIABILITY_ROOT: run the processes from another checkout (e.g. a snapshot while the tree is being edited).
const ROOT = path.resolve(process.env.RELIABILITY_ROOT ?? path.resolve(import.meta.dirname, '..'));
export const ADMIN_PASSWORD = 'reliability-admin-1';
export const DEMO = { userId: 'demo', password: 'demo1234' } as const;
/** The BFFs' upstream timeout in this run; no answer may take longer than this plus a margin. */
// The production default: nginx's internal timeouts (reads 4 s, writes 8 s) sit below it (issue 24 item 2).
export const UPSTREAM_TIMEOUT_MS = 10_000;

export interface Stack {
  runId: string;
  dir: string;
  lb: Lb;
  ports: LbPorts & { redis: number };
  /** The public site through nginx. */
  publicUrl: string;
  bffUrls: [string, string];
  apiUrls: [string, string];
  dbUrl: string;
  nginxTest: string;
  /** How long each start phase took (ms). */
  timings: Record<string, number>;
  startApi(i: 0 | 1): Promise<number>;
  killApi(i: 0 | 1): Promise<void>;
  startBff(i: 0 | 1): Promise<void>;
  killBff(i: 0 | 1): Promise<void>;
  /** SIGSTOP (hang) or SIGCONT (resume) one process of a tier. */
  signal(tier: 'api' | 'bff', i: 0 | 1, signal: 'SIGSTOP' | 'SIGCONT'): void;
  killRedis(): Promise<void>;
  startRedis(): Promise<number>;
  query<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Stops everything and drops the database; `keepLogs` leaves the run's folder (logs, nginx config). */
  close(keepLogs?: boolean): Promise<void>;
}

function adminDbUrl(): string {
  return process.env.RELIABILITY_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}

/** Throws (ending the wait) once the process has exited: a crashed start fails at once. */
function alive(p: Proc): true {
  if (p.child.exitCode !== null || p.child.signalCode !== null)
    throw new Error(`${p.name} exited (${p.child.exitCode ?? p.child.signalCode})`);
  return true;
}

function nodeArgs(entry: string): string[] {
  return ['--import', 'tsx', path.join(ROOT, entry)];
}

export async function startStack(): Promise<Stack> {
  const runId = crypto.randomBytes(4).toString('hex');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pb-rel-${runId}-`));
  const logDir = path.join(dir, 'logs');
  fs.mkdirSync(logDir);
  const [pub, apiLb, dashLb, b1, b2, a1, a2, d1, d2, redisPort, nowhere] = await Promise.all(Array.from({ length: 11 }, () => freePort()));
  const ports = {
    public: pub!,
    api: apiLb!,
    dashboard: dashLb!,
    bffs: [b1!, b2!] as [number, number],
    apis: [a1!, a2!] as [number, number],
    dashboards: [d1!, d2!] as [number, number],
    redis: redisPort!,
  };
  const dbName = `pb_rel_${runId}`;
  const admin = new pg.Client({ connectionString: adminDbUrl() });
  admin.on('error', () => undefined);
  await admin.connect();
  // CREATE DATABASE fails while another session uses template1 (others share this server): retry briefly.
  await waitUntil(
    `CREATE DATABASE ${dbName}`,
    async () => {
      await admin.query(`CREATE DATABASE ${dbName}`);
      return true;
    },
    15_000,
    300,
  );
  const u = new URL(adminDbUrl());
  u.pathname = `/${dbName}`;
  const dbUrl = u.toString();
  const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  pool.on('error', () => undefined);
  const redisUrl = `redis://127.0.0.1:${ports.redis}`;
  const publicUrl = `http://127.0.0.1:${ports.public}`;
  const procs: { redis?: Proc; apis: (Proc | undefined)[]; bffs: Proc[]; nginx?: Proc } = { apis: [], bffs: [] };

  const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.homedir(), LOG_FORMAT: 'json', LOG_LEVEL: 'warn' };
  const apiEnv = (i: 0 | 1): Record<string, string> => ({
    ...base,
    NODE_ENV: 'production',
    API_HOST: '127.0.0.1',
    API_PORT: String(ports.apis[i]),
    DASHBOARD_PORT: String(ports.dashboards[i]),
    DATABASE_URL: dbUrl,
    REDIS_URL: redisUrl,
    DATA_DIR: path.join(dir, 'data'),
    ADMIN_PASSWORD,
    SEED_DEMO_DATA: 'false',
    PUBLIC_ORIGIN: publicUrl,
    // Production refuses the mail outbox and the test gateway; nothing here sends mail or pays,
    // so both point at a closed loopback port.
    SMTP_URL: `smtp://127.0.0.1:${nowhere}`,
    PORTONE_API_URL: `http://127.0.0.1:${nowhere}`,
    PORTONE_API_KEY: 'reliability',
    PORTONE_API_SECRET: 'reliability',
    UNSUBSCRIBE_SECRET: 'reliability-unsubscribe-secret-0123456789abcdef',
    // The writers here are a few members writing many times a second on purpose (a load, not abuse).
    RATE_MEMBER_WRITES: '0',
  });
  // The BFFs serve the pages (as without a web container): a minimal build of our own.
  const webDist = path.join(dir, 'web-dist');
  fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="ko"><div id="root"></div></html>');
  const bffEnv = (i: 0 | 1): Record<string, string> => ({
    ...base,
    WEB_DIST_DIR: webDist,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(ports.bffs[i]),
    UPSTREAM_URL: `http://127.0.0.1:${ports.api}`,
    DASHBOARD_URL: `http://127.0.0.1:${ports.dashboard}`,
    UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
    REDIS_URL: redisUrl,
    TRUST_PROXY: 'loopback',
    PUBLIC_ORIGIN: publicUrl,
    // Production BFFs refuse to start without it (docs/decisions/0021); nothing here pays.
    PORTONE_MERCHANT_CODE: 'imp-reliability',
  });

  const startRedis = async (): Promise<number> => {
    procs.redis = spawnProc(
      'redis',
      'redis-server',
      ['--port', String(ports.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      { env: base, cwd: dir, logDir },
    );
    return waitUntil('redis', () => tcpOpen(ports.redis), 10_000, 50);
  };
  const startApi = async (i: 0 | 1): Promise<number> => {
    const p = spawnProc(`api-${i + 1}`, process.execPath, nodeArgs('api/src/server.ts'), { env: apiEnv(i), cwd: ROOT, logDir });
    procs.apis[i] = p;
    try {
      const base = `http://127.0.0.1:${ports.apis[i]}`;
      const up = await waitUntil(`api-${i + 1} /healthz`, () => alive(p) && httpOk(`${base}/healthz`), 60_000);
      return up + (await waitUntil(`api-${i + 1} /readyz`, () => alive(p) && ready(`${base}/readyz`), 20_000));
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${tail(p)}`, { cause: err });
    }
  };
  const startBff = async (i: 0 | 1): Promise<void> => {
    const p = spawnProc(`bff-${i + 1}`, process.execPath, nodeArgs('bff/src/server.ts'), { env: bffEnv(i), cwd: ROOT, logDir });
    procs.bffs[i] = p;
    try {
      await waitUntil(`bff-${i + 1} /healthz`, () => alive(p) && httpOk(`http://127.0.0.1:${ports.bffs[i]}/healthz`), 60_000);
      // Ready = its upstream (nginx -> an api) and Redis answer.
      await waitUntil(`bff-${i + 1} /readyz`, () => alive(p) && ready(`http://127.0.0.1:${ports.bffs[i]}/readyz`), 30_000);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${tail(p)}`, { cause: err });
    }
  };

  let closed = false;
  const close = async (keepLogs = false) => {
    if (closed) return;
    closed = true;
    // A process left stopped (SIGSTOP) would never hear the SIGTERM.
    for (const p of [...procs.bffs, ...procs.apis]) if (p) signalProc(p, 'SIGCONT');
    await Promise.all(
      [...procs.bffs, ...procs.apis, procs.nginx, procs.redis].filter((p): p is Proc => !!p).map((p) => stopProc(p, 'SIGTERM', 3000)),
    );
    await pool.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    if (!keepLogs && !process.env.RELIABILITY_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', killAll);

  const timings: Record<string, number> = {};
  let mark = Date.now();
  const lap = (name: string) => {
    timings[name] = Date.now() - mark;
    mark = Date.now();
  };
  try {
    await startRedis();
    lap('redis');
    // Migrations, the admin and the demo data once (development mode seeds demo data; production never does).
    const seed = spawnProc('seed', process.execPath, nodeArgs('api/src/scripts/seed.ts'), {
      env: { ...apiEnv(0), NODE_ENV: 'development', SEED_DEMO_DATA: 'true' },
      cwd: ROOT,
      logDir,
    });
    const code = await Promise.race([seed.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 90_000))]);
    if (code !== 0) throw new Error(`seeding failed (${String(code)}):\n${tail(seed)}`);
    lap('seed');
    const lb = writeLb(path.join(dir, 'nginx'), ports);
    const nginxTest = testLb(lb);
    procs.nginx = startLb(lb, logDir);
    await waitUntil('nginx', () => httpOk(`${publicUrl}/lb-healthz`), 10_000, 50);
    lap('nginx');
    await Promise.all([startApi(0), startApi(1), startBff(0), startBff(1)]);
    lap('apis and bffs');
    await waitUntil('nginx -> bff -> nginx -> api', () => httpOk(`${publicUrl}/api/config`), 20_000);
    return {
      runId,
      dir,
      lb,
      ports,
      publicUrl,
      bffUrls: [`http://127.0.0.1:${ports.bffs[0]}`, `http://127.0.0.1:${ports.bffs[1]}`],
      apiUrls: [`http://127.0.0.1:${ports.apis[0]}`, `http://127.0.0.1:${ports.apis[1]}`],
      dbUrl,
      nginxTest,
      timings,
      startApi,
      killApi: async (i) => {
        const p = procs.apis[i];
        if (p) await stopProc(p, 'SIGKILL');
      },
      startBff,
      killBff: async (i) => {
        const p = procs.bffs[i];
        if (p) await stopProc(p, 'SIGKILL');
      },
      signal: (tier, i, sig) => {
        const p = tier === 'api' ? procs.apis[i] : procs.bffs[i];
        if (p) signalProc(p, sig);
      },
      killRedis: async () => {
        if (procs.redis) await stopProc(procs.redis, 'SIGKILL');
      },
      startRedis,
      query: async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => (await pool.query<T>(sql, params)).rows,
      close,
    };
  } catch (err) {
    await close(true);
    throw new Error(`${(err as Error).message}\n(logs in ${logDir})`, { cause: err });
  }
}
