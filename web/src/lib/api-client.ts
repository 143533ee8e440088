import type { ErrorCode, ErrorReason, FieldErrorCodes, FieldErrors } from '@pawbridge/shared';
import { LIMITS } from '@pawbridge/shared/constants';

/** A zod schema (classic or zod/mini): what an answer is checked with. */
export interface AnswerSchema<T> {
  parse(data: unknown): T;
}

/** A failed call, carrying the BFF's error envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK' | 'TIMEOUT',
    message: string,
    readonly fieldErrors: FieldErrors = {},
    readonly requestId?: string,
    /** Why it failed, finer than the code; the web's catalogue has words for each. */
    readonly reason?: ErrorReason,
    /** Per field, the validation key (`emailInvalid`, `userIdTaken`) a form turns into its own sentence. */
    readonly fieldErrorCodes: FieldErrorCodes = {},
  ) {
    super(message);
  }
}

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: FormData;
  /**
   * Validates the answer (zod at every boundary). A loader (`() => import(...)`)
   * keeps the schema and zod out of the chunk that calls, until an answer arrives.
   */
  schema?: AnswerSchema<T> | (() => Promise<AnswerSchema<T>>);
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  /** Receives a successful answer's headers (a paged list's X-Total-Count). */
  onHeaders?: (headers: Headers) => void;
}

// Requests and errors go to the console in development (spec §7), not in test runs.
const debug = import.meta.env.DEV && import.meta.env.MODE !== 'test';

/**
 * The one data path of the SPA: same-origin calls to the BFF with the session
 * cookie, a 10 s timeout, and the error envelope turned into ApiError.
 */
export async function api<T = unknown>(path: string, req: ApiRequest<T> = {}): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { ...req.headers, accept: 'application/json' };
  let body: RequestInit['body'];
  if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.json);
  } else if (req.form) body = req.form;
  const timeout = AbortSignal.timeout(LIMITS.apiTimeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  const method = req.method ?? 'GET';
  if (debug) console.debug('[api]', method, url.pathname + url.search);
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, credentials: 'same-origin', signal });
  } catch (err) {
    if (debug) console.warn('[api] network error', method, url.pathname, err);
    if ((err as Error).name === 'TimeoutError') throw new ApiError(0, 'TIMEOUT', 'timeout');
    throw new ApiError(0, 'NETWORK', 'network');
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    // The envelope's schema (and classic zod) load with the first failure, not with the first paint.
    const { ErrorEnvelopeSchema } = await import('@pawbridge/shared');
    const envelope = ErrorEnvelopeSchema.safeParse(data);
    if (debug) console.warn('[api] error', res.status, method, url.pathname, data);
    if (envelope.success) {
      const e = envelope.data.error;
      throw new ApiError(res.status, e.code, e.message, e.fieldErrors ?? {}, e.requestId, e.reason, e.fieldErrorCodes ?? {});
    }
    // Not our envelope (a proxy's HTML page, an unknown code): keep what can be read, words come from the screen's fallback.
    const e = (data as { error?: { message?: string; requestId?: string } } | undefined)?.error;
    throw new ApiError(res.status, 'INTERNAL', e?.message ?? res.statusText, {}, e?.requestId);
  }
  req.onHeaders?.(res.headers);
  if (!req.schema) return data as T;
  const schema = typeof req.schema === 'function' ? await req.schema() : req.schema;
  return schema.parse(data);
}

/** SWR fetcher: the key is the path. */
export const swrFetcher = <T>(path: string) => api<T>(path);
