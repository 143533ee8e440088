import { afterEach, describe, expect, it, vi } from 'vitest';

const clients: { webSocket: { readyState: number } | undefined; deactivate: ReturnType<typeof vi.fn> }[] = [];
vi.mock('@stomp/stompjs', () => ({
  Client: class {
    webSocket: { readyState: number } | undefined = undefined;
    deactivate = vi.fn(async () => {});
    activate = vi.fn();
    constructor() {
      clients.push(this);
    }
  },
}));

const { connectLive, liveUrl, STOMP_HEARTBEAT_MS, STOMP_RECONNECT_MS } = await import('./stomp');

afterEach(() => {
  clients.length = 0;
});

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
  const open = () => connectLive({ topics: [], onNotification: () => {}, onStatus: () => {} });

  it('says DISCONNECT on an open socket', () => {
    const live = open();
    clients[0]!.webSocket = { readyState: WebSocket.OPEN };
    live.close();
    expect(clients[0]!.deactivate).toHaveBeenCalledWith({ force: false });
  });

  it('lets a socket the server is already closing (logout) go without sending on it', () => {
    const live = open();
    clients[0]!.webSocket = { readyState: WebSocket.CLOSING };
    live.close();
    expect(clients[0]!.deactivate).toHaveBeenCalledWith({ force: true });
  });
});
