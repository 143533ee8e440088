// The shipped load-balancer config (deploy/nginx/pawbridge.conf), rendered as the reliability run
// renders it and run for real in front of tiny stand-in upstreams (issue 24: items 1, 2 and 5).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LB_CONFIG, NGINX_BIN, renderLbConfig, writeLb, type LbPorts } from './nginx';
import { freePort, sleep, tcpOpen, waitUntil } from './procs';

const shipped = fs.readFileSync(LB_CONFIG, 'utf8');

/** The text of each top-level `server { … }` block. */
function serverBlocks(conf: string): string[] {
  const blocks: string[] = [];
  const re = /^server \{$/gm;
  for (let m = re.exec(conf); m; m = re.exec(conf)) {
    let depth = 0;
    let i = m.index;
    for (; i < conf.length; i++) {
      if (conf[i] === '{') depth++;
      if (conf[i] === '}' && --depth === 0) break;
    }
    blocks.push(conf.slice(m.index, i + 1));
  }
  return blocks;
}

/** The body of `upstream <name> { … }`. */
function upstreamBlock(conf: string, name: string): string {
  const m = new RegExp(`upstream ${name} \\{([^}]*)\\}`).exec(conf);
  if (!m?.[1]) throw new Error(`no upstream ${name}`);
  return m[1];
}

interface Running {
  nginx: ChildProcess;
  dir: string;
  ports: LbPorts;
  accessLog: string;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function startNginx(): Promise<Running> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-nginx-test-'));
  const p = async () => freePort();
  const ports: LbPorts = {
    public: await p(),
    api: await p(),
    dashboard: await p(),
    bffs: [await p(), await p()],
    apis: [await p(), await p()],
    dashboards: [await p(), await p()],
  };
  const lb = writeLb(dir, ports);
  const nginx = spawn(NGINX_BIN, lb.args, { stdio: 'ignore', detached: true });
  cleanups.push(async () => {
    if (nginx.exitCode === null && nginx.pid) process.kill(-nginx.pid, 'SIGKILL');
    await sleep(50);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  await waitUntil('nginx', () => tcpOpen(ports.public), 10_000, 50);
  return { nginx, dir, ports, accessLog: lb.accessLog };
}

/** A stand-in upstream: answers `name`, or never answers at all (a hung process) when `hang` is set. */
async function upstream(port: number, name: string, opts: { hang?: boolean } = {}): Promise<{ hits: string[] }> {
  const hits: string[] = [];
  const srv = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    if (opts.hang) return;
    res.setHeader('content-type', 'text/plain');
    res.end(name);
  });
  srv.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => srv.listen(port, '127.0.0.1', r));
  cleanups.push(
    () =>
      new Promise<void>((r) => {
        srv.closeAllConnections();
        srv.close(() => r());
      }),
  );
  return { hits };
}

async function logLines(accessLog: string, expected: number): Promise<string[]> {
  // nginx writes the line once the request is done; wait for it, bounded.
  let lines: string[] = [];
  for (let i = 0; i < 40; i++) {
    lines = fs.existsSync(accessLog) ? fs.readFileSync(accessLog, 'utf8').trim().split('\n').filter(Boolean) : [];
    if (lines.length >= expected) break;
    await sleep(50);
  }
  return lines;
}

describe('access log (issue 24 item 5)', () => {
  it('every server block logs with the format that leaves out query strings', () => {
    const blocks = serverBlocks(shipped);
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    for (const b of blocks) expect(b).toMatch(/^\s*access_log \S+ pawbridge_noquery;$/m);
    const format = /log_format pawbridge_noquery([^;]*);/.exec(shipped)?.[1] ?? '';
    expect(format).toContain('$uri');
    for (const leaky of ['$request ', '$request"', '$request_uri', '$args', '$query_string', '$arg_', '$http_referer']) {
      expect(format).not.toContain(leaky);
    }
  });

  it('a running nginx writes neither the code nor the address of a verification link', async () => {
    const lb = await startNginx();
    const secret = '?code=482913&email=someone%40example.com';
    const base = `http://127.0.0.1:${lb.ports.public}`;
    // Answered by nginx itself (404), by a dead upstream (502) on the internal listener, with a Referer carrying the same.
    const a = await fetch(`${base}/metrics${secret}`, { headers: { referer: `http://localhost/verify${secret}` } });
    const b = await fetch(`http://127.0.0.1:${lb.ports.api}/api/users/verify-email${secret}`);
    expect([a.status, b.status]).toEqual([404, 502]);
    const lines = await logLines(lb.accessLog, 2);
    expect(lines.join('\n')).toContain('"GET /metrics HTTP/1.1" 404');
    expect(lines.join('\n')).toContain('"GET /api/users/verify-email HTTP/1.1" 502');
    expect(lines.join('\n')).toContain('"http://localhost/verify"');
    expect(lines.join('\n')).not.toMatch(/482913|someone|example\.com|code=/);
  });
});
