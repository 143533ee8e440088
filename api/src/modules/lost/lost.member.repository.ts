import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { count } from './lost.board.repository';

/** What one member's posting rules read: their lock, their open reports and posts today, their grid (lost.guards.ts). */
export class LostMemberRepository {
  constructor(protected readonly db: Db) {}

  /** Serialises a member's posting (the open and daily limits are counted under it). */
  async lockMember(userPk: number): Promise<void> {
    await this.db.selectFrom('users').select('id').where('id', '=', userPk).forUpdate().execute();
  }

  openMissingOf(authorPk: number): Promise<number> {
    return count(
      this.db
        .selectFrom('lostPosts')
        .select(sql<string>`count(*)`.as('n'))
        .where('authorPk', '=', authorPk)
        .where('kind', '=', 'MISSING')
        .where('status', '=', 'OPEN'),
    );
  }

  postsSince(authorPk: number, since: Date): Promise<number> {
    return count(
      this.db
        .selectFrom('lostPosts')
        .select(sql<string>`count(*)`.as('n'))
        .where('authorPk', '=', authorPk)
        .where('createdAt', '>=', since),
    );
  }

  /** The grid offset of the member's first post (any kind), if they have one. */
  async authorGridSeed(authorPk: number): Promise<{ lat: number; lng: number } | null> {
    const row = await this.db
      .selectFrom('lostPosts')
      .select(['gridSeedLat as lat', 'gridSeedLng as lng'])
      .where('authorPk', '=', authorPk)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }
}
