import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserRow } from '../../context';
import { mayReceive, StompBroker } from './stomp-broker';
import { MAX_STOMP_FRAME_BYTES, StompFrameParser, type StompFrame } from '@pawbridge/server-kit/stomp-frames';

const user = (userId: string, role: 'USER' | 'ADMIN' = 'USER', pk = 1): SessionUserRow => ({
  pk,
  userId,
  role,
  name: null,
  nickname: 'member',
  email: null,
  provider: null,
  socialId: null,
  birth: null,
  phoneNm: null,
  firstLogin: false,
});

/** A transport that records what the broker writes. */
function fakeTransport() {
  const parser = new StompFrameParser();
  const t = { raw: [] as string[], frames: [] as StompFrame[], closed: false };
  return {
    t,
    transport: {
      send: (text: string) => {
        t.raw.push(text);
        t.frames.push(...parser.push(text));
      },
      close: () => {
        t.closed = true;
      },
    },
  };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('STOMP broker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('members may receive their own four topics; admin topics only admins; nothing of anyone else', () => {
    expect(mayReceive(user('ann'), '/topic/user/ann/adoption')).toBe(true);
    expect(mayReceive(user('ann'), '/topic/user/abandoned/ann')).toBe(true);
    expect(mayReceive(user('ann'), '/topic/user/ann/community/like')).toBe(true);
    expect(mayReceive(user('ann'), '/topic/user/bob/adoption')).toBe(false);
    expect(mayReceive(user('ann'), '/topic/user/ann/notifications')).toBe(false);
    expect(mayReceive(user('ann'), '/topic/admin/adoption/alerts')).toBe(false);
    expect(mayReceive(user('boss', 'ADMIN'), '/topic/admin/adoption/alerts')).toBe(true);
    expect(mayReceive(user('boss', 'ADMIN'), '/topic/user/ann/adoption')).toBe(false);
  });

  it('needs CONNECT first, negotiates the version, answers receipts, and ends with DISCONNECT’s receipt', async () => {
    const broker = new StompBroker();
    const { t, transport } = fakeTransport();
    const s = broker.open(transport, user('ann'), async () => true);
    s.receive('SUBSCRIBE\nid:0\ndestination:/topic/user/ann/adoption\n\n\0');
    await settle();
    expect(t.frames[0]).toMatchObject({ command: 'ERROR', headers: { message: 'not connected' } });
    expect(t.closed).toBe(true);

    const second = fakeTransport();
    const s2 = broker.open(second.transport, user('ann'), async () => true);
    s2.receive('CONNECT\naccept-version:1.1,1.0\nheart-beat:0,0\n\n\0');
    s2.receive('SUBSCRIBE\nid:0\ndestination:/topic/user/ann/adoption\nreceipt:r1\n\n\0');
    s2.receive('DISCONNECT\nreceipt:bye\n\n\0');
    await settle();
    expect(second.t.frames.map((f) => [f.command, f.headers['receipt-id'] ?? f.headers.version])).toEqual([
      ['CONNECTED', '1.1'],
      ['RECEIPT', 'r1'],
      ['RECEIPT', 'bye'],
    ]);
    expect(second.t.closed).toBe(true);
    expect(broker.size).toBe(0);
  });

  it('answers a frame over 64 KB with ERROR "frame too large" and any other bad frame with "malformed frame", then closes', async () => {
    const broker = new StompBroker();
    for (const [wire, message] of [
      [`SEND\ncontent-length:${MAX_STOMP_FRAME_BYTES + 1}\n\n`, 'frame too large'],
      ['hello world\n\n\0', 'malformed frame'],
    ] as const) {
      const { t, transport } = fakeTransport();
      broker.open(transport, user('ann'), async () => true).receive(wire);
      await settle();
      expect(t.frames[0]).toMatchObject({ command: 'ERROR', headers: { message } });
      expect(t.closed).toBe(true);
    }
  });

  it('delivers only to the recipient’s subscriptions of that destination', async () => {
    const broker = new StompBroker();
    const ann = fakeTransport();
    const bob = fakeTransport();
    for (const [who, tr] of [
      [user('ann', 'USER', 1), ann],
      [user('bob', 'USER', 2), bob],
    ] as const) {
      const s = broker.open(tr.transport, who, async () => true);
      s.receive(`CONNECT\naccept-version:1.2\n\n\0SUBSCRIBE\nid:s1\ndestination:/topic/user/${who.userId}/adoption\n\n\0`);
    }
    await settle();
    expect(broker.deliver(1, '/topic/user/ann/adoption', { message: '승인' })).toBe(1);
    expect(broker.deliver(1, '/topic/user/ann/community/like', { message: 'x' })).toBe(0);
    const message = ann.t.frames.find((f) => f.command === 'MESSAGE');
    expect(message).toMatchObject({
      headers: { destination: '/topic/user/ann/adoption', subscription: 's1', 'content-type': 'application/json' },
      body: '{"message":"승인"}',
    });
    expect(bob.t.frames.some((f) => f.command === 'MESSAGE')).toBe(false);
  });

  it('heart-beats: sends EOLs at the agreed interval and drops a client silent for twice its interval', async () => {
    vi.useFakeTimers();
    const broker = new StompBroker({ heartBeat: [10_000, 10_000] });
    const { t, transport } = fakeTransport();
    const s = broker.open(transport, user('ann'), async () => true);
    s.receive('CONNECT\naccept-version:1.2\nheart-beat:5000,20000\n\n\0');
    await vi.advanceTimersByTimeAsync(0);
    expect(t.frames[0]!.headers['heart-beat']).toBe('10000,10000');
    // Outgoing every max(10 s, the client's 20 s).
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.raw.filter((x) => x === '\n')).toHaveLength(1);
    // Incoming expected every max(5 s, our 10 s): a beat keeps it open, silence beyond 20 s ends it.
    s.receive('\n');
    await vi.advanceTimersByTimeAsync(15_000);
    expect(t.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.closed).toBe(true);
  });
});
