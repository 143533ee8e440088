// The shipped load-balancer config (deploy/nginx/pawbridge.conf), rendered as the reliability run
// renders it and run for real in front of tiny stand-in upstreams (issue 24: items 1, 2 and 5).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
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
async function upstream(port: number, name: string, opts: { hang?: boolean; status?: number } = {}): Promise<{ hits: string[] }> {
  const hits: string[] = [];
  const srv = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    if (opts.hang) return;
    res.statusCode = opts.status ?? 200;
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

describe('pages survive any one BFF down (issue 24 item 1)', () => {
  it('the rendered page upstream lists every BFF', () => {
    const ports: LbPorts = { public: 1, api: 2, dashboard: 3, bffs: [11, 12], apis: [21, 22], dashboards: [31, 32] };
    const web = upstreamBlock(renderLbConfig(shipped, ports), 'pawbridge_web');
    expect(web).toMatch(/server 127\.0\.0\.1:11 /);
    expect(web).toMatch(/server 127\.0\.0\.1:12 /);
  });

  it("the README's sed gives the page upstream every BFF and binds the internal listeners to loopback", () => {
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../README.md'), 'utf8');
    const cmd = /^sed -e [\s\S]*?deploy\/nginx\/pawbridge\.conf(?= \|)/m.exec(readme)?.[0];
    expect(cmd).toBeDefined();
    const r = spawnSync('bash', ['-c', cmd ?? 'false'], { cwd: path.resolve(import.meta.dirname, '..'), encoding: 'utf8' });
    expect(r.status).toBe(0);
    const out = r.stdout;
    const web = upstreamBlock(out, 'pawbridge_web');
    expect(web).toMatch(/server 127\.0\.0\.1:3001 /);
    expect(web).toMatch(/server 127\.0\.0\.1:3002 /);
    expect(out).not.toMatch(/\b(bff-[12]|api-[12]|web):\d+/);
    expect(out).toMatch(/listen 127\.0\.0\.1:8080;/);
    expect(out).toMatch(/listen 127\.0\.0\.1:9092;/);
  });

  it('with BFF 1 killed, pages and the api still answer through BFF 2', async () => {
    const lb = await startNginx();
    // BFF 1 is down (nothing listens on its port); BFF 2 answers.
    const bff2 = await upstream(lb.ports.bffs[1], 'bff-2');
    const base = `http://127.0.0.1:${lb.ports.public}`;
    for (const url of ['/', '/adopt', '/community', '/api/config', '/', '/adopt']) {
      const res = await fetch(`${base}${url}`);
      expect(res.status, url).toBe(200);
      expect(await res.text()).toBe('bff-2');
    }
    expect(bff2.hits.length).toBe(6);
  });
});

describe('a BFF shedding load (503)', () => {
  it('pages go to the other BFF; /api answers pass through untouched and are never asked twice', async () => {
    const lb = await startNginx();
    // bff-1 sheds every request (as under-pressure does for a second after a stall); bff-2 answers.
    const shedding = await upstream(lb.ports.bffs[0], 'busy', { status: 503 });
    await upstream(lb.ports.bffs[1], 'bff-2');
    const base = `http://127.0.0.1:${lb.ports.public}`;
    for (const url of ['/', '/adopt', '/community/3', '/mypage', '/', '/adopt']) {
      const res = await fetch(`${base}${url}`, { headers: { accept: 'text/html' } });
      expect(res.status, url).toBe(200);
      expect(await res.text()).toBe('bff-2');
    }
    // /api: a 503 is mostly the upstream api shedding, which every BFF would meet; it is the client's answer.
    const before = shedding.hits.length;
    const apiStatuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${base}/api/strays?page=${i}`);
      await res.arrayBuffer();
      apiStatuses.push(res.status);
    }
    expect(apiStatuses.filter((s) => s === 503).length).toBe(shedding.hits.length - before);
    expect(apiStatuses.every((s) => s === 503 || s === 200)).toBe(true);
  });
});

describe('a hung api is taken out within seconds (issue 24 item 2)', () => {
  it('reads on a hung api are passed on to the other within 5 s, and the hung one leaves the rotation', async () => {
    const lb = await startNginx();
    const hung = await upstream(lb.ports.apis[0], 'api-1', { hang: true });
    await upstream(lb.ports.apis[1], 'api-2');
    const took: number[] = [];
    for (let i = 0; i < 8; i++) {
      const t0 = Date.now();
      // The BFF's upstream timeout is 10 s: every read must be answered well before it.
      const res = await fetch(`http://127.0.0.1:${lb.ports.api}/api/strays?page=${i}`, { signal: AbortSignal.timeout(6000) });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('api-2');
      took.push(Date.now() - t0);
    }
    expect(Math.max(...took)).toBeLessThan(5500);
    // max_fails=2: at most two reads paid the read timeout, the rest went straight to api-2.
    expect(hung.hits.length).toBeLessThanOrEqual(2);
    expect(took.slice(-4).every((ms) => ms < 1000)).toBe(true);
  }, 60_000);

  it('a write on a hung api is answered by nginx before the BFF gives up (10 s), and never sent twice', async () => {
    const lb = await startNginx();
    const hung = await upstream(lb.ports.apis[0], 'api-1', { hang: true });
    const live = await upstream(lb.ports.apis[1], 'api-2');
    const statuses: number[] = [];
    const took: number[] = [];
    for (let i = 0; i < 4; i++) {
      const t0 = Date.now();
      const res = await fetch(`http://127.0.0.1:${lb.ports.api}/api/community/comment/1`, {
        method: 'POST',
        body: `{"n":${i}}`,
        headers: { 'content-type': 'application/json' },
        signal: AbortSignal.timeout(9500),
      });
      await res.arrayBuffer();
      statuses.push(res.status);
      took.push(Date.now() - t0);
    }
    // The writes that reached the hung api got nginx's 504 after 8 s; none was passed on to api-2.
    const timedOut = statuses.filter((s) => s === 504).length;
    expect(timedOut).toBe(hung.hits.length);
    expect(timedOut).toBeGreaterThanOrEqual(1);
    expect(live.hits.length + hung.hits.length).toBe(4);
    expect(Math.max(...took)).toBeLessThan(9000);
  }, 60_000);
});

