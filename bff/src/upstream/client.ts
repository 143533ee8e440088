import http from 'node:http';
import https from 'node:https';
import type { FastifyRequest } from 'fastify';
import { withoutNaverPrincipals } from '../normalisers/session.normaliser';
import { BffError } from '../errors/bff-error';

/** The upstream's session cookie (Spring's default; our api uses the same name). */
export const UPSTREAM_SESSION_COOKIE = 'JSESSIONID';

/** What the gateways read of an answer's headers: a name's value (joined like `Headers.get`) and the cookies. */
export interface UpstreamHeaders {
  get(name: string): string | null;
  getSetCookie(): string[];
}

/**
 * Node's own parsed headers seen through `UpstreamHeaders`: no copy into a WHATWG `Headers` (which
 * validates every name and value again; tens of µs an answer on the adopt list, bench/README.md overhead).
 */
export class NodeHeaders implements UpstreamHeaders {
  constructor(private readonly raw: http.IncomingHttpHeaders) {}
  get(name: string): string | null {
    const key = name.toLowerCase();
    const v = this.raw[key];
    if (v === undefined) return null;
    // Node keeps set-cookie as a list and joins other repeats with ', ' ('; ' for cookie), as Headers.get does.
    return Array.isArray(v) ? v.join(', ') : v;
  }
  getSetCookie(): string[] {
    return this.raw['set-cookie'] ?? [];
  }
}

export interface UpstreamResponse {
  status: number;
  headers: UpstreamHeaders;
  /** Raw body text (Spring sends plain text labelled application/json, so never parse blindly). */
  text: string;
  /** The body parsed as JSON when it is JSON, otherwise undefined. */
  json: unknown;
  setCookies: string[];
  /** True for Spring's "302 to /login" (its way of saying 401). */
  loginRedirect: boolean;
  body: Buffer;
}

export interface UpstreamRequestOptions {
  /** The browser request whose session cookie and request id are forwarded. */
  from?: FastifyRequest;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: FormData;
  /** Overrides the session id taken from `from` (e.g. right after login). */
  sessionId?: string | null;
  headers?: Record<string, string>;
  /** Overrides the client's timeout for this call (e.g. a short readiness probe). */
  timeoutMs?: number;
}

/** An answer whose body is still on the wire (photos): passed through, never held in memory. */
export interface UpstreamStream {
  status: number;
  headers: Headers;
  /** True for Spring's "302 to /login" (its way of saying 401). */
  loginRedirect: boolean;
  body: ReadableStream<Uint8Array> | null;
  /** Drops the body unread (an answer that will not be passed on). */
  discard(): Promise<void>;
}

/**
 * A session id worth forwarding: cookie-octets only. `JSESSIONID=%00` decodes
 * to a NUL byte, which no header may carry (fetch would throw → 502); such a
 * cookie is simply no session.
 */
