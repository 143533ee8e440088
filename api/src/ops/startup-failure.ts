import type { ApiConfig } from '../config/env';

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET']);

/** The network error codes in an error (pg-pool throws AggregateErrors for IPv4 + IPv6 attempts). */
function codesOf(err: unknown, depth = 0): string[] {
  if (!err || typeof err !== 'object' || depth > 3) return [];
  const e = err as { code?: unknown; errors?: unknown; cause?: unknown };
  const own = typeof e.code === 'string' ? [e.code] : [];
  const nested = Array.isArray(e.errors) ? e.errors.flatMap((x) => codesOf(x, depth + 1)) : [];
  return [...own, ...nested, ...codesOf(e.cause, depth + 1)];
}

/**
 * One line for a start-up failure an operator fixes outside the code (issue 24 item 11): an
 * unreachable Postgres ends the start with where it was looked for and why, not a pg-pool stack.
 * Undefined for anything else (a real bug keeps its stack).
 */
export function describeStartupFailure(err: unknown, config: Pick<ApiConfig, 'databaseUrl'>): string | undefined {
  const code = codesOf(err).find((c) => UNREACHABLE.has(c));
  const message = err instanceof Error ? err.message : '';
  if (!config.databaseUrl || (!code && !/Connection terminated|connect ECONNREFUSED/.test(message))) return undefined;
  const u = new URL(config.databaseUrl);
  return `cannot reach Postgres at ${u.hostname}:${u.port || '5432'}${u.pathname} (${code ?? 'connection failed'}): check DATABASE_URL and that Postgres is running`;
}
