// Renders deploy/nginx/pawbridge.conf (the file compose mounts) with loopback
// ports, checks it with `nginx -t` and runs nginx in the foreground as a child.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { spawnProc, type Proc } from './procs';

export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
/** The shipped config; RELIABILITY_LB_CONFIG tries an edited copy against the same scenarios. */
export const LB_CONFIG = path.resolve(
  process.env.RELIABILITY_LB_CONFIG ?? path.resolve(import.meta.dirname, '../deploy/nginx/pawbridge.conf'),
);

export interface LbPorts {
  /** The public site (compose: 80). */
  public: number;
  /** Internal: BFFs -> api instances (compose: 8080). */
  api: number;
  /** Internal: BFFs -> dashboard sockets (compose: 9092). */
  dashboard: number;
  bffs: [number, number];
  apis: [number, number];
  dashboards: [number, number];
}

/** Every compose address in the shipped file, replaced by its loopback twin; fails if one is missing (the file drifted). */
export function renderLbConfig(source: string, p: LbPorts, accessLog?: string): string {
  const swaps: [RegExp, string][] = [
    [/\blisten 80;/, `listen 127.0.0.1:${p.public};`],
    [/\blisten 8080;/, `listen 127.0.0.1:${p.api};`],
    [/\blisten 9092;/, `listen 127.0.0.1:${p.dashboard};`],
    [/\bbff-1:3000\b/g, `127.0.0.1:${p.bffs[0]}`],
    [/\bbff-2:3000\b/g, `127.0.0.1:${p.bffs[1]}`],
    [/\bapi-1:8080\b/, `127.0.0.1:${p.apis[0]}`],
    [/\bapi-2:8080\b/, `127.0.0.1:${p.apis[1]}`],
    [/\bapi-1:9092\b/, `127.0.0.1:${p.dashboards[0]}`],
    [/\bapi-2:9092\b/, `127.0.0.1:${p.dashboards[1]}`],
    // No web container here: the BFFs answer the rest (as when they serve WEB_DIST_DIR), every one of
    // them, so pages survive the loss of any one BFF (issue 24 item 1).
    [/^( *)server web:80\b([^;\n]*);/m, `$1server 127.0.0.1:${p.bffs[0]}$2;\n$1server 127.0.0.1:${p.bffs[1]}$2;`],
  ];
  // The shipped access log (the path of a stock nginx; the official image links it to stdout) becomes the run's file.
  if (accessLog) swaps.push([/\/var\/log\/nginx\/access\.log/g, accessLog]);
  let out = source;
  for (const [re, to] of swaps) {
    if (!re.test(out)) throw new Error(`deploy/nginx/pawbridge.conf: expected ${re} (update reliability/nginx.ts with the file)`);
    out = out.replace(re, to);
  }
  return out;
}

export interface Lb {
  dir: string;
  confFile: string;
  accessLog: string;
  args: string[];
}

export function writeLb(dir: string, p: LbPorts): Lb {
  fs.mkdirSync(dir, { recursive: true });
  const accessLog = path.join(dir, 'access.log');
  fs.writeFileSync(path.join(dir, 'pawbridge.conf'), renderLbConfig(fs.readFileSync(LB_CONFIG, 'utf8'), p, accessLog));
  const temp = (n: string) => `${n}_temp_path ${path.join(dir, `${n}-temp`)};`;
  const conf = `worker_processes 1;
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log ${accessLog};
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  include ${path.join(dir, 'pawbridge.conf')};
}
`;
  const confFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(confFile, conf);
  const args = ['-p', dir, '-c', confFile, '-e', path.join(dir, 'error.log'), '-g', `daemon off; pid ${path.join(dir, 'nginx.pid')};`];
  return { dir, confFile, accessLog, args };
}

/** `nginx -t` on the rendered config; throws with nginx's words when it is refused. */
export function testLb(lb: Lb): string {
  const r = spawnSync(NGINX_BIN, ['-t', ...lb.args], { encoding: 'utf8', timeout: 10_000 });
  const said = `${r.stdout}${r.stderr}`.trim();
  if (r.status !== 0) throw new Error(`nginx -t refused the rendered config:\n${said}`);
  return said;
}

export function startLb(lb: Lb, logDir: string): Proc {
  return spawnProc('nginx', NGINX_BIN, lb.args, { env: { PATH: process.env.PATH ?? '' }, cwd: lb.dir, logDir });
}

/** Which upstream addresses served which requests (from the access log): evidence of the balancing. */
export function upstreamCounts(lb: Lb, uriPrefix: string): Record<string, number> {
  const counts: Record<string, number> = {};
  if (!fs.existsSync(lb.accessLog)) return counts;
  const text = fs.readFileSync(lb.accessLog, 'utf8');
  for (const line of text.split('\n')) {
    // The shipped pawbridge_noquery format: … "METHOD /path HTTP/1.1" … upstream=<addr>[, <addr>] …
    const m = /"\S+ (\S+) \S+" .* upstream=(\S+)/.exec(line);
    const uri = m?.[1];
    const upstream = m?.[2]?.replace(/,$/, '');
    if (!uri?.startsWith(uriPrefix) || !upstream || upstream === '-') continue;
    counts[upstream] = (counts[upstream] ?? 0) + 1;
  }
  return counts;
}
