// Browser-like clients: HTTP with a cookie, STOMP over WebSocket, socket.io.
import { Client } from '@stomp/stompjs';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { z } from 'zod';

export interface Answer {
  status: number;
  json: unknown;
  ms: number;
  headers: Headers;
  /** Why there is no usable answer (status 0): none came, or the body was cut off after the headers. */
  error?: string;
}

/** The code of a failed fetch (undici puts the socket's error under `cause`). */
function failure(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? String(err);
}

/** The BFF's error envelope: `{ error: { code, message, requestId } }`. */
export const EnvelopeSchema = z.object({
  error: z.object({ code: z.string().regex(/^[A-Z][A-Z0-9_]+$/), message: z.string(), requestId: z.string().optional() }),
});
export const SessionSchema = z.union([
  z.object({ loggedIn: z.literal(true), userId: z.string(), isAdmin: z.boolean() }).passthrough(),
  z.object({ loggedIn: z.literal(false) }),
]);
const PostListSchema = z.array(z.object({ id: z.number(), author: z.string().nullable() }).passthrough());
const NicknameSchema = z.object({ nickname: z.string() }).passthrough();

/** One browser: a base URL and the session cookie it was given. */
export class Browser {
  sid: string | null = null;
  constructor(public baseUrl: string) {}

  at(baseUrl: string): Browser {
    const b = new Browser(baseUrl);
    b.sid = this.sid;
    return b;
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, timeoutMs = 30_000): Promise<Answer> {
    const start = performance.now();
    const h: Record<string, string> = { accept: 'application/json', ...headers };
    if (this.sid) h.cookie = `JSESSIONID=${this.sid}`;
    const form = body instanceof FormData;
    if (body !== undefined && !form) h['content-type'] = 'application/json';
    // A status of 0 means no usable answer: none at all (connection refused/reset, our own timeout) or a
    // body cut off after its headers (`error` says which).
    let res: Response;
    try {
      res = await fetch(this.baseUrl + path, {
        method,
        headers: h,
        body: body === undefined ? undefined : form ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      return { status: 0, json: undefined, ms: performance.now() - start, headers: new Headers(), error: `no answer: ${failure(err)}` };
    }
    try {
      const text = await res.text();
      for (const c of res.headers.getSetCookie()) {
        const m = /^JSESSIONID=([^;]*)/.exec(c);
        if (m) this.sid = m[1] || null;
      }
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = text;
      }
      return { status: res.status, json, ms: performance.now() - start, headers: res.headers };
    } catch (err) {
      return {
        status: 0,
        json: undefined,
        ms: performance.now() - start,
        headers: res.headers,
        error: `cut off after ${res.status}: ${failure(err)}`,
      };
    }
  }

  /**
   * A page as a browser loads it: a GET for HTML, asked again once when no answer at all came (a browser
   * does that when a kept-alive connection turns out to be closed as it sends). A page cut off after its
   * headers is not asked again: that is the server's failure.
   */
  async page(path: string, timeoutMs = 20_000): Promise<Answer & { retried: boolean }> {
    const first = await this.call('GET', path, undefined, { accept: 'text/html' }, timeoutMs);
    if (first.status !== 0 || !first.error?.startsWith('no answer') || first.error.includes('TimeoutError'))
      return { ...first, retried: false };
    const again = await this.call('GET', path, undefined, { accept: 'text/html' }, timeoutMs);
    return { ...again, ms: first.ms + again.ms, retried: true, error: again.error ?? `answered when asked again (${first.error})` };
  }

  async login(userId: string, password: string): Promise<Answer> {
    this.sid = null;
    return this.call('POST', '/api/users/login', { userId, password });
  }

  async session(): Promise<z.infer<typeof SessionSchema> | { status: number }> {
    const a = await this.call('GET', '/api/users/check-session');
    const s = SessionSchema.safeParse(a.json);
    return a.status === 200 && s.success ? s.data : { status: a.status };
  }

  /**
   * A community post by this account. Posts name their author by nickname (issue 25 item 5), never the
   * login id, so the account's nickname is read from its own session first (a second browser logs in).
   */
  async postBy(account: { userId: string; password: string }): Promise<number> {
    const who = new Browser(this.baseUrl);
    await who.login(account.userId, account.password);
    const { nickname } = NicknameSchema.parse((await who.call('GET', '/api/users/check-session')).json);
    const a = await this.call('GET', '/api/community/posts?size=50');
    const post = PostListSchema.parse(a.json).find((p) => p.author === nickname);
    if (!post) throw new Error(`no community post by ${account.userId} (${nickname})`);
    return post.id;
  }
}

export interface LiveStomp {
  received: unknown[];
  /** Resolves with the time it took once `count` messages in total have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs: number): Promise<number>;
  close(): Promise<void>;
}

/** A browser's STOMP session on `<base>/ws`, subscribed to `destination` (resolves once the SUBSCRIBE has its receipt). */
export function openStomp(baseUrl: string, sid: string, destination: string, timeoutMs = 15_000): Promise<LiveStomp> {
  const received: unknown[] = [];
  let waiters: (() => void)[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void client.deactivate();
      reject(new Error(`STOMP via ${baseUrl} not subscribed within ${timeoutMs} ms`));
    }, timeoutMs);
    const client = new Client({
      webSocketFactory: () => {
        const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, { headers: { origin: baseUrl, cookie: `JSESSIONID=${sid}` } });
        ws.on('error', () => {});
        return ws;
      },
      reconnectDelay: 0,
      heartbeatIncoming: 10_000,
      heartbeatOutgoing: 10_000,
      debug: () => {},
      onConnect: () => {
        const receipt = `r-${Math.random()}`;
        client.watchForReceipt(receipt, () => {
          clearTimeout(timer);
          resolve({
            received,
            waitFor: (count, ms) =>
              new Promise((done, fail) => {
                const start = performance.now();
                const t = setTimeout(
                  () => fail(new Error(`only ${received.length}/${count} STOMP messages via ${baseUrl} after ${ms} ms`)),
                  ms,
                );
                const check = () => {
                  if (received.length >= count) {
                    clearTimeout(t);
                    done(performance.now() - start);
                  } else waiters.push(check);
                };
                check();
              }),
            close: () => client.deactivate(),
          });
        });
        client.subscribe(
          destination,
          (m) => {
            received.push(JSON.parse(m.body));
            const ready = waiters;
            waiters = [];
            for (const w of ready) w();
          },
          { receipt },
        );
      },
    });
    client.activate();
  });
}

