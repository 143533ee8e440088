import { describe, expect, it } from 'vitest';
import { deactivation, liveUrl, settled, STOMP_HEARTBEAT_MS, STOMP_RECONNECT_MS } from './stomp';

describe('stomp client settings', () => {
  it("connects to the BFF's /ws on whatever host serves the app, over wss behind https", () => {
    expect(liveUrl({ protocol: 'https:', host: 'pawbridge.example' })).toBe('wss://pawbridge.example/ws');
    expect(liveUrl({ protocol: 'http:', host: '10.0.0.5:3000' })).toBe('ws://10.0.0.5:3000/ws');
  });

  it('uses the spec §9 heart-beat and reconnect delay', () => {
    expect(STOMP_HEARTBEAT_MS).toBe(10_000);
    expect(STOMP_RECONNECT_MS).toBe(5_000);
  });
});

describe('closing', () => {
  it('says DISCONNECT on an open socket', () => {
    expect(deactivation({ readyState: WebSocket.OPEN })).toEqual({ force: false });
    expect(deactivation(undefined)).toEqual({ force: false });
  });

  it('lets a socket the server is already closing (logout) go without sending on it', () => {
    expect(deactivation({ readyState: WebSocket.CLOSING })).toEqual({ force: true });
    expect(deactivation({ readyState: WebSocket.CLOSED })).toEqual({ force: true });
  });
});

describe('a socket still opening', () => {
  /** Just enough of a WebSocket for `settled`. */
  const opening = () => {
    const target = new EventTarget();
    return Object.assign(target, { readyState: WebSocket.CONNECTING as number }) as unknown as WebSocket;
  };

  it('is waited for until it opens (closing it earlier is a browser console warning)', async () => {
    const socket = opening();
    let done = false;
    const wait = settled(socket).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 5));
    expect(done).toBe(false);
    socket.dispatchEvent(new Event('open'));
    await wait;
    expect(done).toBe(true);
  });

  it('or until it fails', async () => {
    const socket = opening();
    const wait = settled(socket);
    socket.dispatchEvent(new Event('close'));
    await expect(wait).resolves.toBeUndefined();
  });

  it('an open socket, a closed one or none is not waited for', async () => {
    await expect(settled(undefined)).resolves.toBeUndefined();
    await expect(settled({ readyState: WebSocket.OPEN } as WebSocket)).resolves.toBeUndefined();
    await expect(settled({ readyState: WebSocket.CLOSED } as WebSocket)).resolves.toBeUndefined();
  });
});