export const isForwardableSessionId = (sid: string): boolean => /^[\x21-\x7E]{1,256}$/.test(sid) && !/[",;\\]/.test(sid);

function parseJson(text: string): unknown {
  const t = text.trim();
  if (!t || !(t.startsWith('{') || t.startsWith('[') || t === 'true' || t === 'false' || t === 'null' || /^-?\d/.test(t))) return undefined;
  try {
    return JSON.parse(t);
  } catch {
    return undefined;
  }
}

interface Prepared {
  url: URL;
  headers: Record<string, string>;
  body: string | FormData | undefined;
  timeoutMs: number;
}

/**
 * One client for the upstream (our api or the legacy Spring service): 10 s
 * timeout, only the session cookie forwarded, redirects never followed.
 *
 * Buffered calls without a form go through node:http on one keep-alive agent
 * (LIFO, so a few warm connections carry the load): fetch's WHATWG streams,
 * Headers and AbortSignal cost more per call than the rest of a proxied read
 * (bench/README.md, BFF overhead). Forms and streamed bodies keep fetch.
 */
export class UpstreamClient {
  private readonly agent: http.Agent;

  constructor(
    readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {
    const options: http.AgentOptions = { keepAlive: true, keepAliveMsecs: 1000, maxSockets: 256, maxFreeSockets: 64, scheduling: 'lifo' };
    this.agent = baseUrl.startsWith('https:') ? new https.Agent(options) : new http.Agent(options);
  }

  async request(method: string, path: string, opts: UpstreamRequestOptions = {}): Promise<UpstreamResponse> {
    const prepared = this.prepare(method, path, opts);
    if (prepared.body instanceof FormData) {
      const res = await this.fetch(method, prepared);
      const buf = Buffer.from(await res.arrayBuffer());
      return answer(res.status, res.headers, buf);
    }
    const res = await this.send(method, prepared);
    return answer(res.status, res.headers, res.body);
  }

  /** Like `request`, but the body stays a stream for the caller to pass on (or discard). */
  async stream(method: string, path: string, opts: UpstreamRequestOptions = {}): Promise<UpstreamStream> {
    const res = await this.fetch(method, this.prepare(method, path, opts));
    return {
      status: res.status,
      headers: res.headers,
      loginRedirect: isLoginRedirect(res.status, res.headers),
      body: res.body,
      discard: async () => {
        await res.body?.cancel().catch(() => undefined);
      },
    };
  }

  private prepare(method: string, path: string, opts: UpstreamRequestOptions): Prepared {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json, text/plain, */*', ...opts.headers };
    const sid = opts.sessionId !== undefined ? opts.sessionId : opts.from?.cookies[UPSTREAM_SESSION_COOKIE];
    if (sid && isForwardableSessionId(sid)) headers.cookie = `${UPSTREAM_SESSION_COOKIE}=${sid}`;
    if (opts.from) headers['x-request-id'] = String(opts.from.id);
    // The browser's retry token for a write (our api replays the first answer; the legacy ignores it).
    const retryKey = opts.from?.headers['idempotency-key'];
    if (method !== 'GET' && typeof retryKey === 'string' && /^[A-Za-z0-9_-]{8,128}$/.test(retryKey)) headers['idempotency-key'] = retryKey;
    let body: Prepared['body'];
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      body = opts.form;
    }
    return { url, headers, body, timeoutMs: opts.timeoutMs ?? this.timeoutMs };
  }

  private async fetch(method: string, p: Prepared): Promise<Response> {
    try {
      return await fetch(p.url, { method, headers: p.headers, body: p.body, redirect: 'manual', signal: AbortSignal.timeout(p.timeoutMs) });
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw upstreamTimeout(p);
      throw upstreamUnreachable(p, err);
    }
  }

  /** One buffered call on the keep-alive agent; the timeout covers the whole answer, as fetch's signal did. */
  private send(method: string, p: Prepared): Promise<{ status: number; headers: UpstreamHeaders; body: Buffer }> {
    const body = typeof p.body === 'string' ? Buffer.from(p.body) : undefined;
    if (body) p.headers['content-length'] = String(body.length);
    const lib = p.url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      let timedOut = false;
      const req = lib.request(p.url, { method, headers: p.headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 502, headers: new NodeHeaders(res.headers), body });
        });
        res.on('error', () => undefined);
      });
      const timer = setTimeout(() => {
        timedOut = true;
        req.destroy();
      }, p.timeoutMs);
      req.on('error', (err) => {
        clearTimeout(timer);
        reject(timedOut ? upstreamTimeout(p) : upstreamUnreachable(p, err));
      });
      req.end(body);
    });
  }
}

// The operator's log line says which call failed and why (in English); the client gets the envelope only.
const upstreamTimeout = (p: Prepared) =>
  new BffError(504, 'UPSTREAM_TIMEOUT', undefined, undefined, {
    upstream: { path: p.url.pathname, cause: `no answer within ${p.timeoutMs} ms` },
  });

