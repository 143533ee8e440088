import { Client } from '@stomp/stompjs';
import { FeedNotificationSchema, type FeedNotification } from '@pawbridge/shared';

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
 */
export const deactivation = (socket: { readyState: number } | undefined): { force: boolean } => ({
  force: socket !== undefined && socket.readyState !== WebSocket.OPEN,
});

/** The BFF's `/ws` on whatever host serves the app (never a fixed dev port). */
export const liveUrl = (loc: Pick<Location, 'protocol' | 'host'> = window.location) =>
  `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;

/**
 * The SPA's only STOMP client: one session per logged-in tab, bodies checked
 * against the shared notification shape (anything else is dropped).
 */
export function connectLive(opts: LiveOptions): { close(): void } {
  opts.onStatus('connecting');
  const client = new Client({
    brokerURL: liveUrl(),
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
    onWebSocketClose: () => opts.onStatus('offline'),
  });
  client.activate();
  return {
    // On logout the BFF ends the session's sockets itself: a socket already closing takes no
    // DISCONNECT frame (the browser would log a send on a closing socket), it is just let go.
    close: () => void client.deactivate(deactivation(client.webSocket)),
  };
}
