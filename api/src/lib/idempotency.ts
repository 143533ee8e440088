import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/index';
import type { DB } from '../db/schema';
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

/** The transaction an idempotent write runs in (repositories take it as their `Db`). */
export type Tx = Transaction<DB>;

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
 * One idempotent write in four steps (only `write` is required):
 * - `prepare` runs after the key is claimed and outside any transaction
 *   (checks, image cleaning, storing a file), so it never holds the
 *   connection (PGlite has only one) while it works;
 * - `write` runs in the transaction that also stores the answer, so the rows
 *   and the answer commit together or not at all; it must use only `trx`;
 * - `discard` undoes `prepare` when the write did not commit (e.g. removes
 *   the stored file);
 * - `committed` runs after the commit, once per real write (never for a
 *   replayed answer): publishing domain events.
 */
export interface IdempotentWrite<P, T> {
  prepare?: () => Promise<P>;
  write: (trx: Tx, prepared: P) => Promise<T>;
  discard?: (prepared: P) => Promise<void>;
  committed?: (result: T) => Promise<void>;
}

/** The claim was answered or released by another request meanwhile (a takeover race): this write must not commit. */
class ClaimLost extends Error {}

/**
 * Runs a write at most once per (member, operation, key) and answers a retry
 * with the first success, for 24 hours: a client that timed out while the
 * write succeeded retries safely. While the first is still running a retry
 * gets 409; a failed write releases the key so a retry really retries. The
 * answer is stored in the write's own transaction, so a crash never leaves a
 * committed write without its answer (a state a retry would repeat).
 * Without a key the write simply runs (still in one transaction).
 */
export async function once<T extends Record<string, unknown>, P = undefined>(
  db: Db,
  key: string | null,
  opts: IdempotencyOptions,
  op: IdempotentWrite<P, T>,
): Promise<T> {
  if (key === null) return run(db, op, null);
  const now = Date.now();
  const mine = { userPk: opts.userPk, scope: opts.scope, key };
  await db
    .deleteFrom('idempotencyKeys')
    .where('createdAt', '<', new Date(now - IDEMPOTENCY_TTL_MS))
    .execute();

  const claimed = await db
    .insertInto('idempotencyKeys')
    .values({ ...mine, response: null })
    .onConflict((oc) => oc.columns(['userPk', 'scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  const stored = async () => {
    const row = await db
      .selectFrom('idempotencyKeys')
      .select('response')
      .where('userPk', '=', mine.userPk)
      .where('scope', '=', mine.scope)
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.response ? (JSON.parse(row.response) as T) : null;
  };
  if (!claimed) {
    const answer = await stored();
    if (answer) return answer;
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

  try {
    return await run(db, op, async (trx, result) => {
      const answered = await trx
        .updateTable('idempotencyKeys')
        .set({ response: JSON.stringify(result) })
        .where('userPk', '=', mine.userPk)
        .where('scope', '=', mine.scope)
        .where('key', '=', key)
        .where('response', 'is', null)
        .returning('key')
        .executeTakeFirst();
      if (!answered) throw new ClaimLost();
    });
  } catch (err) {
    if (err instanceof ClaimLost) {
      const answer = await stored();
      if (answer) return answer;
      throw new ApiHttpError(409, opts.fail(IDEMPOTENCY_MESSAGES.inProgress));
    }
    await db
      .deleteFrom('idempotencyKeys')
      .where('userPk', '=', mine.userPk)
      .where('scope', '=', mine.scope)
      .where('key', '=', key)
      .where('response', 'is', null)
      .execute()
      .catch(() => undefined);
    throw err;
  }
}

/** prepare → one transaction (write, then the answer) → committed; discard when nothing committed. */
async function run<P, T>(db: Db, op: IdempotentWrite<P, T>, answer: ((trx: Tx, result: T) => Promise<void>) | null): Promise<T> {
  const prepared = (op.prepare ? await op.prepare() : undefined) as P;
  let result: T;
  try {
    result = await db.transaction().execute(async (trx) => {
      const r = await op.write(trx, prepared);
      if (answer) await answer(trx, r);
      return r;
    });
  } catch (err) {
    if (op.discard) await op.discard(prepared);
    throw err;
  }
  if (op.committed) await op.committed(result);
  return result;
}
