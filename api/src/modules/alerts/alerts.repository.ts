import type { LostReach, NeighbourhoodSetting, NeighbourhoodSettingRequest } from '@pawbridge/shared/alerts.schema';
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { AlertSourceKind } from './alerts.tables';

/** A member's own neighbourhood setting (never read for anyone else) and the reach of a post. */
export class AlertsRepository {
  constructor(private readonly db: Db) {}

  async setting(userPk: number): Promise<NeighbourhoodSetting | null> {
    const r = await this.db.selectFrom('neighbourhoodSettings').selectAll().where('userPk', '=', userPk).executeTakeFirst();
    if (!r) return null;
    return {
      lat: r.latitude,
      lng: r.longitude,
      place: r.place,
      radiusKm: Number(r.radiusKm) as 1 | 3 | 5,
      missing: r.missing,
      found: r.found,
      strays: r.strays,
      shelter: r.shelter,
      delivery: r.delivery,
    };
  }

  async save(userPk: number, s: NeighbourhoodSettingRequest): Promise<void> {
    const row = {
      latitude: s.lat,
      longitude: s.lng,
      place: s.place?.trim() || null,
      radiusKm: s.radiusKm,
      missing: s.missing,
      found: s.found,
      strays: s.strays,
      shelter: s.shelter,
      delivery: s.delivery,
      updatedAt: new Date(),
    };
    await this.db
      .insertInto('neighbourhoodSettings')
      .values({ userPk, ...row })
      .onConflict((oc) => oc.column('userPk').doUpdateSet(row))
      .execute();
  }

  async remove(userPk: number): Promise<void> {
    await this.db.deleteFrom('neighbourhoodSettings').where('userPk', '=', userPk).execute();
  }

  /** How many members a post reached, and the widest neighbourhood among them. */
  async reach(kind: 'MISSING' | 'FOUND' | 'SEEN', postId: number): Promise<LostReach> {
    const r = await this.db
      .selectFrom('neighbourhoodAlerts')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('radiusKm').as('radius')])
      .where('sourceKind', '=', kind)
      .where('sourceId', '=', String(postId))
      .executeTakeFirstOrThrow();
    const n = Number(r.n);
    return { count: n, radiusKm: n > 0 ? (Number(r.radius) as 1 | 3 | 5) : null };
  }

  /** The author of a lost post and its kind (the reach is theirs and the admins' only). */
  lostPost(id: number) {
    return this.db.selectFrom('lostPosts').select(['authorPk', 'kind']).where('id', '=', id).executeTakeFirst();
  }

  async userExists(userPk: number): Promise<boolean> {
    return (await this.db.selectFrom('users').select('id').where('id', '=', userPk).executeTakeFirst()) !== undefined;
  }

  async emailOf(userPk: number): Promise<string | null> {
    return (await this.db.selectFrom('users').select('email').where('id', '=', userPk).executeTakeFirst())?.email ?? null;
  }

  /** Claims up to `batch` alerts waiting for the digest (FOR UPDATE SKIP LOCKED: each goes in one digest, whichever instance). */
  async claimDigest(batch: number) {
    const claimed = await sql<{ userPk: number; sourceKind: AlertSourceKind; sourceId: string; km: number }>`
      UPDATE neighbourhood_alerts SET digested_at = now()
      WHERE id IN (
        SELECT id FROM neighbourhood_alerts WHERE email = 'DIGEST' AND digested_at IS NULL
        ORDER BY user_pk, id LIMIT ${batch} FOR UPDATE SKIP LOCKED
      )
      RETURNING user_pk AS "userPk", source_kind AS "sourceKind", source_id AS "sourceId", km`.execute(this.db);
    return claimed.rows;
  }
}
