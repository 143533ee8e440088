// The web image's nginx.conf: its screen-route pattern against shared/src/screen-routes.ts, and the
// file run with this machine's nginx over the emulated image's files (the paths only are rewritten).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The route patterns of shared/src/screen-routes.ts (read as text: scripts/ does not import workspaces' src). */
export function screenRoutes(source: string): string[] {
  const list = /SCREEN_ROUTES\s*=\s*\[([\s\S]*?)\]/.exec(source)?.[1] ?? '';
  return [...list.matchAll(/'([^']+)'/g)].map((m) => m[1] ?? '');
}

/** The regex of nginx.conf's screen-route location (the one that rewrites to /index.html). */
export function screenRouteRegex(conf: string): RegExp | null {
  const m = /location ~ "([^"]+)" \{\s*rewrite \^ \/index\.html last;/.exec(conf);
  return m?.[1] ? new RegExp(m[1]) : null;
}

/** Paths where nginx and the SPA's list disagree (screens it misses, non-screens it claims). */
export function screenRouteMismatches(conf: string, routes: string[]): string[] {
  const nginx = screenRouteRegex(conf);
  if (!nginx) return ['no screen-route location in web/nginx.conf'];
  const oracle = routes.map((r) => new RegExp(`^${r.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`));
  const isScreen = (p: string) => oracle.some((re) => re.test(p));
  const samples = new Set<string>(['/', '/nope', '/admin', '/pet', '/assets', '/index', '/favicon.svg']);
  for (const r of routes) {
    const concrete = r.replace(/:[A-Za-z]+/g, 'x1');
    for (const p of [concrete, `${concrete}/`, `${concrete}/extra`, `${concrete}/extra/more`, `${concrete}x`])
      samples.add(p.replace(/\/{2,}/g, '/'));
  }
  return [...samples]
    .filter((p) => nginx.test(p) !== isScreen(p))
    .map((p) => `${p}: nginx says ${nginx.test(p) ? 'screen' : 'not a screen'}, the SPA ${isScreen(p) ? 'screen' : 'not a screen'}`);
}

export interface WebServerOptions {
  conf: string;
  port: number;
  htmlRoot: string;
  bff: string;
  tmpDir: string;
}

/** web/nginx.conf with this machine's paths: listen port, document root, the BFF address, temp files. */
export function renderConf(o: WebServerOptions): string {
  return o.conf
    .replaceAll('/tmp/nginx', `${o.tmpDir}/nginx`)
    .replace(/listen 80;/, `listen 127.0.0.1:${o.port};`)
    .replace(/root \/usr\/share\/nginx\/html;/, `root ${o.htmlRoot};`)
    .replace(/set \$pawbridge_bff bff:3000;/, `set $pawbridge_bff ${o.bff};`)
    .replace(/access_log \/dev\/stdout;/, 'access_log off;')
    .replace(/error_log \/dev\/stderr/, `error_log ${o.tmpDir}/error.log`);
}

/** The image's HEALTHCHECK (exec form) pointed at the local port; `http://127.0.0.1/` is the container's port 80. */
export function localHealthcheck(cmd: string[], port: number): string[] {
  return cmd.map((a) => a.replace(/^http:\/\/127\.0\.0\.1\//, `http://127.0.0.1:${port}/`));
}

export async function checkWebServer(
  o: WebServerOptions,
  expectedCsp: string | null,
  healthcheck: string[] = [],
): Promise<{ problems: string[]; notes: string[] }> {
  const problems: string[] = [];
  const notes: string[] = [];
  fs.mkdirSync(o.tmpDir, { recursive: true, mode: 0o777 });
  const confFile = path.join(o.tmpDir, 'nginx.conf');
  fs.writeFileSync(confFile, renderConf(o));
  const test = spawnSync('nginx', ['-t', '-c', confFile, '-p', o.tmpDir], { encoding: 'utf8' });
  if (test.error) return { problems: [`nginx could not run (${test.error.message}); install Debian's nginx package`], notes };
  if (test.status !== 0) return { problems: [`nginx -t: ${test.stderr.trim().split('\n').slice(-3).join(' ')}`], notes };
  const nginx = spawn('nginx', ['-c', confFile, '-p', o.tmpDir, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  nginx.stderr?.on('data', (d: Buffer) => (errors += d.toString()));
  const base = `http://127.0.0.1:${o.port}`;
  try {
    for (let i = 0; i < 50; i++) {
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const get = (p: string, headers: Record<string, string> = {}) => fetch(base + p, { headers: { accept: 'text/html', ...headers } });
    const expect = (cond: boolean, what: string) => (cond ? notes.push(what) : problems.push(`web: ${what}`));

    const health = await get('/healthz');
    expect(health.status === 200, '/healthz answers 200');
    const [bin, ...rest] = localHealthcheck(healthcheck, o.port);
    if (bin) {
      const run = spawnSync(bin, rest, { encoding: 'utf8', timeout: 10_000 });
      expect(run.status === 0, `its HEALTHCHECK (${healthcheck.join(' ')}) passes`);
    }
    const assets = fs.readdirSync(path.join(o.htmlRoot, 'assets'));
    const js = assets.find((f) => /-[A-Za-z0-9_-]{8}\.js$/.test(f) && assets.includes(`${f}.gz`));
    if (!js) problems.push('web: no hashed .js asset with a .gz copy in assets/');
    else {
      const res = await get(`/assets/${js}`, { 'accept-encoding': 'gzip' });
      expect(
        res.status === 200 && (res.headers.get('cache-control') ?? '') === 'public, max-age=31536000, immutable',
        `hashed asset cached for a year (${js})`,
      );
      expect(res.headers.get('content-encoding') === 'gzip', 'pre-compressed .gz copy served to gzip clients');
      await res.arrayBuffer();
    }
    for (const p of ['/assets/missing-00000000.js', '/missing.png']) {
      const missing = await get(p);
      expect(
        missing.status === 404 && !(missing.headers.get('content-type') ?? '').includes('html'),
        `${p} (missing file) → a plain 404, not the page`,
      );
    }
    for (const [p, status] of [
      ['/', 200],
      ['/adopt', 200],
      ['/community/12/edit', 200],
      ['/mypage/pets', 200],
      ['/no-such-page', 404],
      ['/admin/nothing-here', 404],
    ] as const) {
      const res = await get(p);
      const body = await res.text();
      const ok = res.status === status && body.includes('<div id="root"') && res.headers.get('cache-control') === 'no-cache';
      expect(ok, `${p} → the page with ${status}, no-cache`);
      if (expectedCsp !== null)
        expect(
          res.headers.get('content-security-policy') === expectedCsp && res.headers.get('x-frame-options') !== null,
          `${p} carries the BFF's CSP and framing headers`,
        );
    }
  } finally {
    nginx.kill('SIGQUIT');
    await new Promise((r) => nginx.once('exit', r));
  }
  const errorLog = path.join(o.tmpDir, 'error.log');
  errors += fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '';
  if (/\[(emerg|alert|crit)\]/.test(errors)) problems.push(`nginx: ${errors.trim().split('\n').slice(-3).join(' ')}`);
  return { problems, notes };
}
