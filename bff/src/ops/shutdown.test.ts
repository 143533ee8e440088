import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startFakeSpring, type FakeSpring } from '../testing/fake-spring/index';

// The real BFF process (server.ts) under SIGTERM, in front of a fake upstream this test slows down.
const ROOT = path.resolve(__dirname, '../../..');
const children: ChildProcess[] = [];
let spring: FakeSpring;
beforeAll(async () => {
  spring = await startFakeSpring();
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await spring?.close();
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((r) => server.close(r));
  return port;
}

async function startBff(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bff/src/server.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), NODE_ENV: 'test', LOG_FORMAT: 'json', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(port), UPSTREAM_URL: spring.url, UPSTREAM_KIND: 'legacy', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await until(async () => ((await request(port, '/healthz')).status === 200 ? true : undefined), 60_000);
  return { port, child, exited, output: () => out };
}

function request(port: number, pathName: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathName, agent: false, headers }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

async function until<T>(fn: () => Promise<T | undefined>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('graceful shutdown of the BFF process', () => {
  it('finishes the in-flight request, refuses new connections, closes STOMP with 1012 and exits 0', async () => {
    const bff = await startBff({ SHUTDOWN_TIMEOUT_MS: '8000' });
    spring.state.addUser({ userId: 'drainer', name: null, email: null, role: 'USER' });
    const cookie = `JSESSIONID=${spring.state.createSession('drainer')}`;

    const ws = new WebSocket(`ws://127.0.0.1:${bff.port}/ws`, { headers: { cookie } });
    const frames: string[] = [];
    ws.on('message', (d: Buffer) => frames.push(d.toString()));
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise((r) => ws.on('open', r));
    ws.send('CONNECT\naccept-version:1.2\nheart-beat:0,0\n\n\0');
    await until(async () => (frames.some((f) => f.startsWith('CONNECTED')) ? true : undefined), 10_000);

    // The upstream now takes 1.5 s: this request is in flight when SIGTERM arrives.
    spring.state.delayMs = 1500;
    const inflight = request(bff.port, '/api/users/check-session', { cookie });
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    bff.child.kill('SIGTERM');

    // (A connection caught in the accept queue as the listener closes is reset; then every new one is refused.)
    const refused = await until(async () => request(bff.port, '/healthz').then(() => undefined, (err: NodeJS.ErrnoException) => (err.code === 'ECONNREFUSED' ? err.code : undefined)), 3000);
    expect(refused).toBe('ECONNREFUSED');
    expect(await closed).toBe(1012);
    expect(frames.find((f) => f.startsWith('ERROR'))).toMatch(/message:server restarting/);

    const answer = await inflight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ loggedIn: true });
    expect(await bff.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(bff.output()).toContain('shutdown: complete');
    spring.state.delayMs = 0;
  }, 90_000);

  it('gives up at SHUTDOWN_TIMEOUT_MS with a log line and exit code 1', async () => {
    const bff = await startBff({ SHUTDOWN_TIMEOUT_MS: '1000', UPSTREAM_TIMEOUT_MS: '20000' });
    spring.state.addUser({ userId: 'stuck', name: null, email: null, role: 'USER' });
    const cookie = `JSESSIONID=${spring.state.createSession('stuck')}`;
    spring.state.delayMs = 6000;
    const stuck = request(bff.port, '/api/users/check-session', { cookie }).catch((err: NodeJS.ErrnoException) => err.code);
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    bff.child.kill('SIGTERM');
    expect(await bff.exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(bff.output()).toContain('shutdown: deadline passed');
    expect(await stuck).toBe('ECONNRESET');
    spring.state.delayMs = 0;
  }, 90_000);

  it('refuses a production start with the list of what is missing, without a stack trace', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bff/src/server.ts'], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(1);
    expect(out).toContain('The BFF refuses to start with NODE_ENV=production:');
    expect(out).toContain('  - PUBLIC_ORIGIN: required');
    expect(out).not.toMatch(/\n\s+at /);
  }, 30_000);
});
