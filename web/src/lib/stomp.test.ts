import { describe, expect, it } from 'vitest';
import { deactivation, liveUrl, STOMP_HEARTBEAT_MS, STOMP_RECONNECT_MS } from './stomp';

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
