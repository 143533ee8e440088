import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiContext } from '../../context';
import { domainEvent } from '../../events';
import { claimDueReminders } from './lost.reminder.repository';

/** A missing report this old, still open, gets the reminder (issue 27; docs/decisions/0041). */
export const REMINDER_AFTER_DAYS = 7;
/** How often every api instance looks for reports due (Seoul time; the claim makes each sent once). */
export const REMINDER_CRON = '*/10 * * * *';
/** Reports claimed per sweep; the rest wait for the next one. */
const BATCH = 200;

/**
 * The 7-day reminder: a registered dog's loss must be reported to the 시·군·구청 within 10 days, so the
 * owner of a MISSING report of a registered dog (a registration number, or made from their registered
 * dog) still open 7 days after it was opened gets one notification, bell and e-mail (the lost.notice
 * REMINDER; both name https://www.animal.go.kr, nothing is sent there). Safe with several api
 * instances: a sweep claims the rows it reminds with one UPDATE … WHERE reminded_at IS NULL RETURNING
 * (rows another sweep holds are skipped), so each report is reminded once. Hidden reports are not.
 */
export class LostReminderSweep {
  constructor(
    private readonly ctx: ApiContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Claims the reports due at `now` and raises their notices; the number reminded. */
  async sweep(now: Date = new Date()): Promise<number> {
    const due = new Date(now.getTime() - REMINDER_AFTER_DAYS * 24 * 3600_000);
    const claimed = await claimDueReminders(this.ctx.db, now, due, BATCH);
    for (const row of claimed) {
      try {
        await this.ctx.events.publish(
          domainEvent('lost.notice', {
            notice: 'REMINDER',
            postId: row.id,
            recipientPk: row.authorPk,
            actorPk: row.authorPk,
            relatedId: row.id,
          }),
        );
      } catch (err) {
        // Claimed already: a lost notice is not retried (one reminder at most, never two).
        this.log.warn({ err, postId: row.id }, 'lost-and-found reminder not raised');
      }
    }
    if (claimed.length > 0) this.log.info({ reminded: claimed.length }, 'lost-and-found reminders sent');
    return claimed.length;
  }

  /** Runs the sweep on REMINDER_CRON until `stop` (croner's `protect`: never two at once on one instance). */
  schedule(): { stop: () => void } {
    const job = new Cron(REMINDER_CRON, { timezone: 'Asia/Seoul', protect: true }, async () => {
      try {
        await this.sweep();
      } catch (err) {
        this.log.warn({ err }, 'lost-and-found reminder sweep failed');
      }
    });
    return { stop: () => job.stop() };
  }
}
