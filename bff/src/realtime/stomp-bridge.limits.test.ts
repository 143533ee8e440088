import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import pino from 'pino';
import { bridgeStomp, type StompBridge } from './stomp-bridge';
import { apiStompRoutes } from './stomp-destinations';

// Issue 24 items 12 and 15: a bridged socket ends with its session, holds a bounded number of
// subscriptions, and must send heart-beats. A stand-in upstream answers CONNECT and nothing else.
let upstream: WebSocketServer;
let server: WebSocketServer;
let url: string;
let sessionAlive = true;
let lastBridge: StompBridge | undefined;
const upstreamSockets = new Set<WebSocket>();

beforeAll(async () => {
  upstream = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((r) => upstream.once('listening', r));
  upstream.on('connection', (socket) => {
    upstreamSockets.add(socket);
    socket.on('close', () => upstreamSockets.delete(socket));
    socket.on('message', (d) => {
      if (d.toString().startsWith('CONNECT')) socket.send('CONNECTED\nversion:1.2\nheart-beat:0,0\n\n\0');
    });
  });
  const upstreamUrl = `ws://127.0.0.1:${(upstream.address() as { port: number }).port}/ws/websocket`;
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((r) => server.once('listening', r));
  url = `ws://127.0.0.1:${(server.address() as { port: number }).port}`;
  server.on('connection', (socket) => {
    lastBridge = bridgeStomp(socket, {
      upstreamUrl,
      sessionId: 'S',
      user: { userId: 'mina', isAdmin: false },
      routes: apiStompRoutes,
      log: pino({ level: 'silent' }),
      heartbeatMs: 150,
      upstreamWaitMs: 500,
      reconnectMs: { first: 50, max: 100 },
      maxSubscriptions: 3,
      sessionCheck: { everyMs: 100, alive: async () => sessionAlive },
    });
  });
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await new Promise<void>((r) => upstream.close(() => r()));
});

const frame = (command: string, headers: Record<string, string> = {}) =>
  `${command}\n${Object.entries(headers)
    .map(([k, v]) => `${k}:${v}\n`)
    .join('')}\n\0`;

/** A raw browser: sends `frames`, keeps what comes back, reports how and when the socket closed. */
async function browser(...frames: string[]) {
  const ws = new WebSocket(url);
  const state = { received: '', code: 0, closedAt: 0 };
  ws.on('message', (d) => (state.received += d.toString()));
  const closed = new Promise<number>((r) =>
    ws.once('close', (c) => {
      state.code = c;
      state.closedAt = Date.now();
      r(c);
    }),
  );
  await new Promise((r) => ws.once('open', r));
  for (const f of frames) ws.send(f);
  return { ws, state, closed };
}
const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const connect = (heartBeat = '150,150') => frame('CONNECT', { 'accept-version': '1.2', host: 'x', 'heart-beat': heartBeat });

describe('STOMP bridge limits', () => {
  it('times out a socket that asks for no heart-beats and then stays silent', async () => {
    const b = await browser(connect('0,0'));
    await until(() => b.state.received.includes('CONNECTED'));
    const connectedAt = Date.now();
    expect(await b.closed).toBe(1001);
    // Twice the period (150 ms) of silence, checked every period: well under a second.
    expect(b.state.closedAt - connectedAt).toBeLessThan(1500);
  });

  it('keeps a socket that sends heart-beats', async () => {
    const b = await browser(connect());
    await until(() => b.state.received.includes('CONNECTED'));
    const beat = setInterval(() => b.ws.send('\n'), 100);
    await new Promise((r) => setTimeout(r, 800));
    clearInterval(beat);
    expect(b.state.code).toBe(0);
    b.ws.close();
  });

  it('refuses one subscription more than the cap with an ERROR frame', async () => {
    const subs = [1, 2, 3, 4].map((i) => frame('SUBSCRIBE', { id: String(i), destination: '/topic/user/mina/adoption', receipt: `r${i}` }));
    const b = await browser(connect());
    await until(() => b.state.received.includes('CONNECTED'));
    for (const s of subs) b.ws.send(s);
    expect(await b.closed).toBe(1008);
    expect(b.state.received).toContain('receipt-id:r3');
    expect(b.state.received).toContain('message:TOO_MANY_SUBSCRIPTIONS');
  });

  it('ends the socket with SESSION_ENDED when the periodic check finds the session over', async () => {
    const b = await browser(connect());
    await until(() => b.state.received.includes('CONNECTED'));
    const beat = setInterval(() => b.ws.readyState === WebSocket.OPEN && b.ws.send('\n'), 100);
    sessionAlive = false;
    try {
      expect(await b.closed).toBe(1008);
    } finally {
      sessionAlive = true;
      clearInterval(beat);
    }
    expect(b.state.received).toContain('message:SESSION_ENDED');
  });

  it('end() (a logout elsewhere) sends the ERROR frame and closes', async () => {
    const b = await browser(connect());
    await until(() => b.state.received.includes('CONNECTED'));
    lastBridge?.end('SESSION_ENDED', 'logged out');
    expect(await b.closed).toBe(1008);
    expect(b.state.received).toContain('message:SESSION_ENDED');
  });

  it('closes a socket that never sends CONNECT', async () => {
    const b = await browser();
    expect(await b.closed).toBe(1008);
  });
});

describe('the upstream session is replaced (issue 24 item 3)', () => {
  it('tells the browser (ERROR UPSTREAM_SESSION_REPLACED, close 1012) so it reconnects and refetches, instead of losing messages silently', async () => {
    const b = await browser(connect());
    await until(() => b.state.received.includes('CONNECTED'));
    for (const s of upstreamSockets) s.terminate();
    expect(await b.closed).toBe(1012);
    expect(b.state.received).toContain('message:UPSTREAM_SESSION_REPLACED');
  });
});
