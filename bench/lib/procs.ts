import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from '@pawbridge/server-kit/testing/processes';

/** A child process started by a benchmark, with what it announced when ready. */
export interface Child<T> {
  proc: ChildProcess;
  ready: T;
  stop(): Promise<void>;
}

/**
 * Start a TypeScript script in its own Node process (tsx loader, IPC channel)
 * and wait for its `{ ready: {...} }` message. Its stdout (server logs) goes
 * to /dev/null, as a production log would go to a file, never through this
 * process (the load generator); stderr is passed through with BENCH_VERBOSE.
 */
export async function startChild<T>(
  script: string,
  env: Record<string, string>,
  execArgv: string[] = [],
  timeoutMs = 60_000,
): Promise<Child<T>> {
  const proc = fork(script, [], {
    execArgv: ['--import', 'tsx', ...execArgv],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', process.env.BENCH_VERBOSE ? 'inherit' : 'ignore', 'ipc'],
  });
  const ready = await new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script}: not ready after ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (m: unknown) => {
      if (typeof m !== 'object' || m === null || !('ready' in m)) return;
      clearTimeout(timer);
      proc.off('message', onMessage);
      resolve((m as { ready: T }).ready);
    };
    proc.on('message', onMessage);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script}: exited with ${code} before it was ready`));
    });
  });
  return {
    proc,
    ready,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        const kill = setTimeout(() => proc.kill('SIGKILL'), 5_000);
        proc.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        proc.kill('SIGTERM');
      }),
  };
}

/** Ask a child over IPC and wait for its answer (`{ id, ... }`). */
let nextId = 0;
export function ask<T>(child: ChildProcess, message: Record<string, unknown>, timeoutMs = 120_000): Promise<T> {
  const id = (nextId += 1);
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to ${String(message.type)} after ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (m: unknown) => {
      if (typeof m !== 'object' || m === null || (m as { id?: unknown }).id !== id) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(m as T);
    };
    child.on('message', onMessage);
    child.send({ ...message, id });
  });
}

/** Tell the parent this child is ready (and how to reach it). */
export const announceReady = (info: unknown): void => {
  process.send?.({ ready: info });
};

/** Stop on SIGTERM/SIGINT after `close` (or after 3 s regardless). */
export function stopOnSignal(close: () => Promise<unknown>): void {
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      setTimeout(() => process.exit(0), 3_000).unref();
      close().finally(() => process.exit(0));
    });
  }
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}

export { freePort };

/**
 * Our BFF as production starts it (`bff/src/server.ts`, configuration from
 * the environment, NODE_ENV=production unless `env` says otherwise) on a
 * free port; ready when /healthz answers.
 */
export async function startBff(env: Record<string, string>, execArgv: string[] = []): Promise<Child<{ url: string }>> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = fork(new URL('../../bff/src/server.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx', ...execArgv],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // What production refuses to start without (the shared Redis, our own rate-limit key prefix).
      REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
      RATE_LIMIT_PREFIX: `pawbridge:bench:${process.pid}:`,
      PUBLIC_ORIGIN: url,
      PORTONE_MERCHANT_CODE: 'imp00000000',
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', process.env.BENCH_VERBOSE ? 'inherit' : 'ignore', 'ipc'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`BFF exited with ${proc.exitCode} before it was ready`);
    if (Date.now() > deadline) throw new Error('BFF not ready after 60 s');
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    proc,
    ready: { url },
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        const kill = setTimeout(() => proc.kill('SIGKILL'), 5_000);
        proc.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        proc.kill('SIGTERM');
      }),
  };
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); NaN elsewhere. */
export function cpuMs(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command name), in clock ticks (100 per second).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}
