import type { FastifyBaseLogger } from 'fastify';
import type { ApiContext } from '../context';
import { keyFromUploadUrl, thumbnailKey } from './storage';

/** A photo younger than this may belong to a write that has not committed yet: never swept. */
export const SWEEP_MIN_AGE_MS = 60 * 60_000;
/** How often each instance sweeps (besides once at start). */
export const SWEEP_EVERY_MS = 6 * 60 * 60_000;

/** Every stored key a row still points at (with its thumbnail). */
async function referencedKeys(ctx: Pick<ApiContext, 'db'>): Promise<Set<string>> {
  const [posts, pets, strays, lostPhotos, lostUpdates] = await Promise.all([
    ctx.db.selectFrom('communityPosts').select('imgUrlContent as url').where('imgUrlContent', 'is not', null).execute(),
    ctx.db.selectFrom('pets').select('profile as url').where('profile', 'is not', null).execute(),
    ctx.db.selectFrom('strayReports').select('imageUrl as url').execute(),
    ctx.db.selectFrom('lostPhotos').select('url').execute(),
    ctx.db.selectFrom('lostUpdates').select('photoUrl as url').where('photoUrl', 'is not', null).execute(),
  ]);
  const keys = new Set<string>();
  for (const { url } of [...posts, ...pets, ...strays, ...lostPhotos, ...lostUpdates]) {
    const key = keyFromUploadUrl(url);
    if (!key) continue;
    keys.add(key);
    keys.add(thumbnailKey(key));
  }
  return keys;
}

/**
 * Removes photos no row points at (issue 24 item 8): a crash (kill -9) between storing a photo
 * and committing its row left the photo and its thumbnail behind forever. Stored files older than
 * `minAgeMs` (an upload in flight on any instance commits well within it) that no post, pet or
 * stray report references are deleted; returns the removed keys.
 */
export async function sweepOrphanPhotos(
  ctx: Pick<ApiContext, 'db' | 'storage'>,
  opts: { minAgeMs?: number; now?: number } = {},
): Promise<string[]> {
  const minAgeMs = opts.minAgeMs ?? SWEEP_MIN_AGE_MS;
  const now = opts.now ?? Date.now();
  // The stored list first, the references second: a row committed in between is still seen.
  const stored: string[] = [];
  for await (const { key, modifiedMs } of ctx.storage.list()) if (now - modifiedMs >= minAgeMs) stored.push(key);
  if (stored.length === 0) return [];
  const referenced = await referencedKeys(ctx);
  const removed: string[] = [];
  for (const key of stored) {
    if (referenced.has(key)) continue;
    // A thumbnail goes with its photo; one whose photo is gone is an orphan too.
    await ctx.storage.delete(key);
    removed.push(key);
  }
  return removed;
}

/** At start and then every SWEEP_EVERY_MS; failures are logged, never thrown. */
export function scheduleOrphanSweep(ctx: Pick<ApiContext, 'db' | 'storage'>, log: FastifyBaseLogger): () => void {
  const run = () =>
    sweepOrphanPhotos(ctx)
      .then(
        (removed) =>
          removed.length > 0 && log.warn({ count: removed.length, keys: removed.slice(0, 20) }, 'removed photos no row refers to'),
      )
      .catch((err: unknown) => log.warn({ err }, 'orphan photo sweep failed'));
  const first = setTimeout(run, 30_000);
  const every = setInterval(run, SWEEP_EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
