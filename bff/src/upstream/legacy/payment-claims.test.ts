import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { memoryPaymentClaims, redisPaymentClaims, type PaymentClaims } from './payment-claims';

// The imp_uid guard the legacy lacks (issue 23 item 8): in process, and in Redis when REDIS_URL is set (as in production).
let clock = 1_000_000;
const now = () => clock;
const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 1 }) : null;
afterAll(async () => {
  await redis?.quit();
});

const stores: [string, () => PaymentClaims][] = [
  ['in process', () => memoryPaymentClaims(now)],
  // Without REDIS_URL the shared store is checked with a second in-process store in its place (same contract).
  [
    redis ? 'redis' : 'in process (no REDIS_URL)',
    () => (redis ? redisPaymentClaims(redis, `pawbridge:test:${crypto.randomUUID()}:`, now) : memoryPaymentClaims(now)),
  ],
];

describe.each(stores)('payment claims, %s', (_name, make) => {
  it('one holder per imp_uid; recorded and unknown stay; a refusal frees it; an old pending reads as unknown, never free', async () => {
    const claims = make();
    expect(await claims.claim('imp_1')).toBeNull();
    expect(await claims.claim('imp_1')).toBe('pending');
    await claims.settle('imp_1', 'recorded');
    expect(await claims.claim('imp_1')).toBe('recorded');

    expect(await claims.claim('imp_2')).toBeNull();
    await claims.settle('imp_2', 'unknown');
    expect(await claims.claim('imp_2')).toBe('unknown');

    expect(await claims.claim('imp_3')).toBeNull();
    await claims.release('imp_3');
    expect(await claims.claim('imp_3')).toBeNull();

    clock += 10 * 60_000; // the holder of imp_3 died without a word
    expect(await claims.claim('imp_3')).toBe('unknown');
  });
});

it('a Redis that cannot answer refuses the record (502) instead of letting a possible replay through', async () => {
  const down = new Redis('redis://127.0.0.1:9', {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  down.on('error', () => undefined);
  await expect(redisPaymentClaims(down, 'x:').claim('imp_1')).rejects.toMatchObject({ status: 502, code: 'UPSTREAM_UNAVAILABLE' });
  down.disconnect();
});