function upstreamUnreachable(p: Prepared, err: unknown): BffError {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : typeof e.cause?.code === 'string' ? e.cause.code : 'connection failed';
  return new BffError(502, 'UPSTREAM_UNAVAILABLE', undefined, undefined, {
    upstream: { path: p.url.pathname, cause: `unreachable: ${code}` },
  });
}

function answer(status: number, headers: UpstreamHeaders, buf: Buffer): UpstreamResponse {
  const text = buf.toString('utf8');
  return {
    status,
    headers,
    text,
    json: parseJson(text),
    setCookies: headers.getSetCookie(),
    loginRedirect: isLoginRedirect(status, headers),
    body: buf,
  };
}

function isLoginRedirect(status: number, headers: UpstreamHeaders): boolean {
  const location = headers.get('location') ?? '';
  return status >= 300 && status < 400 && /\/login(\?|$)/.test(location.replace(/^https?:\/\/[^/]+/, ''));
}

/** The message an upstream error carries, whatever its shape (text, {message}, {error}). */
export function upstreamMessage(res: UpstreamResponse): string | undefined {
  const j = res.json as Record<string, unknown> | undefined;
  if (j && typeof j === 'object') {
    for (const k of ['message', 'error'])
      if (typeof j[k] === 'string' && (j[k] as string).trim()) return withoutNaverPrincipals(j[k] as string);
    return undefined;
  }
  const t = res.text.trim();
  if (!t || t.startsWith('<')) return undefined;
  return t.length > 300 ? undefined : withoutNaverPrincipals(t);
}

/** Map a failed upstream answer to the envelope's honest status; 5xx details are masked. */
export function toBffError(res: UpstreamResponse, overrides: Partial<Record<number, BffError>> = {}): BffError {
  if (res.loginRedirect || res.status === 401) return overrides[401] ?? new BffError(401, 'UNAUTHENTICATED');
  const o = overrides[res.status];
  if (o) return o;
  const msg = upstreamMessage(res);
  switch (res.status) {
    case 400:
      return new BffError(400, 'VALIDATION_FAILED', msg);
    case 403:
      return new BffError(403, 'FORBIDDEN', msg);
    case 404:
      return new BffError(404, 'NOT_FOUND');
    case 409:
      return new BffError(409, 'CONFLICT', msg);
    case 413:
      return new BffError(413, 'PAYLOAD_TOO_LARGE');
    case 415:
      return new BffError(415, 'UNSUPPORTED_MEDIA_TYPE');
    case 429:
      // The api's per-member write limit (issue 24 item 14): its Retry-After is passed on.
      return new BffError(429, 'RATE_LIMITED', undefined, undefined, { retryAfterSeconds: retryAfterOf(res) });
    case 503:
      return upstreamBusy(res);
    default:
      return new BffError(502, 'UPSTREAM_UNAVAILABLE', undefined, undefined, {
        upstream: { status: res.status, cause: `upstream answered ${res.status}` },
      });
  }
}

/**
 * The upstream shed load (503, our api's SERVICE_OVERLOADED): it is there but busy, which is not
 * "unreachable". 503 with the upstream's Retry-After (bounded), else 2 s (issue 24 item 10).
 */
export function upstreamBusy(res: Pick<UpstreamResponse, 'headers'>): BffError {
  const retryAfterSeconds = retryAfterOf(res);
  return new BffError(503, 'UPSTREAM_BUSY', undefined, undefined, {
    retryAfterSeconds,
    upstream: { status: 503, cause: 'upstream shed load (503)' },
  });
}

/** The upstream's Retry-After in whole seconds (1..120), else 2. */
function retryAfterOf(res: Pick<UpstreamResponse, 'headers'>): number {
  const said = Number(res.headers.get('retry-after'));
  return Number.isInteger(said) && said >= 1 ? Math.min(said, 120) : 2;
}

export const isOk = (res: UpstreamResponse) => res.status >= 200 && res.status < 300;

/** A write the upstream refused in its body (`{success:false}`, even with a 2xx: the legacy's way). */
export const refusedInBody = (res: UpstreamResponse): boolean => (res.json as { success?: unknown } | undefined)?.success === false;
