import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, httpGet as get, serverProcesses, until } from '@pawbridge/server-kit/testing/processes';
import { connectedStomp } from '@pawbridge/server-kit/testing/stomp-socket';
import { afterAll, describe, expect, it } from 'vitest';

// The real process (server.ts) under SIGTERM: drain, finish in-flight work, tell sockets to reconnect, exit.
const processes = serverProcesses(path.resolve(__dirname, '../../..'));
afterAll(() => processes.stopAll());

function startApi(env: Record<string, string>) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pawbridge-shutdown-'));
  return processes.start('api/src/server.ts', {
    NODE_ENV: 'test',
    LOG_FORMAT: 'json',
    DATA_DIR: 'memory',
    MAIL_OUTBOX_DIR: path.join(tmp, 'outbox'),
    UPLOAD_DIR: path.join(tmp, 'uploads'),
    DASHBOARD_PORT: '0',
    ...env,
  });
}

describe('graceful shutdown of the api process', () => {
  it('answers /readyz draining, refuses new connections, finishes the in-flight request, closes STOMP with 1012 and exits 0', async () => {
    const port = await freePort();
    const api = startApi({ API_PORT: String(port), LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '8000', SHUTDOWN_DRAIN_DELAY_MS: '800' });
    await until(async () => ((await get(port, '/readyz')).status === 200 ? true : undefined), 60_000);

    // A member's live socket.
    const login = await fetch(`http://127.0.0.1:${port}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'demo', password: 'demo1234' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const { frames, closed } = await connectedStomp(`ws://127.0.0.1:${port}/ws/websocket`, { cookie }, 5000);

    // An in-flight request: headers sent, body held back until the shutdown has begun.
    const body = JSON.stringify({ userId: 'demo', password: 'demo1234' });
    const inflight = http.request({
      host: '127.0.0.1',
      port,
      path: '/api/users/login',
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<number>((resolve, reject) => {
      inflight.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      inflight.on('error', reject);
    });
    inflight.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 300));

    const started = Date.now();
    api.child.kill('SIGTERM');
    const draining = await until(async () => {
      const res = await get(port, '/readyz');
      return res.status === 503 ? res.body : undefined;
    }, 2000);
    expect(JSON.parse(draining)).toEqual({ status: 'draining' });
    // After the drain delay the listener is gone.
    // (A connection caught in the accept queue as the listener closes is reset; then every new one is refused.)
    const refused = await until(
      async () =>
        get(port, '/healthz').then(
          () => undefined,
          (err: NodeJS.ErrnoException) => (err.code === 'ECONNREFUSED' ? err.code : undefined),
        ),
      5000,
    );
    expect(refused).toBe('ECONNREFUSED');

    expect(await closed).toBe(1012);
    expect(frames.find((f) => f.startsWith('ERROR'))).toMatch(/message:server restarting/);

    inflight.end(body.slice(10));
    expect(await answered).toBe(200);
    expect(await api.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(api.output()).toContain('shutdown: complete');
  }, 90_000);

  it('refuses a production start with the list of what is missing, without a stack trace', async () => {
    const api = startApi({ NODE_ENV: 'production' });
    expect(await api.exited).toBe(1);
    expect(api.output()).toContain('The api refuses to start with NODE_ENV=production:');
    expect(api.output()).toContain('  - DATABASE_URL: required');
    expect(api.output()).not.toMatch(/\n\s+at /);
  }, 30_000);
});
