// What the runtime images must and must not hold, and starting their CMD the way the container would.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { findFiles } from './emulate';
import { freePort } from '@pawbridge/server-kit/testing/processes';

const Lock = z.object({
  packages: z.record(z.string(), z.object({ dev: z.boolean().optional(), link: z.boolean().optional() }).passthrough()),
});

/** Paths (node_modules/…) the lock file marks dev-only: none of them belongs in a runtime image. */
export function devOnlyPaths(lockText: string): string[] {
  const lock = Lock.parse(JSON.parse(lockText));
  return Object.entries(lock.packages)
    .filter(([p, info]) => p.startsWith('node_modules/') && info.dev === true)
    .map(([p]) => p);
}

/** Problems of one runtime image's directory: dev-only packages installed, source maps present. */
export function auditRuntimeTree(appDir: string, devPaths: string[]): string[] {
  const problems: string[] = [];
  const present = devPaths.filter((p) => fs.existsSync(path.join(appDir, p)));
  if (present.length > 0) problems.push(`${present.length} dev-only package(s) installed, e.g. ${present.slice(0, 6).join(', ')}`);
  const maps = findFiles(path.dirname(appDir), (n) => n.endsWith('.map'), 5);
  if (maps.length > 0) problems.push(`source maps present, e.g. ${maps.map((m) => path.relative(path.dirname(appDir), m)).join(', ')}`);
  return problems;
}

export { freePort };

export interface Started {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts a container's CMD in its app directory; resolves once `url` answers 200, rejects with the log otherwise. */
export async function startAndWait(
  cmd: string[],
  cwd: string,
  env: Record<string, string>,
  url: string,
  timeoutMs = 60_000,
): Promise<Started> {
  const [bin, ...args] = cmd;
  if (!bin) throw new Error('empty CMD');
  let log = '';
  const child = spawn(bin, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));
  child.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`exited with code ${child.exitCode} before answering ${url}:\n${log.split('\n').slice(-15).join('\n')}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return { child, output: () => log, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await stop();
  throw new Error(`no 200 from ${url} within ${timeoutMs / 1000} s:\n${log.split('\n').slice(-15).join('\n')}`);
}

/** Runs the image's HEALTHCHECK command (exec form) with the container's environment. */
export function runHealthcheck(cmd: string[], cwd: string, env: Record<string, string>): { ok: boolean; detail: string } {
  const [bin, ...args] = cmd;
  if (!bin) return { ok: false, detail: 'empty HEALTHCHECK' };
  const res = spawnSync(bin, args, { cwd, env, encoding: 'utf8', timeout: 10_000 });
  return { ok: res.status === 0, detail: `exit ${res.status}${res.stderr ? `: ${res.stderr.trim().slice(0, 200)}` : ''}` };
}

export function duMegabytes(dir: string): number {
  const res = spawnSync('du', ['-sm', dir], { encoding: 'utf8' });
  return Number(res.stdout.split(/\s/)[0] ?? 0);
}
