import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { CandidateRow } from './matching.candidates.repository';

/** An owner to tell of a candidate: the candidate row, its missing report and the report's author. */
export interface AlertClaim {
  id: number;
  lostPostId: number;
  ownerPk: number;
}

/** A confirmed match as a post's page links it (decision 0042). */
export interface ConfirmedLink {
  lostPostId: number;
  candidateKind: CandidateRow['candidateKind'];
  candidateId: string;
}

/** Thrown inside the mail claim's transaction to undo a claimed hour with nothing to send. */
class NothingToMail extends Error {}

/**
 * Match notices (decision 0042): which new candidates to tell their owner of (each pair once: the claim
 * sets `alerted_at`), the hourly e-mail slot per missing report, and the confirmed links posts show.
 */
export class MatchAlertsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Claims the candidates among `ids` at or above `threshold`, still NEW, never alerted, of an open missing
   * report that is not hidden: sets `alerted_at` and answers them. Rows another claim took are skipped,
   * so a re-run or a second instance never tells twice.
   */
  async claimAlerts(ids: number[], threshold: number, now: Date): Promise<AlertClaim[]> {
    if (ids.length === 0) return [];
    const rows = await sql<AlertClaim>`
      update match_candidates c set alerted_at = ${now}
      from lost_posts p
      where c.id in (${sql.join(ids)}) and c.alerted_at is null and c.status = 'NEW' and c.score >= ${threshold}
        and p.id = c.lost_post_id and p.kind = 'MISSING' and p.status = 'OPEN' and not p.hidden
      returning c.id, c.lost_post_id as "lostPostId", p.author_pk as "ownerPk"`.execute(this.db);
    return rows.rows;
  }

  /**
   * Catch-up (decision 0042 amended): candidates at or above `threshold` committed between `since` and
   * `before` but never claimed — the instance that stored them stopped between its commit and its claim.
   * Only those of an open, visible missing report, so rows the claim will refuse are not picked again.
   */
  async unclaimed(threshold: number, since: Date, before: Date, limit: number): Promise<number[]> {
    const rows = await sql<{ id: number }>`
      select c.id from match_candidates c join lost_posts p on p.id = c.lost_post_id
      where c.alerted_at is null and c.status = 'NEW' and c.score >= ${threshold}
        and c.created_at >= ${since} and c.created_at < ${before}
        and p.kind = 'MISSING' and p.status = 'OPEN' and not p.hidden
      order by c.id limit ${limit}`.execute(this.db);
    return rows.rows.map((r) => r.id);
  }

  /**
   * Takes the report's hour and the candidates told in the bell but not yet e-mailed, in one transaction:
   * the hour is taken only when the last e-mail is at least `gapMs` old, and only when there is something
   * to send. Answers the candidates to put in the e-mail (empty: nothing now — the hour is someone
   * else's, or nothing waits).
   */
  async claimMail(lostPostId: number, now: Date, gapMs: number): Promise<CandidateRow[]> {
    const before = new Date(now.getTime() - gapMs);
    try {
      return await this.db.transaction().execute(async (trx) => {
        const slot = await trx
          .insertInto('matchMails')
          .values({ lostPostId, sentAt: now })
          .onConflict((oc) => oc.column('lostPostId').doUpdateSet({ sentAt: now }).where('matchMails.sentAt', '<=', before))
          .returning('lostPostId')
          .executeTakeFirst();
        if (!slot) return [];
        const rows = await trx
          .updateTable('matchCandidates')
          .set({ mailedAt: now })
          .where('lostPostId', '=', lostPostId)
          .where('alertedAt', 'is not', null)
          .where('mailedAt', 'is', null)
          .where('status', '=', 'NEW')
          .returningAll()
          .execute();
        if (rows.length === 0) throw new NothingToMail();
        return rows.sort((a, b) => b.score - a.score || a.id - b.id);
      });
    } catch (err) {
      if (err instanceof NothingToMail) return [];
      throw err;
    }
  }

  /** Missing reports with candidates told in the bell and waiting for an e-mail (the sweep's work). */
  async waitingForMail(limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('matchCandidates')
      .select('lostPostId')
      .distinct()
      .where('alertedAt', 'is not', null)
      .where('mailedAt', 'is', null)
      .where('status', '=', 'NEW')
      .orderBy('lostPostId')
      .limit(limit)
      .execute();
    return rows.map((r) => r.lostPostId);
  }

  candidate(id: number): Promise<CandidateRow | undefined> {
    return this.db.selectFrom('matchCandidates').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The missing report a notice names: its dog's name, author and state. */
  missing(id: number) {
    return this.db.selectFrom('lostPosts').select(['id', 'name', 'authorPk', 'status', 'hidden']).where('id', '=', id).executeTakeFirst();
  }

  /** Who posted a candidate record (a found/seen post's author, a stray's reporter); null for shelter notices. */
  async finderOf(c: Pick<CandidateRow, 'candidateKind' | 'candidateId'>): Promise<number | null> {
    if (c.candidateKind === 'FOUND' || c.candidateKind === 'SEEN') {
      const row = await this.db.selectFrom('lostPosts').select('authorPk').where('id', '=', Number(c.candidateId)).executeTakeFirst();
      return row?.authorPk ?? null;
    }
    if (c.candidateKind === 'STRAY') {
      const row = await this.db.selectFrom('strayReports').select('reporterPk').where('id', '=', Number(c.candidateId)).executeTakeFirst();
      return row?.reporterPk ?? null;
    }
    return null;
  }

  async emailOf(userPk: number): Promise<string | null> {
    return (await this.db.selectFrom('users').select('email').where('id', '=', userPk).executeTakeFirst())?.email ?? null;
  }

  /**
   * A post's confirmed matches: a missing report's confirmed candidates, or the missing reports that
   * confirmed a found/seen post; never a hidden post on either side.
   */
  async confirmedOf(post: { id: number; kind: 'MISSING' | 'FOUND' | 'SEEN' }): Promise<ConfirmedLink[]> {
    let q = this.db
      .selectFrom('matchCandidates as c')
      .innerJoin('lostPosts as p', 'p.id', 'c.lostPostId')
      .select(['c.lostPostId', 'c.candidateKind', 'c.candidateId'])
      .where('c.status', '=', 'CONFIRMED')
      .where('p.hidden', '=', false)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('lostPosts as f')
              .select('f.id')
              .where(sql<boolean>`c.candidate_kind in ('FOUND', 'SEEN') and f.id::text = c.candidate_id and f.hidden`),
          ),
        ),
      );
    q =
      post.kind === 'MISSING'
        ? q.where('c.lostPostId', '=', post.id)
        : q.where('c.candidateKind', '=', post.kind).where('c.candidateId', '=', String(post.id));
    return q.orderBy('c.decidedAt').orderBy('c.id').execute();
  }
}
