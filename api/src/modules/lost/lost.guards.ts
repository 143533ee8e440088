import { LOST_LIMITS } from '@pawbridge/shared/lost.schema';
import type { SessionUserRow } from '../../context';
import { lostError, notFound } from './lost.errors';
import { newGridSeed, type GridSeed } from './lost.grid';
import type { LostRepository } from './lost.repository';

/** The 5-open and 20-a-day rules, counted while the member's row is locked (two tabs cannot both pass). */
export async function checkLimits(repo: LostRepository, authorPk: number, missing: boolean): Promise<void> {
  await repo.lockMember(authorPk);
  if (missing && (await repo.openMissingOf(authorPk)) >= LOST_LIMITS.openMissingPerMember)
    throw lostError(409, 'CONFLICT', 'LOST_OPEN_LIMIT');
  if ((await repo.postsSince(authorPk, new Date(Date.now() - 24 * 3600_000))) >= LOST_LIMITS.postsPerMemberPerDay)
    throw lostError(429, 'RATE_LIMITED', 'LOST_DAILY_LIMIT');
}

/**
 * The grid offset of a member's new post: the one of their first post, else a new one (decision 0037,
 * amended). One grid per member: the same spot posted again lands in the same public cell, so averaging
 * several posts of one member's doorstep (each on its own random grid) cannot close in on it. Read
 * under checkLimits' member lock, so two first posts cannot draw two grids.
 */
export async function gridSeedOf(repo: LostRepository, authorPk: number): Promise<GridSeed> {
  return (await repo.authorGridSeed(authorPk)) ?? newGridSeed();
}

/** The author's open post, locked for this transaction (404 unknown or hidden from them, 403 someone else's, 409 closed). */
export async function ownOpen(repo: LostRepository, id: number, author: SessionUserRow) {
  const post = await repo.lock(id);
  if (!post || (post.hidden && post.authorPk !== author.pk)) throw notFound();
  if (post.authorPk !== author.pk) throw lostError(403, 'FORBIDDEN', 'LOST_AUTHOR_ONLY');
  if (post.status !== 'OPEN') throw lostError(409, 'INVALID_STATE', 'LOST_POST_CLOSED');
  return post;
}

/** A visible post another member wrote (404 unknown or hidden, 400 the caller's own). */
export async function othersVisible(repo: LostRepository, id: number, caller: SessionUserRow) {
  const post = await repo.brief(id);
  if (!post || post.hidden) throw notFound();
  if (post.authorPk === caller.pk) throw lostError(400, 'VALIDATION_FAILED', 'LOST_OWN_POST');
  return post;
}
