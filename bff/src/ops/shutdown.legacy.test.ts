import path from 'node:path';
import { freePort, httpGet as request, serverProcesses, until } from '@pawbridge/server-kit/testing/processes';
import { connectedStomp } from '@pawbridge/server-kit/testing/stomp-socket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSpring, type FakeSpring } from '../testing/fake-spring/index';

// The real BFF process (server.ts) under SIGTERM, in front of a fake upstream this test slows down.
const processes = serverProcesses(path.resolve(__dirname, '../../..'));
let spring: FakeSpring;
beforeAll(async () => {
  spring = await startFakeSpring();
});
afterAll(async () => {
  processes.stopAll();
  await spring?.close();
});

async function startBff(env: Record<string, string>) {
  const port = await freePort();
  const started = processes.start('bff/src/server.ts', {
    NODE_ENV: 'test',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: String(port),
    UPSTREAM_URL: spring.url,
    UPSTREAM_KIND: 'legacy',
    ...env,
  });
  await until(async () => ((await request(port, '/healthz')).status === 200 ? true : undefined), 60_000);
  return { port, ...started };
}

describe('graceful shutdown of the BFF process', () => {
  it('finishes the in-flight request, refuses new connections, closes STOMP with 1012 and exits 0', async () => {
    const bff = await startBff({ SHUTDOWN_TIMEOUT_MS: '8000' });
    spring.state.addUser({ userId: 'drainer', name: null, email: null, role: 'USER' });
    const cookie = `JSESSIONID=${spring.state.createSession('drainer')}`;

    const { frames, closed } = await connectedStomp(`ws://127.0.0.1:${bff.port}/ws`, { cookie });

    // The upstream now takes 1.5 s: this request is in flight when SIGTERM arrives.
    spring.state.delayMs = 1500;
    const inflight = request(bff.port, '/api/users/check-session', { cookie });
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    bff.child.kill('SIGTERM');

    // (A connection caught in the accept queue as the listener closes is reset; then every new one is refused.)
    const refused = await until(
      async () =>
        request(bff.port, '/healthz').then(
          () => undefined,
          (err: NodeJS.ErrnoException) => (err.code === 'ECONNREFUSED' ? err.code : undefined),
        ),
      3000,
    );
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
    const bff = processes.start('bff/src/server.ts', { NODE_ENV: 'production' });
    expect(await bff.exited).toBe(1);
    expect(bff.output()).toContain('The BFF refuses to start with NODE_ENV=production:');
    expect(bff.output()).toContain('  - PUBLIC_ORIGIN: required');
    expect(bff.output()).not.toMatch(/\n\s+at /);
  }, 30_000);
});
