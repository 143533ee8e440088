import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { io as ioClient } from 'socket.io-client';
import { freePort } from '@pawbridge/server-kit/testing/processes';
import { startTestApi, type TestApi } from '@pawbridge/api/testing';
import { createClient, startTestBff, type TestBff } from '../testing/test-bff';
import { MAX_SOCKETS_PER_MEMBER } from './realtime.plugin';

// Issue 24 items 12 and 15, end to end: two BFFs (one Redis of their own) in front of our api.
let api: TestApi;
let redis: ChildProcess;
let bffs: [TestBff, TestBff];
/** A third BFF checking sessions every 300 ms (the pair above check every minute, so their test proves the Redis announcement). */
let checker: TestBff;
let seq = 0;

beforeAll(async () => {
  const port = await freePort();
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  api = await startTestApi();
  const env = { DASHBOARD_URL: api.dashboardUrl, REDIS_URL: `redis://127.0.0.1:${port}`, REALTIME_SESSION_CHECK_MS: '60000' };
  bffs = [await startTestBff(api.url, env), await startTestBff(api.url, env)];
  checker = await startTestBff(api.url, { DASHBOARD_URL: api.dashboardUrl, REALTIME_SESSION_CHECK_MS: '300' });
}, 30_000);
afterAll(async () => {
  for (const b of [...(bffs ?? []), checker]) await b?.close();
  await api?.close();
  redis?.kill('SIGKILL');
});

async function user(role: 'USER' | 'ADMIN' = 'USER') {
  seq += 1;
  const userId = `se${role === 'ADMIN' ? 'admin' : 'member'}${seq}${Date.now().toString(36)}`;
  const row = await api.ctx.db
    .insertInto('users')
    .values({
      userId,
      name: null,
      email: `${userId}@example.com`,
      passwordHash: null,
      birth: null,
      phoneNm: null,
      role,
      provider: null,
      socialId: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { pk: row.id, userId, sid: await api.ctx.sessions.create(row.id) };
}

/** A browser's STOMP socket (raw frames, heart-beats sent), connected and subscribed to its own topic. */
async function stomp(bff: TestBff, who: { userId: string; sid: string }) {
  const ws = new WebSocket(`${bff.url.replace(/^http/, 'ws')}/ws`, { headers: { origin: bff.url, cookie: `JSESSIONID=${who.sid}` } });
  const state = { received: '', code: 0 };
  ws.on('message', (d) => (state.received += d.toString()));
  const closed = new Promise<number>((r) => ws.once('close', (c) => r((state.code = c))));
  await new Promise((r, j) => {
    ws.once('open', r);
    ws.once('error', j);
  });
  ws.send('CONNECT\naccept-version:1.2\nhost:x\nheart-beat:10000,10000\n\n\0');
  const beat = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('\n'), 2000);
  ws.once('close', () => clearInterval(beat));
  const end = Date.now() + 10_000;
  while (!state.received.includes('CONNECTED') && state.code === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  ws.send(`SUBSCRIBE\nid:1\ndestination:/topic/user/${who.userId}/adoption\nreceipt:r1\n\n\0`);
  return { ws, state, closed };
}

describe('sockets end with the session', () => {
  it('a logout through one BFF closes the member notification socket held by the other', async () => {
    const me = await user();
    const held = await stomp(bffs[0], me);
    expect(held.state.received).toContain('CONNECTED');
    const browser = createClient(bffs[1].url);
    browser.cookies.set('JSESSIONID', me.sid);
    expect((await browser.post('/api/users/logout')).status).toBe(200);
    expect(await held.closed).toBe(1008);
    expect(held.state.received).toContain('message:SESSION_ENDED');
  }, 20_000);

  it('an expired (or otherwise ended) session closes the socket within the check period', async () => {
    const me = await user();
    const held = await stomp(checker, me);
    expect(held.state.received).toContain('CONNECTED');
    const started = Date.now();
    await api.ctx.sessions.destroy(me.sid);
    // Our api drops the upstream session of an ended login itself (1012, the browser reconnects and is
    // refused); otherwise the periodic check ends it (SESSION_ENDED). Either way it does not stay open.
    expect([1008, 1012]).toContain(await held.closed);
    expect(held.state.received).toMatch(/message:(SESSION_ENDED|UPSTREAM_SESSION_REPLACED)/);
    expect(Date.now() - started).toBeLessThan(5000);
  }, 20_000);

  it("a logout closes the admin's dashboard socket, on the other instance too", async () => {
    const admin = await user('ADMIN');
    const socket = ioClient(bffs[0].url, {
      path: '/dashboard/socket.io/',
      transports: ['websocket'],
      extraHeaders: { cookie: `JSESSIONID=${admin.sid}` },
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve) => socket.on('connect', resolve));
    const gone = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
    const browser = createClient(bffs[1].url);
    browser.cookies.set('JSESSIONID', admin.sid);
    await browser.post('/api/users/logout');
    expect(await gone).toBe('io server disconnect');
    socket.close();
  }, 20_000);
});

describe('socket caps', () => {
  it(`refuses a member's socket past ${MAX_SOCKETS_PER_MEMBER} on one instance`, async () => {
    const me = await user();
    const open = [];
    for (let i = 0; i < MAX_SOCKETS_PER_MEMBER; i++) open.push(await stomp(bffs[0], me));
    expect(open.every((s) => s.state.received.includes('CONNECTED'))).toBe(true);
    const extra = await stomp(bffs[0], me);
    expect(await extra.closed).toBe(1008);
    expect(extra.state.received).toContain('message:TOO_MANY_SOCKETS');
    // Closing one makes room again.
    open[0]!.ws.close();
    await open[0]!.closed;
    await new Promise((r) => setTimeout(r, 100));
    const again = await stomp(bffs[0], me);
    expect(again.state.received).toContain('CONNECTED');
    for (const s of [...open, again]) s.ws.close();
  }, 30_000);
});
