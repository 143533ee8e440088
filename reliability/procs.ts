// Child processes of the reliability run: each in its own process group, every
// wait bounded, everything killed on exit (normal, failure or watchdog).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort } from '@pawbridge/server-kit/testing/processes';

export interface Proc {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  logFile: string;
}

const live = new Set<Proc>();

export function spawnProc(
  name: string,
  cmd: string,
  args: string[],
  opts: { env: Record<string, string>; cwd: string; logDir: string },
): Proc {
  const logFile = path.join(opts.logDir, `${name}.log`);
  const out = fs.openSync(logFile, 'a');
  const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', out, out], detached: true });
  fs.closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const proc: Proc = { name, child, exited, logFile };
  live.add(proc);
  void exited.then(() => live.delete(proc));
  return proc;
}

/** Signals the whole process group (node + tsx children) and waits, bounded, for the exit. */
export async function stopProc(proc: Proc, signal: NodeJS.Signals = 'SIGTERM', waitMs = 5000): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  killGroup(proc, signal);
  const done = await Promise.race([proc.exited.then(() => true), sleep(waitMs).then(() => false)]);
  if (!done) {
    killGroup(proc, 'SIGKILL');
    await Promise.race([proc.exited, sleep(2000)]);
  }
}

function killGroup(proc: Proc, signal: NodeJS.Signals): void {
  if (proc.child.pid === undefined) return;
  try {
    process.kill(-proc.child.pid, signal);
  } catch {
    // already gone
  }
}

/** SIGSTOP/SIGCONT (a hung process and its recovery) to the whole group. */
export function signalProc(proc: Proc, signal: NodeJS.Signals): void {
  killGroup(proc, signal);
}

/** Last resort (exit, watchdog): SIGKILL every group still running, synchronously. */
export function killAll(): void {
  for (const p of live) killGroup(p, 'SIGKILL');
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export { freePort };

/** Polls `check` until it is true; throws with `what` after `timeoutMs`. */
export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<number> {
  const start = Date.now();
  for (;;) {
    let ok = false;
    try {
      ok = await check();
    } catch (err) {
      if ((err as Error).message.includes(' exited (')) throw err;
    }
    if (ok) return Date.now() - start;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

export async function httpOk(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
  await res.arrayBuffer();
  return res.ok;
}

/** /readyz answers 200 (ready), or 404 (a build without it: /healthz was enough). */
export async function ready(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await res.arrayBuffer();
  return res.status === 200 || res.status === 404;
}

export function tcpOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.setTimeout(500);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.once('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

/** The tail of a process's log, for failure messages. */
export function tail(proc: Proc, lines = 15): string {
  try {
    return fs.readFileSync(proc.logFile, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