describe("nginx's own failures (issue 24)", () => {
  it('answer the error envelope when no BFF answers', async () => {
    const lb = await startNginx();
    const res = await fetch(`http://127.0.0.1:${lb.ports.public}/api/community/comment/1`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ error: { code: 'UPSTREAM_UNAVAILABLE', requestId: expect.any(String) } });
  });
});

describe('one BFF at a time (issue 24 items 1-2)', () => {
  it('a BFF killed and restarted is back in rotation after fail_timeout, and takes the pages while the other hangs', async () => {
    const lb = await startNginx();
    const base = `http://127.0.0.1:${lb.ports.public}`;
    await upstream(lb.ports.bffs[1], 'bff-2', { hang: true });
    // bff-1 is down long enough to be marked failed (max_fails=3), then comes back. Each page tries both
    // BFFs once (two tries), so four pages at once fail on bff-1 four times whatever their order.
    await Promise.all(
      Array.from({ length: 4 }, () =>
        fetch(`${base}/`, { signal: AbortSignal.timeout(8000) })
          .then((r) => r.arrayBuffer())
          .catch(() => undefined),
      ),
    );
    await upstream(lb.ports.bffs[0], 'bff-1');
    await sleep(10_500);
    const pages = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const res = await fetch(`${base}/adopt`, { signal: AbortSignal.timeout(8000) });
        return [res.status, await res.text()];
      }),
    );
    expect(pages).toEqual(Array.from({ length: 3 }, () => [200, 'bff-1']));
  }, 90_000);
});
