import { Client, type IFrame } from '@stomp/stompjs';
import WebSocket from 'ws';

export interface ReceivedMessage {
  destination: string | undefined;
  body: unknown;
}

export interface TestStomp {
  client: Client;
  received: ReceivedMessage[];
  closed: boolean;
  subscribe(destination: string): Promise<void>;
  /** SUBSCRIBE and wait for the ERROR frame the BFF answers. */
  subscribeExpectingError(destination: string): Promise<IFrame>;
  /** Resolves once `count` messages in total have arrived. */
  messages(count: number): Promise<ReceivedMessage[]>;
  close(): void;
}

/**
 * A browser's STOMP session on the BFF's `/ws` (a real @stomp/stompjs client
 * over ws, with the cookie and Origin a browser would send). Rejects with the
 * HTTP status when the handshake is refused.
 */
export function openStomp(bffUrl: string, sid: string | null, origin = bffUrl): Promise<TestStomp> {
  const url = `${bffUrl.replace(/^http/, 'ws')}/ws`;
  const received: ReceivedMessage[] = [];
  let waiters: (() => void)[] = [];
  let errorWaiter: ((f: IFrame) => void) | null = null;
  return new Promise((resolve, reject) => {
    let handshakeFailed = false;
    const state = { closed: false };
    const client = new Client({
      webSocketFactory: () => {
        const ws = new WebSocket(url, { headers: { origin, ...(sid ? { cookie: `JSESSIONID=${sid}` } : {}) } });
        ws.on('unexpected-response', (_req, res) => {
          handshakeFailed = true;
          void client.deactivate();
          reject(new Error(String(res.statusCode)));
        });
        ws.on('error', () => {});
        return ws;
      },
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      debug: () => {},
      onStompError: (frame) => errorWaiter?.(frame),
      onWebSocketClose: () => {
        state.closed = true;
        if (!handshakeFailed) errorWaiter = null;
      },
      onConnect: () => {
        const kit: TestStomp = {
          client,
          received,
          get closed() {
            return state.closed;
          },
          subscribe: (destination) =>
            new Promise<void>((done) => {
              const receipt = `r-${Math.random()}`;
              client.watchForReceipt(receipt, () => done());
              client.subscribe(
                destination,
                (m) => {
                  received.push({ destination: m.headers.destination, body: JSON.parse(m.body) });
                  const ready = waiters;
                  waiters = [];
                  for (const w of ready) w();
                },
                { receipt },
              );
            }),
          subscribeExpectingError: (destination) =>
            new Promise<IFrame>((done) => {
              errorWaiter = done;
              client.subscribe(destination, () => {});
            }),
          messages: (count) =>
            new Promise((done) => {
              const check = () => (received.length >= count ? done(received.slice(0, count)) : waiters.push(check));
              check();
            }),
          close: () => void client.deactivate(),
        };
        resolve(kit);
      },
    });
    client.activate();
  });
}
