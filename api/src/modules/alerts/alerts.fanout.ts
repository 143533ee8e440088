import type { FastifyBaseLogger } from 'fastify';
import type { ApiContext } from '../../context';
import { domainEvent } from '../../events';
import { destinations, toWire } from '../notifications/notifications.wire';
import type { JobControl, MatchJobRow } from '../matching/matching.worker';
import { storeAlerts, subscribersPage, type Candidate } from './alerts.fanout.repository';
import { loadAlertSource, type AlertSource } from './alerts.sources.repository';
import { ALERT_WORDS } from './alerts.words';
import { sendMemberMail } from './member-mail';

/**
 * The neighbourhood alert fan-out (issue 28, docs/decisions/0043): an ALERT job on the matching queue
 * (decision 0040) reads the members whose neighbourhood box holds the post, page by page in key order, keeps
 * those whose own radius holds it by exact distance (never the author), and in one transaction per page
 * stores one `neighbourhood_alerts` row per (post, member) — unique, so a re-run or a second instance adds
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
      const page = await subscribersPage(this.ctx.db, source, after, this.batch);
      const near = page.filter((c) => c.km <= c.radiusKm && c.userPk !== source.authorPk);
      const last = page.at(-1)?.userPk ?? after;
      const done = page.length < this.batch;
      const stored = await this.ctx.db.transaction().execute(async (trx) => {
        const out = await storeAlerts(trx, source, near);
        await control.checkpoint(trx, { source: 0, after: String(last) });
        return out;
      });
      await this.deliver(source, stored);
      if (done) return true;
      after = last;
    }
  }

  /** After the commit: live bells, then the e-mails claimed (a failed send is logged, never retried: at most once). */
  private async deliver(s: AlertSource, stored: Awaited<ReturnType<typeof storeAlerts>>): Promise<void> {
    const byPk = new Map<number, Candidate>(stored.told.map((c) => [c.userPk, c]));
    const events = stored.bells.map((row) => {
      const c = byPk.get(row.recipientPk)!;
      return domainEvent('notification.created', {
        notificationId: row.id,
        recipientPk: c.userPk,
        destination: destinations.lost(c.loginId),
        body: toWire(row, c.loginId),
      });
    });
    if (events.length > 0)
      await this.ctx.events.publish(...events).catch((err: unknown) => this.log.warn({ err }, 'alert bells not published'));
    const link = `${this.ctx.config.publicOrigin}${s.link}`;
    for (const { c, km } of stored.mails) {
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
