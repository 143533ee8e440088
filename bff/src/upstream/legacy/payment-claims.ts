import type { Redis } from 'ioredis';
import { BffError } from '../../errors/bff-error';

/**
 * What the BFF knows of one payment (imp_uid) it forwarded to the legacy,
 * which records every replay again (legacy-contract §3.2, §10: no duplicate
 * imp_uid protection). `pending`: being recorded now; `recorded`: the legacy
 * said 200; `unknown`: the legacy failed (500, timeout) and may or may not
 * have stored it — a retry could be the duplicate, so it is never forwarded.
 */
export type ClaimState = 'pending' | 'recorded' | 'unknown';

export interface PaymentClaims {
  /** null: the caller now holds the payment and may forward it; else the state someone left. */
  claim(impUid: string): Promise<ClaimState | null>;
  settle(impUid: string, state: 'recorded' | 'unknown'): Promise<void>;
  /** The legacy refused (not paid, amount mismatch): nothing was stored, the payment may be tried again. */
  release(impUid: string): Promise<void>;
}

/** A crashed request leaves `pending` behind: after this long it counts as `unknown` (never as free). */
const PENDING_SECONDS = 120;
/** Recorded and unknown payments are remembered about as long as a card payment can be disputed. */
const KEEP_SECONDS = 400 * 24 * 3600;

/** One process only (no REDIS_URL): every instance would guard its own requests. */
export function memoryPaymentClaims(now: () => number = Date.now): PaymentClaims {
  const claims = new Map<string, { state: ClaimState; at: number }>();
  return {
    async claim(impUid) {
      const held = claims.get(impUid);
      if (held) return held.state === 'pending' && now() - held.at > PENDING_SECONDS * 1000 ? 'unknown' : held.state;
      claims.set(impUid, { state: 'pending', at: now() });
      return null;
    },
    async settle(impUid, state) {
      claims.set(impUid, { state, at: now() });
    },
    async release(impUid) {
      claims.delete(impUid);
    },
  };
}

/**
 * Shared by every BFF instance (REDIS_URL). A Redis that cannot answer means
 * the guard cannot be kept: the record is refused before anything is
 * forwarded (502, nothing stored, safe to try later), never let through.
 */
export function redisPaymentClaims(redis: Redis, prefix: string, now: () => number = Date.now): PaymentClaims {
  const key = (impUid: string) => `${prefix}${impUid}`;
  const unavailable = () => new BffError(502, 'UPSTREAM_UNAVAILABLE');
  return {
    async claim(impUid) {
      try {
        // A pending claim never expires into "free": its age is kept in the value and read as unknown when old.
        const took = await redis.set(key(impUid), `pending:${now()}`, 'EX', KEEP_SECONDS, 'NX');
        if (took === 'OK') return null;
        const state = await redis.get(key(impUid));
        if (state === 'recorded') return 'recorded';
        const since = state?.startsWith('pending:') ? Number(state.slice('pending:'.length)) : NaN;
        return now() - since <= PENDING_SECONDS * 1000 ? 'pending' : 'unknown';
      } catch {
        throw unavailable();
      }
    },
    async settle(impUid, state) {
      await redis.set(key(impUid), state, 'EX', KEEP_SECONDS).catch(() => undefined);
    },
    async release(impUid) {
      await redis.del(key(impUid)).catch(() => undefined);
    },
  };
}