/** An admin's dashboard socket through `baseUrl`, polling only (every request must reach the same BFF). */
export function openDashboard(
  baseUrl: string,
  sid: string,
  timeoutMs = 15_000,
): Promise<{ socket: Socket; events: { name: string; payload: unknown }[] }> {
  const events: { name: string; payload: unknown }[] = [];
  const socket = io(baseUrl, {
    path: '/dashboard/socket.io/',
    transports: ['polling'],
    extraHeaders: { cookie: `JSESSIONID=${sid}`, origin: baseUrl },
    reconnection: false,
    forceNew: true,
    timeout: timeoutMs,
  });
  socket.onAny((name: string, payload: unknown) => events.push({ name, payload }));
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => {
      socket.close();
      reject(new Error(`dashboard socket via ${baseUrl} not connected within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(t);
      resolve({ socket, events });
    });
    socket.once('connect_error', (err) => {
      clearTimeout(t);
      socket.close();
      reject(new Error(`dashboard socket via ${baseUrl}: ${err.message}`));
    });
  });
}

/** The web app's notification stream: live frames plus what each (re)connect refetched (ids). */
export interface LiveApp {
  /** Every notification id the app learned, live or by refetch. */
  seen: Set<number>;
  liveCount: number;
  refetched: number;
  /** Sessions opened (1 = never reconnected). */
  connects: number;
  /** Socket ends the app saw (the BFF telling it to reconnect, or a dead tier). */
  closes: number;
  close(): Promise<void>;
}

/**
 * What the SPA does (web/src/lib/stomp.ts, NotificationBell): a STOMP session that reconnects by
 * itself, and on every (re)connect a refetch of the unread list, because "online again after
 * offline means messages may have been missed". Completeness is judged on what it ends up knowing.
 */
export function openApp(baseUrl: string, browser: Browser, userId: string, topics: string[], timeoutMs = 15_000): Promise<LiveApp> {
  const app: LiveApp = { seen: new Set(), liveCount: 0, refetched: 0, connects: 0, closes: 0, close: async () => undefined };
  const refetch = async () => {
    for (let page = 1; page <= 40; page++) {
      const a = await browser.call('GET', `/api/notifications/user/${userId}/unread?page=${page}&size=50`);
      if (a.status !== 200 || !Array.isArray(a.json)) return;
      for (const n of a.json as { id?: unknown }[]) {
        if (typeof n.id !== 'number' || app.seen.has(n.id)) continue;
        app.seen.add(n.id);
        app.refetched++;
      }
      if ((a.json as unknown[]).length < 50) return;
    }
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`app STOMP via ${baseUrl} not connected within ${timeoutMs} ms`)), timeoutMs);
    const client = new Client({
      webSocketFactory: () => {
        const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, {
          headers: { origin: baseUrl, cookie: `JSESSIONID=${browser.sid}` },
        });
        ws.on('error', () => {});
        return ws;
      },
      reconnectDelay: 1000,
      heartbeatIncoming: 10_000,
      heartbeatOutgoing: 10_000,
      debug: () => {},
      onWebSocketClose: () => void app.closes++,
      onConnect: () => {
        app.connects++;
        for (const topic of topics)
          client.subscribe(topic, (m) => {
            const id = (JSON.parse(m.body) as { id?: unknown }).id;
            if (typeof id !== 'number') return;
            app.seen.add(id);
            app.liveCount++;
          });
        void refetch().then(() => {
          clearTimeout(timer);
          resolve(app);
        });
      },
    });
    app.close = () => client.deactivate();
    client.activate();
  });
}
