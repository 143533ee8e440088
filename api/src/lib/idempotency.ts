import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/index';
import { ApiHttpError } from './errors';

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
/** How long a first answer is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** A claim without an answer this old belongs to a request that died (crash, restart): it may be taken over. */
const ABANDONED_AFTER_MS = 2 * 60_000;

export const IDEMPOTENCY_MESSAGES = {
  malformed: 'Idempotency-Key 형식이 올바르지 않습니다.',
  inProgress: '같은 요청을 아직 처리하고 있습니다. 잠시 후 다시 시도해 주세요.',
} as const;

export interface IdempotencyOptions {
  userPk: number;
  /** The operation (e.g. `pet-register`): one key may be used once per operation. */
  scope: string;
  /** The legacy-shaped error body of the route. */
  fail: (message: string) => string | Record<string, unknown>;
}

/** The request's Idempotency-Key header; null without one (the legacy client sends none). */
export function idempotencyKey(request: FastifyRequest, fail: IdempotencyOptions['fail']): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) throw new ApiHttpError(400, fail(IDEMPOTENCY_MESSAGES.malformed));
  return raw;
}

/**
 * Runs a write at most once per (member, operation, key) and answers a retry
 * with the first success, for 24 hours: a client that timed out while the
 * write succeeded retries safely. While the first is still running a retry
 * gets 409; a failed write releases the key so a retry really retries.
 * Without a key the write simply runs.
 */
export async function once<T extends Record<string, unknown>>(db: Db, key: string | null, opts: IdempotencyOptions, work: () => Promise<T>): Promise<T> {
  if (key === null) return work();
  const now = Date.now();
  const mine = { userPk: opts.userPk, scope: opts.scope, key };
  await db.deleteFrom('idempotencyKeys').where('createdAt', '<', new Date(now - IDEMPOTENCY_TTL_MS)).execute();

  const claimed = await db
    .insertInto('idempotencyKeys')
    .values({ ...mine, response: null })
    .onConflict((oc) => oc.columns(['userPk', 'scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) {
    const row = await db.selectFrom('idempotencyKeys').select('response').where('userPk', '=', mine.userPk).where('scope', '=', mine.scope).where('key', '=', key).executeTakeFirst();
    if (row?.response) return JSON.parse(row.response) as T;
    const takenOver = await db
      .updateTable('idempotencyKeys')
      .set({ createdAt: sql<Date>`now()` })
      .where('userPk', '=', mine.userPk)
      .where('scope', '=', mine.scope)
      .where('key', '=', key)
      .where('response', 'is', null)
      .where('createdAt', '<', new Date(now - ABANDONED_AFTER_MS))
      .returning('key')
      .executeTakeFirst();
    if (!takenOver) throw new ApiHttpError(409, opts.fail(IDEMPOTENCY_MESSAGES.inProgress));
  }

  const release = () => db.deleteFrom('idempotencyKeys').where('userPk', '=', mine.userPk).where('scope', '=', mine.scope).where('key', '=', key).execute();
  let result: T;
  try {
    result = await work();
  } catch (err) {
    await release().catch(() => undefined);
    throw err;
  }
  await db
    .updateTable('idempotencyKeys')
    .set({ response: JSON.stringify(result) })
    .where('userPk', '=', mine.userPk)
    .where('scope', '=', mine.scope)
    .where('key', '=', key)
    .execute();
  return result;
}
