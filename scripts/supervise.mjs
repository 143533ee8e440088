// Keeps a child process running: when it dies on its own it is started again
// after a back-off (1 s, 2 s, 4 s … up to maxDelayMs), reset once a run has
// lasted stableMs. stop() ends it for good (Ctrl-C path).
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * @param {string} name
 * @param {() => import('node:child_process').ChildProcess} start
 * @param {{ log?: (line: string) => void, baseDelayMs?: number, maxDelayMs?: number, stableMs?: number, onStart?: (child: import('node:child_process').ChildProcess) => void }} [opts]
 */
export function supervise(name, start, opts = {}) {
  const { log = (line) => console.error(line), baseDelayMs = 1000, maxDelayMs = 30_000, stableMs = 60_000, onStart } = opts;
  let stopping = false;
  let failures = 0;
  let child;
  let restarts = 0;
  const launch = () => {
    const startedAt = Date.now();
    child = start();
    onStart?.(child);
    child.once('exit', async (code, signal) => {
      if (stopping) return;
      if (Date.now() - startedAt >= stableMs) failures = 0;
      const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** failures);
      failures += 1;
      log(`[start] ${name} stopped (${signal ?? `exit code ${code}`}); restarting in ${delay / 1000} s (attempt ${failures}).`);
      await sleep(delay);
      if (stopping) return;
      restarts += 1;
      launch();
      log(`[start] ${name} restarted.`);
    });
  };
  launch();
  return {
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    /** Stop supervising and end the child (SIGTERM, then SIGKILL after graceMs). */
    async stop(graceMs = 8000) {
      stopping = true;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
