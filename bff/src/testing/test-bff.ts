import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loadBffConfig, type BffConfig } from '../config/env';
import { ambientTestServices } from './services';
import { buildApp } from '../app';
import { isFakeSpringUrl } from './fake-spring/index';

export interface TestBff {
  url: string;
  app: FastifyInstance;
  config: BffConfig;
  close(): Promise<void>;
}

/**
 * A real BFF on port 0 in front of `upstreamUrl` (the fake Spring or a test
 * api). Redis is used when REDIS_URL is set; each instance gets its own
 * rate-limit key prefix so test files never share counts. Limits are generous
 * unless a test sets them: only rate-limit tests should ever meet a 429.
 * UPSTREAM_KIND is legacy in front of a fake Spring, api otherwise.
 */
export async function startTestBff(upstreamUrl: string, envOverrides: Record<string, string> = {}): Promise<TestBff> {
  const config = loadBffConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    UPSTREAM_URL: upstreamUrl,
    // In front of the fake Spring the BFF runs as it would in front of the real one.
    UPSTREAM_KIND: isFakeSpringUrl(upstreamUrl) ? 'legacy' : 'api',
    RATE_LOGIN_PER_ACCOUNT: '1000',
    RATE_LOGIN_PER_ACCOUNT_AND_IP: '1000',
    RATE_LOGIN_PER_IP: '1000',
    RATE_EMAIL_PER_ADDRESS: '1000',
    RATE_EMAIL_PER_IP: '1000',
    RATE_VERIFY_PER_ADDRESS: '1000',
    RATE_VERIFY_PER_IP: '1000',
    RATE_NAME_CHECK_PER_IP: '1000',
    RATE_LIMIT_PREFIX: `pawbridge:test:${crypto.randomBytes(6).toString('hex')}:`,
    ...ambientTestServices(),
    ...envOverrides,
  });
  const app = await buildApp(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, app, config, close: () => app.close() };
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  setCookies: string[];
}

export interface RequestOptions {
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface TestClient {
  /** Cookies the client holds now (name → value). */
  cookies: Map<string, string>;
  get(path: string, opts?: RequestOptions): Promise<TestResponse>;
  post(path: string, json?: unknown, opts?: RequestOptions): Promise<TestResponse>;
  postForm(path: string, form: FormData, opts?: RequestOptions): Promise<TestResponse>;
  put(path: string, json?: unknown, opts?: RequestOptions): Promise<TestResponse>;
  putForm(path: string, form: FormData, opts?: RequestOptions): Promise<TestResponse>;
  delete(path: string, opts?: RequestOptions): Promise<TestResponse>;
}

/** A browser-like client: keeps cookies and sends a same-origin Origin on writes. */
export function createClient(baseUrl: string): TestClient {
  const cookies = new Map<string, string>();
  const origin = new URL(baseUrl).origin;

  function remember(setCookies: string[]) {
    for (const header of setCookies) {
      const [pair, ...attrs] = header.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') <= Date.now()),
      );
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  async function send(
    method: string,
    path: string,
    body: { json?: unknown; form?: FormData },
    opts: RequestOptions = {},
  ): Promise<TestResponse> {
    const url = new URL(path, baseUrl);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (method !== 'GET' && method !== 'HEAD' && !('origin' in headers)) headers.origin = origin;
    if (cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: RequestInit['body'];
    if (body.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body.form) {
      payload = body.form;
    }
    const res = await fetch(url, { method, headers, body: payload, redirect: 'manual' });
    const text = await res.text();
    const setCookies = res.headers.getSetCookie();
    remember(setCookies);
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, text, body: parsed, setCookies };
  }

  return {
    cookies,
    get: (path, opts) => send('GET', path, {}, opts),
    post: (path, json, opts) => send('POST', path, { json }, opts),
    postForm: (path, form, opts) => send('POST', path, { form }, opts),
    put: (path, json, opts) => send('PUT', path, { json }, opts),
    putForm: (path, form, opts) => send('PUT', path, { form }, opts),
    delete: (path, opts) => send('DELETE', path, {}, opts),
  };
}
