import type { FastifyRequest } from 'fastify';

/**
 * What never reaches a log line (docs/decisions/0021): secrets by key name
 * (passwords, verification codes, tokens, cookies, session ids) and e-mail
 * addresses anywhere, masked as `a***@d***`. Applied to every custom log
 * object, the message strings, the request line and errors.
 */
const SECRET_KEY = /pass(word)?|secret|token|cookie|authorization|verification_?code|^sid$|session_?id|jsessionid|api_?key|phone|birth/i;
/**
 * A bare `code` is a secret only where e-mail (and OAuth) codes occur, never by its name alone:
 * every error envelope and upstream failure has a `code` (UPSTREAM_TIMEOUT…) an operator must be
 * able to grep (issue 24 item 9). So: `code=` in a query string, `code` beside an `email` (the
 * verify-email body), and a `code` whose value is digits (the shape of an e-mail code).
 */
const CODE_KEY = /^code$/i;
const EMAIL_KEY = /^(user_?)?email$/i;
const DIGITS = /^\d{4,12}$/;
const isEmailCode = (key: string, value: unknown, siblings: Record<string, unknown>): boolean =>
  CODE_KEY.test(key) &&
  ((typeof value === 'string' && DIGITS.test(value)) || typeof value === 'number' || Object.keys(siblings).some((k) => EMAIL_KEY.test(k)));
// Bounded repeats (RFC 5321 lengths) keep the scan linear on long strings without an address.
const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{0,63}@([A-Za-z0-9])[A-Za-z0-9-]{0,62}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}/g;
export const REDACTED = '[REDACTED]';
const MAX_DEPTH = 6;

export const maskEmails = (text: string): string => (text.includes('@') ? text.replace(EMAIL, '$1***@$2***') : text);

export const isSecretKey = (key: string): boolean => SECRET_KEY.test(key);

function isPlain(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A copy with secret keys replaced and e-mails masked; class instances (requests, errors) are left to their serializers. */
export function maskDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskEmails(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => maskDeep(v, depth + 1));
  if (!isPlain(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] =
      (isSecretKey(k) || isEmailCode(k, v, value as Record<string, unknown>)) && v !== null && v !== undefined
        ? REDACTED
        : maskDeep(v, depth + 1);
  return out;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The request target as logged: secret query values replaced, e-mails masked (also percent-encoded ones). */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  const path = maskEmails(safeDecode(q === -1 ? url : url.slice(0, q)));
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = safeDecode(eq === -1 ? pair : pair.slice(0, eq));
      if (eq === -1) return maskEmails(key);
      const secret = isSecretKey(key) || CODE_KEY.test(key);
      return `${maskEmails(key)}=${secret ? REDACTED : maskEmails(safeDecode(pair.slice(eq + 1)))}`;
    })
    .join('&');
  return `${path}?${query}`;
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: maskEmails(String(err)), stack: '' };
  const e = err as Error & { code?: unknown; statusCode?: unknown };
  const out: SerializedError = { type: e.name, message: maskEmails(e.message), stack: maskEmails(e.stack ?? '') };
  if (e.code !== undefined) out.code = e.code;
  if (e.statusCode !== undefined) out.statusCode = e.statusCode;
  return out;
}

/** Pino options for Fastify's logger: the masking above plus header redaction as a second net. */
export function redactingLoggerOptions() {
  return {
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'headers.cookie', 'headers.authorization'],
      censor: REDACTED,
    },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: maskUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: serializeError,
    },
    formatters: { log: (obj: Record<string, unknown>) => maskDeep(obj) as Record<string, unknown> },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? maskEmails(a) : a)),
        );
      },
    },
  };
}
