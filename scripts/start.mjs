#!/usr/bin/env node
// `npm start`: build what is missing, start the api (embedded: PGlite under
// ./data) and the BFF serving the built SPA, stop both cleanly on Ctrl-C.
// `npm run dev`: the same with watch mode and Vite's dev server (hot reload).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { portInUse, supervise, waitUntilReady } from './supervise.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  // `npm ci` installs Node 24 (the `node` devDependency) and npm scripts use it; this covers
  // `node scripts/start.mjs` typed by hand with an older system Node.
  const bundled = path.join(root, 'node_modules', 'node', 'bin', 'node');
  if (fs.existsSync(bundled) && process.execPath !== bundled) {
    // A signal sent to this process alone (a process manager's `kill`, not the terminal's Ctrl-C, which
    // reaches the whole group) is passed on, so the re-run stops its api and BFF as it would itself.
    const child = spawn(bundled, process.argv.slice(1), { stdio: 'inherit' });
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  } else {
    console.error(`Node ${process.versions.node} is too old and the bundled Node 24 is missing: run \`npm ci\` first.`);
    process.exit(1);
  }
}
if (major < 22 || (major === 22 && minor < 12)) {
  // Waiting for the re-run above: nothing below may run on the old Node.
  await new Promise(() => {});
}

const port = Number(process.env.PORT ?? 3000);
// Only this machine unless HOST says otherwise (HOST=0.0.0.0 to reach it from a phone on the LAN).
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');
const webDist = path.join(root, 'web', 'dist');

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port: p } = srv.address();
      srv.close(() => resolve(p));
    });
    srv.on('error', reject);
  });
}

// A busy port is said once, before anything starts, instead of a stack trace and a restart loop.
for (const [h, p, variable] of [
  [host, port, 'PORT'],
  ...(process.env.API_PORT && !process.env.UPSTREAM_URL ? [['127.0.0.1', Number(process.env.API_PORT), 'API_PORT']] : []),
  ...(process.env.DASHBOARD_PORT && !process.env.UPSTREAM_URL ? [['127.0.0.1', Number(process.env.DASHBOARD_PORT), 'DASHBOARD_PORT']] : []),
]) {
  const busy = await portInUse(h, p, variable);
  if (busy) {
    console.error(`[start] ${busy}`);
    process.exit(1);
  }
}

// The client build and the server bundle the BFF renders public pages with (npm run build makes both).
const serverBundle = path.join(webDist, '..', 'dist-server', 'entry-server.js');
if (!dev && (!fs.existsSync(path.join(webDist, 'index.html')) || !fs.existsSync(serverBundle) || process.argv.includes('--rebuild'))) {
  console.log('[start] building the web app (first start only; a minute or two)…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@pawbridge/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const apiPort = Number(process.env.API_PORT ?? (await freePort()));
const upstreamUrl = process.env.UPSTREAM_URL ?? `http://127.0.0.1:${apiPort}`;
const useEmbeddedApi = !process.env.UPSTREAM_URL;
// The api's dashboard socket has its own port (like the legacy's netty-socketio); the BFF is told where.
const dashboardPort = Number(process.env.DASHBOARD_PORT ?? (await freePort()));
const dashboardUrl = process.env.DASHBOARD_URL ?? (useEmbeddedApi ? `http://127.0.0.1:${dashboardPort}` : undefined);
const children = [];
const supervised = [];

/** Start a tier and keep it running: a crash restarts it with back-off (and says so); Ctrl-C stops all. */
function run(name, args, env) {
  // The IPC channel carries the api's start-up stages and heart-beats (waitUntilReady).
  const stdio = ['inherit', 'inherit', 'inherit', 'ipc'];
  const sup = supervise(name, () => spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio }), {
    onFatal: () => stop(1),
  });
  supervised.push(sup);
  return sup;
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  Promise.all(supervised.map((s) => s.stop(8000))).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const tsx = dev ? [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'watch'] : ['--import', 'tsx'];
try {
  if (useEmbeddedApi) {
    const api = run('api', [...tsx, 'api/src/server.ts'], {
      DATA_DIR: dataDir,
      API_PORT: String(apiPort),
      API_HOST: '127.0.0.1',
      DASHBOARD_PORT: String(dashboardPort),
      DASHBOARD_HOST: '127.0.0.1',
    });
    await waitUntilReady(`${upstreamUrl}/healthz`, () => api.child, 'api');
  }
  const bff = run('bff', [...tsx, 'bff/src/server.ts'], {
    PORT: String(port),
    HOST: host,
    UPSTREAM_URL: upstreamUrl,
    ...(dashboardUrl ? { DASHBOARD_URL: dashboardUrl } : {}),
    ...(dev ? {} : { WEB_DIST_DIR: webDist }),
  });
  await waitUntilReady(`http://127.0.0.1:${port}/healthz`, () => bff.child, 'bff');
  if (dev) {
    const vite = spawn('npx', ['vite', '--host', '127.0.0.1'], {
      cwd: path.join(root, 'web'),
      env: { ...process.env, BFF_URL: `http://127.0.0.1:${port}` },
      stdio: 'inherit',
    });
    children.push(vite);
    console.log(`\n[start] 개발 모드: http://localhost:5173 (핫 리로드), BFF http://localhost:${port}\n`);
  } else {
    // The accounts were announced once by the api's seed banner above.
    console.log(`\n[start] 포브리지가 실행 중입니다: http://localhost:${port}${host === '127.0.0.1' ? '' : ` (${host})`}`);
    console.log(`[start] 인증 메일은 ${path.join(dataDir, 'outbox')} 에 저장됩니다 · 종료: Ctrl-C\n`);
  }
} catch (err) {
  console.error(`[start] ${err.message}`);
  stop(1);
}
