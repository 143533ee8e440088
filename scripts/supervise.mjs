// Keeps a child process running: when it dies on its own it is started again
// after a back-off (1 s, 2 s, 4 s … up to maxDelayMs), reset once a run has
// lasted stableMs. stop() ends it for good (Ctrl-C path).
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** sysexits' EX_CONFIG: the process cannot run as configured; a supervisor must not restart it. */
export const EXIT_CONFIG = 78;

/**
 * @param {string} name
 * @param {() => import('node:child_process').ChildProcess} start
 * @param {{ log?: (line: string) => void, baseDelayMs?: number, maxDelayMs?: number, stableMs?: number, onStart?: (child: import('node:child_process').ChildProcess) => void }} [opts]
 */
export function supervise(name, start, opts = {}) {
  const { log = (line) => console.error(line), baseDelayMs = 1000, maxDelayMs = 30_000, stableMs = 60_000, onStart, onFatal } = opts;
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
      // A child that cannot start as configured (a busy port…) said why and exits EX_CONFIG: restarting
      // would only repeat the message in a loop (issue 24 item 7).
      if (code === EXIT_CONFIG) {
        stopping = true;
        log(`[start] ${name} cannot start as configured (see above); not restarting.`);
        onFatal?.(code);
        return;
      }
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

/** What the api's start-up stages (api/src/ops/startup-progress.ts) are called on the launcher's screen. */
const STAGE_WORDS = {
  'database-create': 'creating the database (first start: this can take a few minutes)…',
  'database-open': 'opening the database and applying migrations…',
  seeding: 'seeding the admin account and demo data…',
  listening: 'starting to listen…',
};

/**
 * Waits until `url` answers 2xx for as long as the child makes progress: every message on its IPC
 * channel (stages, heart-beats) counts, so a slow machine gets all the time it needs while a
 * stuck or silent child is given up after `stallMs` without any (no fixed total; issue 24 item 7).
 *
 * @param {string} url
 * @param {() => import('node:child_process').ChildProcess} getChild
 * @param {string} name
 * @param {{ stallMs?: number, everyMs?: number, log?: (line: string) => void }} [opts]
 */
export async function waitUntilReady(url, getChild, name, opts = {}) {
  const { stallMs = 120_000, everyMs = 300, log = (line) => console.log(line) } = opts;
  let last = Date.now();
  let watched;
  const onMessage = (m) => {
    last = Date.now();
    if (m && typeof m === 'object' && m.type === 'pawbridge:stage' && STAGE_WORDS[m.stage]) log(`[start] ${name}: ${STAGE_WORDS[m.stage]}`);
  };
  try {
    for (;;) {
      const child = getChild();
      if (child !== watched) {
        watched?.off('message', onMessage);
        child.on('message', onMessage);
        watched = child;
      }
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`${name} stopped while starting (${child.signalCode ?? `exit code ${child.exitCode}`})`);
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
        await res.arrayBuffer();
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() - last > stallMs) throw new Error(`${name} made no progress for ${stallMs / 1000} s and is not ready at ${url}`);
      await sleep(everyMs);
    }
  } finally {
    watched?.off('message', onMessage);
  }
}

/** The launcher's sentence when `port` is taken (undefined when it is free), said before anything starts. */
export function portInUse(host, port, variable = 'PORT') {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', (err) =>
      resolve(err.code === 'EADDRINUSE' ? `port ${port} is in use; set ${variable} (e.g. ${variable}=${port + 1} npm start)` : undefined),
    );
    srv.listen(port, host, () => srv.close(() => resolve(undefined)));
  });
}
