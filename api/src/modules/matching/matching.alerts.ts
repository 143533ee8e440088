import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiContext } from '../../context';
import { domainEvent, type EventOf } from '../../events';
import { LOST_SCAM_WARNING } from '../lost/lost.flyer.words';
import { MatchAlertsRepository } from './matching.alerts.repository';
import { MatchCandidatesRepository } from './matching.candidates.repository';
import { sendMemberMail } from '../alerts/member-mail';
import { candidateLine, MATCH_SENTENCES, mailOf } from './matching.mail';
import { ALERT_THRESHOLD } from './scorer/score';

/** At most one match e-mail per missing report in this time (issue 28). */
export const MATCH_MAIL_GAP_MS = 3600_000;
/** How often every api instance sends the digests that are due (the claim makes each sent once). */
export const MATCH_DIGEST_CRON = '*/5 * * * *';
const BATCH = 200;
/** A candidate unclaimed this long after its commit lost its notice (its instance stopped): the sweep raises it. */
export const MATCH_CATCHUP_GRACE_MS = 120_000;
/** Older unclaimed candidates are not announced late (a notice days after the fact helps nobody). */
export const MATCH_CATCHUP_WINDOW_MS = 2 * 86_400_000;

/**
 * Match notices (issue 28, decision 0042). After the worker commits a page of candidates, those at or
 * above the alert threshold are claimed (`alerted_at`, so each pair is told once, whatever re-runs) and
 * their owners' bells ring at once (the `lost.match` event → notifications → STOMP). The e-mail goes at
 * once when the report had none in the last hour; otherwise the candidates wait for the sweep, which
 * sends them together (a digest) when the hour is up. Confirming tells the finder, bell and e-mail.
 */
export class MatchAlerts {
  private readonly repo: MatchAlertsRepository;
  private readonly cards: MatchCandidatesRepository;

  constructor(
    private readonly ctx: ApiContext,
    private readonly log: FastifyBaseLogger,
  ) {
    this.repo = new MatchAlertsRepository(ctx.db);
    this.cards = new MatchCandidatesRepository(ctx.db);
  }

  /** The worker's hook: candidates just stored (their row ids). Answers how many owners' notices were raised. */
  async raise(candidateIds: number[], now: Date = new Date()): Promise<number> {
    const claimed = await this.repo.claimAlerts(candidateIds, ALERT_THRESHOLD, now);
    for (const c of claimed) {
      try {
        await this.ctx.events.publish(
          domainEvent('lost.match', { notice: 'MATCH', lostPostId: c.lostPostId, recipientPk: c.ownerPk, candidateId: c.id }),
        );
      } catch (err) {
        // Claimed already: never told twice, even if this one is lost.
        this.log.warn({ err, candidate: c.id }, 'match notice not raised');
      }
    }
    for (const lostPostId of new Set(claimed.map((c) => c.lostPostId))) await this.mailWaiting(lostPostId, now);
    return claimed.length;
  }

  /** Sends the report's waiting candidates in one e-mail when its hour is free; false when nothing went. */
  async mailWaiting(lostPostId: number, now: Date = new Date()): Promise<boolean> {
    const rows = await this.repo.claimMail(lostPostId, now, MATCH_MAIL_GAP_MS);
    if (rows.length === 0) return false;
    try {
      const post = await this.repo.missing(lostPostId);
      const email = post ? await this.repo.emailOf(post.authorPk) : null;
      if (!post || !email) return false;
      const cards = await this.cards.cards(rows);
      const link = `${this.ctx.config.publicOrigin}/lost/${lostPostId}#matches`;
      const sentence = rows.length === 1 ? MATCH_SENTENCES.match(post.name) : MATCH_SENTENCES.digest(post.name, rows.length);
      const lines = rows.map((r) => candidateLine(r, cards.get(`${r.candidateKind}:${r.candidateId}`)?.date ?? null)).join('\n');
      // A member e-mail (decision 0043): not sent when the owner switched match e-mails off, else with the unsubscribe link.
      return await sendMemberMail(this.ctx, {
        ...mailOf(email, sentence, [sentence, lines, link, LOST_SCAM_WARNING], link),
        userPk: post.authorPk,
        kind: 'LOST_MATCH',
      });
    } catch (err) {
      // The candidates are marked e-mailed: they stay in the bell and on the page, never in a second e-mail.
      this.log.warn({ err, lostPostId }, 'match e-mail not sent');
      return false;
    }
  }

  /**
   * Catch-up: candidates committed but never claimed (the worker's instance died between the commit and
   * `raise`) are raised now. The claim is the same conditional update, so a late worker, a second
   * instance's sweep or a re-run never tells twice. Answers how many notices were raised.
   */
  async catchUp(now: Date = new Date()): Promise<number> {
    const since = new Date(now.getTime() - MATCH_CATCHUP_WINDOW_MS);
    const before = new Date(now.getTime() - MATCH_CATCHUP_GRACE_MS);
    const ids = await this.repo.unclaimed(ALERT_THRESHOLD, since, before, BATCH);
    const raised = ids.length > 0 ? await this.raise(ids, now) : 0;
    if (raised > 0) this.log.info({ raised }, 'match notices caught up');
    return raised;
  }

  /** The periodic sweep: lost notices caught up, then every report whose candidates wait and whose hour is up gets one e-mail. */
  async sweep(now: Date = new Date()): Promise<number> {
    await this.catchUp(now);
    let sent = 0;
    for (const id of await this.repo.waitingForMail(BATCH)) if (await this.mailWaiting(id, now)) sent += 1;
    if (sent > 0) this.log.info({ sent }, 'match digests sent');
    return sent;
  }

  /** Runs the sweep on MATCH_DIGEST_CRON until `stop` (never two at once on one instance). */
  schedule(): { stop: () => void } {
    const job = new Cron(MATCH_DIGEST_CRON, { protect: true }, async () => {
      try {
        await this.sweep();
      } catch (err) {
        this.log.warn({ err }, 'match digest sweep failed');
      }
    });
    return { stop: () => job.stop() };
  }

  /** The owner confirmed a candidate: its finder (if a member posted it, and not the owner) is told. */
  async confirmed(lostPostId: number, candidateId: number, ownerPk: number): Promise<void> {
    const c = await this.repo.candidate(candidateId);
    const finderPk = c ? await this.repo.finderOf(c) : null;
    if (!c || finderPk === null || finderPk === ownerPk) return;
    await this.ctx.events.publish(domainEvent('lost.match', { notice: 'CONFIRMED', lostPostId, recipientPk: finderPk, candidateId }));
  }

  /** The finder's e-mail beside the bell (raised on this instance). The owner's match e-mails go by the hour instead. */
  async mailConfirmed(event: EventOf<'lost.match'>): Promise<void> {
    if (event.notice !== 'CONFIRMED') return;
    const [post, email] = await Promise.all([this.repo.missing(event.lostPostId), this.repo.emailOf(event.recipientPk)]);
    if (!post || !email) return;
    const sentence = MATCH_SENTENCES.confirmed(post.name);
    const link = `${this.ctx.config.publicOrigin}/lost/${event.lostPostId}`;
    await sendMemberMail(this.ctx, {
      ...mailOf(email, sentence, [sentence, link, LOST_SCAM_WARNING], link),
      userPk: event.recipientPk,
      kind: 'LOST_MATCH',
    });
  }
}
