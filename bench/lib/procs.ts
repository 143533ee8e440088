import { fork, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';

/** A child process started by a benchmark, with the JSON it printed on its `READY ` line. */
export interface Child<T> {
  proc: ChildProcess;
  ready: T;
  stop(): Promise<void>;
}

/**
 * Start a TypeScript script in its own Node process (tsx loader, IPC channel)
 * and wait for the line `READY {json}` on its stdout. Other stdout lines are
 * dropped (server logs), stderr is passed through when BENCH_VERBOSE is set.
 */
export async function startChild<T>(script: string, env: Record<string, string>, execArgv: string[] = [], timeoutMs = 60_000): Promise<Child<T>> {
  const proc = fork(script, [], {
    execArgv: ['--import', 'tsx', ...execArgv],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', process.env.BENCH_VERBOSE ? 'inherit' : 'ignore', 'ipc'],
  });
  const ready = await new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script}: not ready after ${timeoutMs} ms`)), timeoutMs);
    const lines = readline.createInterface({ input: proc.stdout! });
    lines.on('line', (line) => {
      if (!line.startsWith('READY ')) return;
      clearTimeout(timer);
      resolve(JSON.parse(line.slice(6)) as T);
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script}: exited with ${code} before it was ready`));
    });
  });
  // Keep draining stdout so a chatty child never blocks on a full pipe.
  proc.stdout!.resume();
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

/** Print the READY line a parent waits for. */
export const announceReady = (info: unknown): void => {
  process.stdout.write(`READY ${JSON.stringify(info)}\n`);
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
