import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';

// Helpers for tests that run a tier's real server process (its shutdown and production refusal).

/** Ports handed out by this process (two picks never meet). */
const handedOut = new Set<number>();

/** Whether a server can listen on `port` now (0: any port; the one it got). */
function listenOnce(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(null));
    srv.listen(port, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : null));
    });
  });
}

/**
 * A free loopback port for a server started a moment later (a child process, or nginx's upstreams,
 * named before they listen). Picked below the kernel's ephemeral range (32768–60999 on Linux): a port
 * from `listen(0)` lies in that range, where any process's outgoing connection can take it before our
 * server listens (seen in CI as EADDRINUSE while other tests ran beside it). Falls back to `listen(0)`.
 */
export async function freePort(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = 20_000 + crypto.randomInt(12_000);
    if (handedOut.has(port)) continue;
    if ((await listenOnce(port)) === port) {
      handedOut.add(port);
      return port;
    }
  }
  const port = await listenOnce(0);
  if (port === null) throw new Error('no free port');
  return port;
}

/** Polls `fn` every 100 ms until it gives a value (a throw counts as none); fails after `ms`. */
export async function until<T>(fn: () => Promise<T | undefined>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A GET on a fresh connection (no keep-alive agent), so a closed listener shows as a refused connection. */
export function httpGet(port: number, pathName: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathName, agent: false, headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** stdout and stderr so far. */
  output(): string;
}

/**
 * Runs `node --import tsx <script>` from `cwd` in a clean environment (PATH, HOME
 * and `env` only: never the developer's DATABASE_URL/REDIS_URL). `stopAll()` kills
 * what is still running.
 */
export function serverProcesses(cwd: string) {
  const children: ChildProcess[] = [];
  return {
    start(script: string, env: Record<string, string>): ServerProcess {
      const child = spawn(process.execPath, ['--import', 'tsx', script], {
        cwd,
        env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let out = '';
      child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      return { child, exited, output: () => out };
    },
    stopAll(): void {
      for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    },
  };
}

/** The message a config loader throws for `env`; fails the test when it accepts it. */
export function refusalOf(load: (env: Record<string, string>) => unknown, env: Record<string, string>): string {
  try {
    load(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
}
