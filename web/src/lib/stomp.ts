import { Client } from '@stomp/stompjs';
import { FeedNotificationSchema, type FeedNotification } from '@pawbridge/shared';
import type { LiveConnection } from './live-connections';

/** Spec §9: heart-beat 10 s each way, reconnect after 5 s. */
export const STOMP_HEARTBEAT_MS = 10_000;
export const STOMP_RECONNECT_MS = 5_000;

export type LiveStatus = 'connecting' | 'online' | 'offline';

export interface LiveOptions {
  /** Destinations to subscribe to (the BFF refuses any that are not the caller's). */
  topics: string[];
  onNotification(n: FeedNotification): void;
  /** `online` again after `offline` means messages may have been missed: refetch. */
  onStatus(status: LiveStatus): void;
}

/**
 * How to end a session: with a DISCONNECT frame on an open socket; a socket the server is already closing
 * (it ends the session's sockets at logout) is let go without sending on it (the browser would log an error).
 * A socket still opening is never closed here: `settled` waits for it first.
 */
export const deactivation = (socket: { readyState: number } | undefined): { force: boolean } => ({
  force: socket !== undefined && socket.readyState !== WebSocket.OPEN,
});

/** Resolves once `socket` is no longer opening: closing it before that is a console warning in the browser. */
export const settled = (socket: WebSocket | undefined): Promise<void> =>
  socket?.readyState !== WebSocket.CONNECTING
    ? Promise.resolve()
    : new Promise((resolve) => {
        socket.addEventListener('open', () => resolve(), { once: true });
        socket.addEventListener('close', () => resolve(), { once: true });
      });

/** The BFF's `/ws` on whatever host serves the app (never a fixed dev port). */
export const liveUrl = (loc: Pick<Location, 'protocol' | 'host'> = window.location) =>
  `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;

/**
 * The SPA's only STOMP client: one session per logged-in tab, bodies checked
 * against the shared notification shape (anything else is dropped).
 */
export function connectLive(opts: LiveOptions): LiveConnection {
  opts.onStatus('connecting');
  let socket: WebSocket | undefined;
  // Ended on purpose (logout, unmount): the close that follows is not "offline".
  let ending = false;
  const client = new Client({
    webSocketFactory: () => (socket = new WebSocket(liveUrl())),
    heartbeatIncoming: STOMP_HEARTBEAT_MS,
    heartbeatOutgoing: STOMP_HEARTBEAT_MS,
    reconnectDelay: STOMP_RECONNECT_MS,
    debug: () => {},
    onConnect: () => {
      for (const topic of opts.topics) {
        client.subscribe(topic, (message) => {
          let body: unknown;
          try {
            body = JSON.parse(message.body);
          } catch {
            return;
          }
          const parsed = FeedNotificationSchema.safeParse(body);
          if (parsed.success) opts.onNotification(parsed.data);
        });
      }
      opts.onStatus('online');
    },
    onWebSocketClose: () => {
      if (!ending) opts.onStatus('offline');
    },
  });
  client.activate();
  const end = async () => {
    ending = true;
    await settled(socket);
    // On logout the BFF ends the session's sockets itself: a socket already closing takes no
    // DISCONNECT frame (the browser would log a send on a closing socket), it is just let go.
    await client.deactivate(deactivation(socket));
  };
  return {
    end,
    resume: () => {
      ending = false;
      opts.onStatus('connecting');
      client.activate();
    },
  };
}
