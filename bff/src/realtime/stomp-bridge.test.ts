import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import pino from 'pino';
import { bridgeStomp } from './stomp-bridge';
import { apiStompRoutes } from './stomp-destinations';

// The bridge's own rules, with a browser socket and no upstream to speak of.
let server: WebSocketServer;
let url: string;

beforeAll(async () => {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((r) => server.once('listening', r));
  url = `ws://127.0.0.1:${(server.address() as { port: number }).port}`;
  server.on('connection', (socket) =>
    bridgeStomp(socket, {
      // Nothing listens on port 9 (discard): the upstream never answers.
      upstreamUrl: 'ws://127.0.0.1:9/ws/websocket',
      sessionId: 'S',
      user: { userId: 'mina', isAdmin: false },
      routes: apiStompRoutes,
      log: pino({ level: 'silent' }),
      upstreamWaitMs: 300,
      reconnectMs: { first: 50, max: 100 },
    }),
  );
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Send raw frames and collect what comes back until the BFF closes the socket. */
async function exchange(...frames: string[]): Promise<{ received: string; code: number }> {
  const ws = new WebSocket(url);
  let received = '';
  ws.on('message', (d) => (received += d.toString()));
  await new Promise((r) => ws.once('open', r));
  for (const f of frames) ws.send(f);
  const code = await new Promise<number>((r) => ws.once('close', (c) => r(c)));
  return { received, code };
}
const frame = (command: string, headers: Record<string, string> = {}) =>
  `${command}\n${Object.entries(headers)
    .map(([k, v]) => `${k}:${v}\n`)
    .join('')}\n\0`;

describe('STOMP bridge rules', () => {
  it('refuses a CONNECT with an ERROR frame when the upstream cannot be reached, instead of claiming to be connected', async () => {
    const { received, code } = await exchange(frame('CONNECT', { 'accept-version': '1.2', host: 'x' }));
    expect(received).toMatch(/^ERROR\n/);
    expect(received).toContain('message:UPSTREAM_UNAVAILABLE');
    expect(received).not.toContain('CONNECTED');
    expect(code).toBe(1008);
  });

  it('answers frames before CONNECT with an ERROR frame', async () => {
    const { received } = await exchange(frame('SUBSCRIBE', { id: '1', destination: '/topic/user/mina/adoption' }));
    expect(received).toContain('message:NOT_CONNECTED');
  });
});
