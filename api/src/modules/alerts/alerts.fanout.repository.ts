import { sql, type Selectable } from 'kysely';
import { ALERT_EMAILS_PER_DAY } from '@pawbridge/shared/alerts.schema';
import { NO_ABOUT } from '@pawbridge/shared';
import type { Db } from '../../db/index';
import type { DB } from '../../db/schema';
import type { AlertSource } from './alerts.sources.repository';
import { ALERT_WORDS } from './alerts.words';

/** The widest neighbourhood (5 km) as a box in degrees of latitude; the longitude's widens with the latitude. */
const BOX_KM = 5;
const KM_PER_DEGREE = 111.32;

type NotificationRow = Selectable<DB['notifications']>;

export interface Candidate {
  userPk: number;
  loginId: string;
  email: string | null;
  radiusKm: number;
  delivery: 'BELL' | 'INSTANT' | 'DIGEST';
  km: number;
}

/** Members whose box holds the point, after `after` in key order, with the exact (haversine) distance to their own point. */
export async function subscribersPage(db: Db, s: AlertSource, after: number, batch: number): Promise<Candidate[]> {
  const dLat = BOX_KM / KM_PER_DEGREE;
  const dLng = BOX_KM / (KM_PER_DEGREE * Math.max(Math.cos((s.lat * Math.PI) / 180), 0.2));
  const topic = sql.ref(`s.${s.topic}`);
  const rows = await sql<Candidate>`
    SELECT s.user_pk AS "userPk", u.user_id AS "loginId", u.email, s.radius_km AS "radiusKm", s.delivery,
      6371 * 2 * asin(sqrt(power(sin(radians(s.latitude - ${s.lat}) / 2), 2)
        + cos(radians(${s.lat})) * cos(radians(s.latitude)) * power(sin(radians(s.longitude - ${s.lng}) / 2), 2))) AS km
    FROM neighbourhood_settings s JOIN users u ON u.id = s.user_pk
    WHERE s.latitude BETWEEN ${s.lat - dLat} AND ${s.lat + dLat}
      AND s.longitude BETWEEN ${s.lng - dLng} AND ${s.lng + dLng}
      AND s.user_pk > ${after} AND ${topic}
    ORDER BY s.user_pk
    LIMIT ${batch}`.execute(db);
  return rows.rows.map((r) => ({ ...r, km: Number(r.km), radiusKm: Number(r.radiusKm) }));
}

/**
 * One page's writes, in the caller's transaction: the alert rows (unique per post and member: only the
 * members not told before come back), the e-mails claimed at once (kind on, fewer than 10 in 24 hours)
 * or for the digest, and the bell rows of exactly the members just told.
 */
export async function storeAlerts(trx: Db, s: AlertSource, near: Candidate[]) {
  if (near.length === 0) return { told: [], bells: [], mails: [] };
  const byPk = new Map(near.map((c) => [c.userPk, c]));
  // One statement per page with arrays (unnest), not thousands of bound values: the 10,000-member figure depends on it.
  const inserted = (
    await sql<{ id: number; userPk: number; km: number }>`
      INSERT INTO neighbourhood_alerts (source_kind, source_id, user_pk, radius_km, km)
      SELECT ${s.kind}, ${s.id}, t.u, t.r, t.k
      FROM unnest(${near.map((c) => c.userPk)}::int[], ${near.map((c) => c.radiusKm)}::int[], ${near.map((c) => Math.round(c.km))}::int[]) AS t(u, r, k)
      ON CONFLICT (source_kind, source_id, user_pk) DO NOTHING
      RETURNING id, user_pk AS "userPk", km`.execute(trx)
  ).rows;
  if (inserted.length === 0) return { told: [], bells: [], mails: [] };
  const told = inserted.map((r) => ({ ...r, c: byPk.get(r.userPk)! }));

  const instant = told.filter((r) => r.c.delivery === 'INSTANT' && r.c.email).map((r) => r.userPk);
  const allowed = new Set<number>();
  if (instant.length > 0) {
    const [off, sent] = await Promise.all([
      trx
        .selectFrom('emailPreferences')
        .select('userPk')
        .where('userPk', 'in', instant)
        .where('kind', '=', 'NEIGHBOURHOOD_ALERT')
        .where('enabled', '=', false)
        .execute(),
      trx
        .selectFrom('neighbourhoodAlerts')
        .select(['userPk', (eb) => eb.fn.countAll<string>().as('n')])
        .where('userPk', 'in', instant)
        .where('emailedAt', '>', new Date(Date.now() - 24 * 3600_000))
        .groupBy('userPk')
        .execute(),
    ]);
    const offSet = new Set(off.map((r) => r.userPk));
    const counts = new Map(sent.map((r) => [r.userPk, Number(r.n)]));
    for (const pk of instant) if (!offSet.has(pk) && (counts.get(pk) ?? 0) < ALERT_EMAILS_PER_DAY) allowed.add(pk);
  }
  const emailedIds = told.filter((r) => allowed.has(r.userPk)).map((r) => r.id);
  const digestIds = told.filter((r) => r.c.delivery === 'DIGEST' && r.c.email).map((r) => r.id);
  if (emailedIds.length > 0)
    await trx.updateTable('neighbourhoodAlerts').set({ email: 'INSTANT', emailedAt: new Date() }).where('id', 'in', emailedIds).execute();
  if (digestIds.length > 0) await trx.updateTable('neighbourhoodAlerts').set({ email: 'DIGEST' }).where('id', 'in', digestIds).execute();

  const about = JSON.stringify({ ...NO_ABOUT, dogName: s.name, postId: s.postId });
  const bells = (
    await sql<NotificationRow>`
      INSERT INTO notifications (recipient_pk, sender, message, notification_type, related_id, target_url, code, about)
      SELECT t.u, '', ${ALERT_WORDS.bell(s.kind, s.name)}, 'NEIGHBOURHOOD_ALERT', ${s.kind === 'SHELTER' ? null : Number(s.id)}, ${s.link}, ${s.code}, ${about}::jsonb
      FROM unnest(${told.map((r) => r.userPk)}::int[]) AS t(u)
      RETURNING id, recipient_pk AS "recipientPk", sender, message, notification_type AS "notificationType", related_id AS "relatedId",
        target_url AS "targetUrl", created_at AS "createdAt", is_read AS "isRead", read_at AS "readAt", code, about`.execute(trx)
  ).rows;
  const mails = told.filter((r) => allowed.has(r.userPk)).map((r) => ({ c: r.c, km: r.km }));
  return { told: told.map((r) => r.c), bells, mails };
}
