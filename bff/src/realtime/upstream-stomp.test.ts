import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import pino from 'pino';
import { StompFrameParser, serializeStompFrame, type StompFrame } from '@pawbridge/server-kit/stomp-frames';
import { UpstreamStomp } from './upstream-stomp';

// A scripted upstream: each connection's frames are recorded; `silent` sockets stop answering after CONNECTED.
let server: WebSocketServer;
let url: string;
const sessions: { ws: WebSocket; frames: StompFrame[]; cookie: string | undefined }[] = [];
let offerHeartbeat = '0,0';

beforeAll(async () => {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((r) => server.once('listening', r));
  url = `ws://127.0.0.1:${(server.address() as { port: number }).port}`;
  server.on('connection', (ws, req) => {
    const session = { ws, frames: [] as StompFrame[], cookie: req.headers.cookie };
    sessions.push(session);
    const parser = new StompFrameParser();
    ws.on('message', (d) => {
      for (const f of parser.push(d.toString())) {
        session.frames.push(f);
        if (f.command === 'CONNECT') ws.send(serializeStompFrame('CONNECTED', { version: '1.2', 'heart-beat': offerHeartbeat }));
      }
    });
  });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const until = async (ok: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

function client(heartbeatMs: number, log = pino({ level: 'silent' })) {
  const events = { connects: 0, disconnects: 0, messages: [] as [string, string][] };
  const c = new UpstreamStomp({
    url,
    sessionId: 'SID123',
    heartbeatMs,
    reconnectMs: { first: 20, max: 40 },
    log,
    onConnect: () => events.connects++,
    onMessage: (d, b) => events.messages.push([d, b]),
    onDisconnect: () => events.disconnects++,
  });
  return { c, events };
}

describe('upstream STOMP session', () => {
  it("connects with the cookie, subscribes, hands over only its own subscriptions' messages, and logs ERROR frames", async () => {
    sessions.length = 0;
    offerHeartbeat = '0,0';
    const warn = vi.fn();
    const log = pino({ level: 'silent' });
    log.warn = warn as never;
    const { c, events } = client(0, log);
    c.activate();
    await until(() => c.connected);
    const [s] = sessions;
    expect(s!.cookie).toBe('JSESSIONID=SID123');
    expect(s!.frames[0]).toMatchObject({ command: 'CONNECT', headers: { 'accept-version': '1.2,1.1' } });
    const id = c.subscribe('/topic/user/mina/adoption')!;
    await until(() => s!.frames.some((f) => f.command === 'SUBSCRIBE'));
    expect(s!.frames.at(-1)).toMatchObject({ command: 'SUBSCRIBE', headers: { id, destination: '/topic/user/mina/adoption' } });
    s!.ws.send(serializeStompFrame('MESSAGE', { subscription: 'other', destination: '/topic/x', 'message-id': '1' }, '{"no":1}'));
    s!.ws.send(
      serializeStompFrame(
        'MESSAGE',
        { subscription: id, destination: '/topic/user/mina/adoption', 'message-id': '2' },
        '{"message":"승인"}',
      ),
    );
    s!.ws.send(serializeStompFrame('ERROR', { message: 'bad thing' }, 'detail'));
    await until(() => events.messages.length === 1 && warn.mock.calls.length === 1);
    expect(events.messages).toEqual([['/topic/user/mina/adoption', '{"message":"승인"}']]);
    c.unsubscribe(id);
    await until(() => s!.frames.some((f) => f.command === 'UNSUBSCRIBE'));
    c.deactivate();
    await until(() => s!.ws.readyState === WebSocket.CLOSED);
    expect(events.disconnects).toBe(1);
    expect(s!.frames.at(-1)?.command).toBe('DISCONNECT');
  });

  it('sends heart-beats, drops an upstream that falls silent, and reconnects with back-off', async () => {
    sessions.length = 0;
    offerHeartbeat = '40,40';
    const { c, events } = client(40);
    c.activate();
    await until(() => c.connected);
    // Our beats arrive (bare EOLs are no frames; the socket sees them as messages).
    let beats = 0;
    sessions[0]!.ws.on('message', (d) => d.toString() === '\n' && beats++);
    await until(() => beats >= 2);
    // The upstream never beats: after twice the period it is dropped, and a new session comes up.
    await until(() => events.connects >= 2 && sessions.length >= 2);
    expect(events.disconnects).toBeGreaterThanOrEqual(1);
    c.deactivate();
  });
});
