import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { ALERT_EMAILS_PER_DAY } from '@pawbridge/shared/alerts.schema';
import { NO_ABOUT } from '@pawbridge/shared';
import type { ApiContext } from '../../context';
import type { Db } from '../../db/index';
import { domainEvent, type DomainEvent } from '../../events';
import { destinations, toWire } from '../notifications/notifications.service';
import type { JobControl, MatchJobRow } from '../matching/matching.worker';
import { loadAlertSource, type AlertSource } from './alerts.sources';
import { ALERT_WORDS } from './alerts.words';
import { sendMemberMail } from './member-mail';

/** The widest neighbourhood (5 km) as a box in degrees of latitude; the longitude's widens with the latitude. */
const BOX_KM = 5;
const KM_PER_DEGREE = 111.32;

interface Candidate {
  userPk: number;
  loginId: string;
  email: string | null;
  radiusKm: number;
  delivery: 'BELL' | 'INSTANT' | 'DIGEST';
  km: number;
}

/**
 * The neighbourhood alert fan-out (issue 28, docs/decisions/0043): an ALERT job on the matching queue
 * (decision 0040) reads the members whose neighbourhood box holds the post, page by page in key order, keeps those
 * whose own radius holds it by exact distance (never the author), and in one transaction per page stores
 * one `neighbourhood_alerts` row per (post, member) — unique, so a re-run or a second instance adds
 * nothing — their bell rows, the e-mails claimed (at once, capped at 10 a day, or for the digest) and the
 * job's cursor. After the commit the bell rings live and the claimed e-mails go.
 */
export class AlertFanout {
  constructor(
    private readonly ctx: Pick<ApiContext, 'db' | 'events' | 'mail' | 'config'>,
    private readonly log: FastifyBaseLogger,
    private readonly batch = 1000,
  ) {}

  /** true: every page done; false: stopped part-way (the cursor holds the place). */
  async run(job: MatchJobRow, control: JobControl): Promise<boolean> {
    const source = await loadAlertSource(this.ctx.db, job.recordId);
    if (!source) return true;
    let after = Number(job.cursor?.after ?? 0);
    for (;;) {
      if (control.stopping()) return false;
      const page = await this.page(source, after);
      const near = page.filter((c) => c.km <= c.radiusKm && c.userPk !== source.authorPk);
      const last = page.at(-1)?.userPk ?? after;
      const done = page.length < this.batch;
      const cursor = { source: 0, after: String(last) };
      const { events, mails } = await this.ctx.db.transaction().execute(async (trx) => {
        const out = await this.store(trx, source, near);
        await control.checkpoint(trx, cursor);
        return out;
      });
      await this.deliver(source, events, mails);
      if (done) return true;
      after = last;
    }
  }

  /** Members whose box holds the point, after `after` in key order, with the exact distance to their own point. */
  private async page(s: AlertSource, after: number): Promise<Candidate[]> {
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
      LIMIT ${this.batch}`.execute(this.ctx.db);
    return rows.rows.map((r) => ({ ...r, km: Number(r.km), radiusKm: Number(r.radiusKm) }));
  }

  private async store(trx: Db, s: AlertSource, near: Candidate[]) {
    if (near.length === 0) return { events: [] as DomainEvent[], mails: [] as { c: Candidate; km: number }[] };
    const byPk = new Map(near.map((c) => [c.userPk, c]));
    const inserted = await trx
      .insertInto('neighbourhoodAlerts')
      .values(near.map((c) => ({ sourceKind: s.kind, sourceId: s.id, userPk: c.userPk, radiusKm: c.radiusKm, km: Math.round(c.km) })))
      .onConflict((oc) => oc.columns(['sourceKind', 'sourceId', 'userPk']).doNothing())
      .returning(['id', 'userPk', 'km'])
      .execute();
    if (inserted.length === 0) return { events: [], mails: [] };
    const fresh = inserted.map((r) => ({ ...r, c: byPk.get(r.userPk)! }));

    // E-mail at once: only members who chose it, have the kind on, and had fewer than 10 in 24 hours.
    const instant = fresh.filter((r) => r.c.delivery === 'INSTANT' && r.c.email).map((r) => r.userPk);
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
    const now = new Date();
    const emailedIds = fresh.filter((r) => allowed.has(r.userPk)).map((r) => r.id);
    const digestIds = fresh.filter((r) => r.c.delivery === 'DIGEST' && r.c.email).map((r) => r.id);
    if (emailedIds.length > 0)
      await trx.updateTable('neighbourhoodAlerts').set({ email: 'INSTANT', emailedAt: now }).where('id', 'in', emailedIds).execute();
    if (digestIds.length > 0) await trx.updateTable('neighbourhoodAlerts').set({ email: 'DIGEST' }).where('id', 'in', digestIds).execute();

    const about = JSON.stringify({ ...NO_ABOUT, dogName: s.name, postId: s.postId });
    const rows = await trx
      .insertInto('notifications')
      .values(
        fresh.map((r) => ({
          recipientPk: r.userPk,
          sender: '',
          message: ALERT_WORDS.bell(s.kind, s.name),
          notificationType: 'NEIGHBOURHOOD_ALERT',
          relatedId: Number(s.id),
          targetUrl: s.link,
          code: s.code,
          about,
        })),
      )
      .returningAll()
      .execute();
    const events = rows.map((row, i) => {
      const c = fresh[i]!.c;
      return domainEvent('notification.created', {
        notificationId: row.id,
        recipientPk: c.userPk,
        destination: destinations.lost(c.loginId),
        body: toWire(row, c.loginId),
      });
    });
    const mails = fresh.filter((r) => allowed.has(r.userPk)).map((r) => ({ c: r.c, km: r.km }));
    return { events, mails };
  }

  /** After the commit: live bells, then the e-mails claimed (a failed send is logged, never retried: at most once). */
  private async deliver(s: AlertSource, events: DomainEvent[], mails: { c: Candidate; km: number }[]): Promise<void> {
    if (events.length > 0)
      await this.ctx.events.publish(...events).catch((err: unknown) => this.log.warn({ err }, 'alert bells not published'));
    const link = `${this.ctx.config.publicOrigin}${s.link}`;
    for (const { c, km } of mails) {
      const body = ALERT_WORDS.body(s.kind, s.name, s.place, km);
      await sendMemberMail(this.ctx, {
        userPk: c.userPk,
        to: c.email!,
        kind: 'NEIGHBOURHOOD_ALERT',
        subject: ALERT_WORDS.subject(s.kind, km),
        text: `${body}\n\n${link}`,
        html: `${body
          .split('\n')
          .map((p) => `<p>${escapeHtml(p)}</p>`)
          .join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      }).catch((err: unknown) => this.log.warn({ err }, 'alert e-mail not sent'));
    }
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
