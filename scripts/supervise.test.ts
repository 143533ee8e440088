import { spawn } from 'node:child_process';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM launcher module without types
import { EXIT_CONFIG, portInUse, supervise, waitUntilReady } from './supervise.mjs';

const crashOnce = (marker: { runs: number }) => () => {
  marker.runs += 1;
  // The first run crashes at once; later runs keep running until stopped.
  const code = marker.runs === 1 ? 'process.exit(3)' : 'setInterval(() => {}, 1000)';
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
};

describe('launcher supervision (npm start keeps the app up)', () => {
  it('restarts a crashed child after a back-off and says so', async () => {
    const lines: string[] = [];
    const marker = { runs: 0 };
    const sup = supervise('api', crashOnce(marker), { log: (l: string) => lines.push(l), baseDelayMs: 20 });
    await expect.poll(() => marker.runs, { timeout: 5000 }).toBe(2);
    expect(sup.restarts).toBe(1);
    expect(lines[0]).toMatch(/^\[start\] api stopped \(exit code 3\); restarting in .* s \(attempt 1\)\.$/);
    await sup.stop();
    expect(sup.child.exitCode !== null || sup.child.signalCode !== null).toBe(true);
  });

  it('backs off exponentially while the child keeps crashing, and stop() ends the loop', async () => {
    const lines: string[] = [];
    let runs = 0;
    const sup = supervise(
      'bff',
      () => {
        runs += 1;
        return spawn(process.execPath, ['-e', 'process.exit(1)'], { stdio: 'ignore' });
      },
      { log: (l: string) => lines.push(l), baseDelayMs: 10, maxDelayMs: 40 },
    );
    await expect.poll(() => lines.filter((l) => l.includes('restarting in')).length, { timeout: 5000 }).toBeGreaterThanOrEqual(4);
    await sup.stop();
    const delays = lines.filter((l) => l.includes('restarting in')).map((l) => Number(/in ([\d.]+) s/.exec(l)?.[1]));
    expect(delays.slice(0, 4)).toEqual([0.01, 0.02, 0.04, 0.04]);
    const after = runs;
    await new Promise((r) => setTimeout(r, 150));
    expect(runs).toBe(after);
  });
});

/** A child on an IPC channel that sends `messages` (one every `everyMs`), then serves 200 on `port`. */
function slowStarter(port: number, opts: { messages: number; everyMs: number; silent?: boolean }) {
  const code = `
    let n = 0;
    const stages = ['database-create', 'seeding'];
    const t = setInterval(() => {
      if (!${opts.silent ?? false}) process.send(n < stages.length ? { type: 'pawbridge:stage', stage: stages[n] } : { type: 'pawbridge:progress' });
      if (++n >= ${opts.messages}) {
        clearInterval(t);
        require('node:http').createServer((q, r) => r.end('ok')).listen(${port}, '127.0.0.1');
      }
    }, ${opts.everyMs});`;
  return spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

describe('launcher start-up wait (issue 24 item 7)', () => {
  it('waits as long as the child makes progress, well past the stall limit, and says what it is doing', async () => {
    const port = await freePort();
    const child = slowStarter(port, { messages: 50, everyMs: 50 });
    const lines: string[] = [];
    const started = Date.now();
    try {
      await waitUntilReady(`http://127.0.0.1:${port}/`, () => child, 'api', {
        stallMs: 1000,
        everyMs: 20,
        log: (l: string) => lines.push(l),
      });
    } finally {
      child.kill();
    }
    expect(Date.now() - started).toBeGreaterThan(2000);
    expect(lines).toEqual([
      expect.stringMatching(/^\[start\] api: creating the database/),
      expect.stringMatching(/^\[start\] api: seeding/),
    ]);
  });

  it('gives up on a child that makes no progress, and says so', async () => {
    const port = await freePort();
    const child = slowStarter(port, { messages: 1000, everyMs: 50, silent: true });
    try {
      await expect(
        waitUntilReady(`http://127.0.0.1:${port}/`, () => child, 'api', { stallMs: 300, everyMs: 20, log: () => undefined }),
      ).rejects.toThrow(/api made no progress for 0.3 s/);
    } finally {
      child.kill();
    }
  });

  it('says which port is busy and which variable to set', async () => {
    const srv = net.createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const { port } = srv.address() as net.AddressInfo;
    try {
      expect(await portInUse('127.0.0.1', port, 'PORT')).toBe(`port ${port} is in use; set PORT (e.g. PORT=${port + 1} npm start)`);
    } finally {
      srv.close();
    }
    expect(await portInUse('127.0.0.1', port, 'PORT')).toBeUndefined();
  });

  it('does not restart a child that exits EX_CONFIG (a busy port): no restart loop', async () => {
    const lines: string[] = [];
    let runs = 0;
    let fatal: number | undefined;
    supervise(
      'bff',
      () => {
        runs += 1;
        return spawn(process.execPath, ['-e', `process.exit(${EXIT_CONFIG})`], { stdio: 'ignore' });
      },
      { log: (l: string) => lines.push(l), baseDelayMs: 10, onFatal: (code: number) => (fatal = code) },
    );
    await expect.poll(() => fatal, { timeout: 5000 }).toBe(78);
    await new Promise((r) => setTimeout(r, 100));
    expect(runs).toBe(1);
    expect(lines).toEqual(['[start] bff cannot start as configured (see above); not restarting.']);
  });

  it('a server on a busy port says one line and exits EX_CONFIG', async () => {
    const srv = net.createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const { port } = srv.address() as net.AddressInfo;
    const code = `
      import('fastify').then(async ({ default: fastify }) => {
        const { listenOrExplain } = await import('@pawbridge/server-kit/startup-progress');
        await listenOrExplain(fastify(), { host: '127.0.0.1', port: ${port} }, 'PORT');
      });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'], cwd: 'server-kit' });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const exit = await new Promise<number | null>((r) => child.once('exit', r));
    srv.close();
    expect(exit).toBe(78);
    expect(err.trim()).toBe(`port ${port} is in use; set PORT`);
  }, 30_000);
});
