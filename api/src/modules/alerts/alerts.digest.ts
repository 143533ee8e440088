import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiContext } from '../../context';
import { AlertsRepository } from './alerts.repository';
import { loadAlertSource } from './alerts.sources.repository';
import { ALERT_WORDS } from './alerts.words';
import { sendMemberMail } from './member-mail';

/** Every morning at 8 in Seoul; the claim makes each alert go in one digest, whichever instance runs it. */
export const DIGEST_CRON = '0 8 * * *';
const BATCH = 2000;

/**
 * The daily digest of neighbourhood alerts (delivery DIGEST): one UPDATE … WHERE digested_at IS NULL
 * … FOR UPDATE SKIP LOCKED RETURNING claims the rows (several instances never both take one), then one
 * e-mail per member lists them — place in words and whole kilometres, never a position.
 */
export class AlertDigest {
  constructor(
    private readonly ctx: ApiContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Claims and mails up to a batch of waiting alerts: how many rows it claimed and how many digests it sent. */
  async sweep(): Promise<{ claimed: number; sent: number }> {
    const repo = new AlertsRepository(this.ctx.db);
    const rows = await repo.claimDigest(BATCH);
    const claimed = { rows };
    const byUser = new Map<number, typeof claimed.rows>();
    for (const r of claimed.rows) byUser.set(r.userPk, [...(byUser.get(r.userPk) ?? []), r]);
    let sent = 0;
    for (const [userPk, rows] of byUser) {
      const email = await repo.emailOf(userPk);
      if (!email) continue;
      const lines: string[] = [];
      const links: string[] = [];
      for (const r of rows) {
        const s = await loadAlertSource(this.ctx.db, `${r.sourceKind}:${r.sourceId}`);
        if (!s) continue; // closed or hidden since
        lines.push(ALERT_WORDS.digestLine(s.kind, s.name, s.place, Number(r.km)));
        links.push(`${this.ctx.config.publicOrigin}${s.link}`);
      }
      if (lines.length === 0) continue;
      const paragraphs = lines.map((l, i) => `${l}\n${links[i]}`);
      try {
        if (
          await sendMemberMail(this.ctx, {
            userPk,
            to: email,
            kind: 'NEIGHBOURHOOD_DIGEST',
            subject: ALERT_WORDS.digestSubject(lines.length),
            text: [ALERT_WORDS.digestIntro, ...paragraphs].join('\n\n'),
            html: [ALERT_WORDS.digestIntro, ...paragraphs].map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join(''),
          })
        )
          sent += 1;
      } catch (err) {
        this.log.warn({ err, userPk }, 'alert digest not sent');
      }
    }
    return { claimed: claimed.rows.length, sent };
  }

  schedule(): { stop: () => void } {
    const job = new Cron(DIGEST_CRON, { timezone: 'Asia/Seoul', protect: true }, async () => {
      try {
        while ((await this.sweep()).claimed > 0);
      } catch (err) {
        this.log.warn({ err }, 'alert digest sweep failed');
      }
    });
    return { stop: () => job.stop() };
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
