#!/usr/bin/env node
// `npm start`: build what is missing, start the api (embedded: PGlite under
// ./data) and the BFF serving the built SPA, stop both cleanly on Ctrl-C.
// `npm run dev`: the same with watch mode and Vite's dev server (hot reload).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`Node ${process.versions.node} is too old: Pawbridge needs Node 22.12 or newer (24 LTS recommended, see .nvmrc).`);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 3000);
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

async function waitFor(url, child, name, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${name} stopped while starting (exit code ${child.exitCode})`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${name} did not become ready at ${url}`);
}

if (!dev && (!fs.existsSync(path.join(webDist, 'index.html')) || process.argv.includes('--rebuild'))) {
  console.log('[start] 웹 화면을 빌드합니다 (최초 1회)…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@pawbridge/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const apiPort = Number(process.env.API_PORT ?? (await freePort()));
const upstreamUrl = process.env.UPSTREAM_URL ?? `http://127.0.0.1:${apiPort}`;
const useEmbeddedApi = !process.env.UPSTREAM_URL;
const children = [];

function run(name, args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} stopped (${signal ?? code}); stopping everything.`);
      stop(code ?? 1);
    }
  });
  return child;
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  const deadline = setTimeout(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    process.exit(code);
  }, 8000);
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(() => {
    clearTimeout(deadline);
    process.exit(code);
  });
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const tsx = dev ? [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'watch'] : ['--import', 'tsx'];
try {
  if (useEmbeddedApi) {
    const api = run('api', [...tsx, 'api/src/server.ts'], { DATA_DIR: dataDir, API_PORT: String(apiPort), API_HOST: '127.0.0.1' });
    await waitFor(`${upstreamUrl}/healthz`, api, 'api');
  }
  const bff = run('bff', [...tsx, 'bff/src/server.ts'], {
    PORT: String(port),
    UPSTREAM_URL: upstreamUrl,
    ...(dev ? {} : { WEB_DIST_DIR: webDist }),
  });
  await waitFor(`http://127.0.0.1:${port}/healthz`, bff, 'bff');
  if (dev) {
    const vite = spawn('npx', ['vite', '--host', '127.0.0.1'], { cwd: path.join(root, 'web'), env: { ...process.env, BFF_URL: `http://127.0.0.1:${port}` }, stdio: 'inherit' });
    children.push(vite);
    console.log(`\n[start] 개발 모드: http://localhost:5173 (핫 리로드), BFF http://localhost:${port}\n`);
  } else {
    console.log(`\n[start] 포브리지가 실행 중입니다: http://localhost:${port}`);
    console.log(`[start] 관리자 로그인: 아이디 admin, 비밀번호는 ADMIN_PASSWORD (없으면 최초 실행 때 위 로그에 한 번 출력됨)`);
    console.log(`[start] 데모 회원: demo / demo1234 · 인증 메일은 ${path.join(dataDir, 'outbox')} 에 저장됩니다 · 종료: Ctrl-C\n`);
  }
} catch (err) {
  console.error(`[start] ${err.message}`);
  stop(1);
}
