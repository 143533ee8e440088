import http from 'node:http';
import { Client, type IFrame, type IMessage, type StompSubscription } from '@stomp/stompjs';
import SockJS from 'sockjs-client';
import WebSocket from 'ws';

export type Transport = 'raw' | 'sockjs-websocket' | 'sockjs-xhr-streaming';

/**
 * sockjs-client's XHR transports in Node send no cookies and take no headers;
 * requests go through http.globalAgent, so this agent adds the member's
 * session cookie to the requests of the test that installed it.
 */
class CookieAgent extends http.Agent {
  cookie: string | null = null;
  addRequest(req: http.ClientRequest, options: http.RequestOptions): void {
    if (this.cookie && !req.headersSent) req.setHeader('cookie', this.cookie);
    (http.Agent.prototype as unknown as { addRequest(r: http.ClientRequest, o: http.RequestOptions): void }).addRequest.call(
      this,
      req,
      options,
    );
  }
}
const cookieAgent = new CookieAgent();

export interface StompSession {
  client: Client;
  connected: IFrame;
  messages: IMessage[];
  errors: IFrame[];
  closed: Promise<void>;
  subscribe(destination: string): Promise<StompSubscription>;
  /** Resolves with the next message on `destination` (any already received count). */
  next(destination: string, count?: number): Promise<IMessage[]>;
  /** Resolves with the first ERROR frame. */
  error(): Promise<IFrame>;
  disconnect(): Promise<void>;
}

/** A real @stomp/stompjs client (heart-beat 10 s each way, no reconnect) over the given transport. */
export function connectStomp(baseUrl: string, cookie: string | undefined, transport: Transport): Promise<StompSession> {
  const messages: IMessage[] = [];
  const errors: IFrame[] = [];
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  let closedResolve: () => void = () => undefined;
  const closed = new Promise<void>((r) => (closedResolve = r));
  const ws = baseUrl.replace(/^http/, 'ws');
  const client = new Client({
    webSocketFactory: () => {
      if (transport === 'raw') return new WebSocket(`${ws}/ws/websocket`, { headers: cookie ? { cookie } : {} });
      cookieAgent.cookie = cookie ?? null;
      http.globalAgent = cookieAgent;
      return new SockJS(`${baseUrl}/ws`, null, {
        transports: transport === 'sockjs-websocket' ? ['websocket'] : ['xhr-streaming'],
        transportOptions: { websocket: { headers: cookie ? { Cookie: cookie } : {} } },
      } as SockJS.Options);
    },
    heartbeatIncoming: 10_000,
    heartbeatOutgoing: 10_000,
    reconnectDelay: 0,
  });
  return new Promise((resolve, reject) => {
    client.onConnect = (frame) => {
      resolve({
        client,
        connected: frame,
        messages,
        errors,
        closed,
        subscribe: (destination) =>
          new Promise((ok) => {
            const receipt = `sub-${destination}-${Math.random()}`;
            client.watchForReceipt(receipt, () => ok(sub));
            const sub = client.subscribe(
              destination,
              (m) => {
                messages.push(m);
                wake();
              },
              { receipt },
            );
          }),
        next: (destination, count = 1) =>
          new Promise((ok) => {
            const check = () => {
              const got = messages.filter((m) => m.headers.destination === destination);
              if (got.length >= count) ok(got);
              else waiters.push(check);
            };
            check();
          }),
        error: () =>
          new Promise((ok) => {
            const check = () => (errors[0] ? ok(errors[0]) : waiters.push(check));
            check();
          }),
        disconnect: async () => {
          await client.deactivate();
        },
      });
    };
    client.onStompError = (frame) => {
      errors.push(frame);
      wake();
    };
    client.onWebSocketClose = (evt: { code?: number }) => {
      closedResolve();
      wake();
      reject(new Error(`socket closed before CONNECTED (${evt?.code ?? '?'})`));
    };
    client.activate();
  });
}
