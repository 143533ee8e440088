import type { MatchCandidate, MatchCandidatesAnswer } from '@pawbridge/shared/lost.matching';
import type { ApiContext, SessionUserRow } from '../../context';
import { lostError } from '../lost/lost.errors';
import type { MatchAlerts } from './matching.alerts';
import { MatchCandidatesRepository } from './matching.candidates.repository';
import { ALERT_THRESHOLD, DISPLAY_FLOOR } from './scorer/score';

const notFound = () => lostError(404, 'NOT_FOUND', 'LOST_POST_NOT_FOUND');

/**
 * 가능성 있는 아이들: a missing report's candidates for its owner and admins (anyone else gets the 404 of a
 * post that does not exist, so candidates never leak), and the owner's 아니에요 (dismissed for good) and
 * 우리 아이예요 (confirmed).
 */
export class MatchingService {
  private readonly repo: MatchCandidatesRepository;

  constructor(
    ctx: ApiContext,
    private readonly alerts: MatchAlerts,
  ) {
    this.repo = new MatchCandidatesRepository(ctx.db);
  }

  private async ownedMissing(lostPostId: number, viewer: SessionUserRow | null, ownerOnly: boolean) {
    const post = await this.repo.owner(lostPostId);
    const admin = viewer?.role === 'ADMIN';
    const mine = viewer !== null && post?.authorPk === viewer.pk;
    if (!post || post.kind !== 'MISSING' || (post.hidden && !admin) || !(mine || (admin && !ownerOnly))) throw notFound();
    return post;
  }

  async candidates(lostPostId: number, viewer: SessionUserRow | null): Promise<MatchCandidatesAnswer> {
    await this.ownedMissing(lostPostId, viewer, false);
    const rows = await this.repo.shown(lostPostId);
    const cards = await this.repo.cards(rows);
    const out: MatchCandidate[] = [];
    for (const r of rows) {
      const card = cards.get(`${r.candidateKind}:${r.candidateId}`);
      if (!card) continue; // hidden or gone since it was scored
      out.push({
        id: r.id,
        kind: r.candidateKind,
        recordId: r.candidateId,
        score: r.score,
        reasons: r.reasons,
        km: r.km,
        status: r.status === 'CONFIRMED' ? 'CONFIRMED' : 'NEW',
        breed: card.breed,
        colour: card.colour,
        sex: card.sex,
        date: card.date,
        place: card.place,
        photoUrl: card.photoUrl,
        createdAt: new Date(r.createdAt).toISOString(),
      });
    }
    return { rows: out, displayFloor: DISPLAY_FLOOR, alertThreshold: ALERT_THRESHOLD };
  }

  /**
   * Only the report's owner decides; a dismissed candidate stays dismissed (and is never scored again: the
   * pair row stays). Confirming links the two records (their pages show it) and tells the finder once;
   * confirming again changes nothing.
   */
  async decide(lostPostId: number, candidateId: number, viewer: SessionUserRow | null, status: 'DISMISSED' | 'CONFIRMED'): Promise<void> {
    const post = await this.ownedMissing(lostPostId, viewer, true);
    const changed = await this.repo.decide(lostPostId, candidateId, status);
    if (changed === null) throw lostError(404, 'NOT_FOUND');
    if (changed && status === 'CONFIRMED') await this.alerts.confirmed(lostPostId, candidateId, post.authorPk);
  }
}
