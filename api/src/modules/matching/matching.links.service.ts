import type { LostPostDetail } from '@pawbridge/shared/lost.schema';
import type { ApiContext } from '../../context';
import { MatchAlertsRepository } from './matching.alerts.repository';

/**
 * Confirmed matches as a post's page links them (decision 0042): a missing report links what its owner
 * confirmed, a found/seen post the missing reports that confirmed it. The lost module's reading side asks.
 */
export class MatchLinksService {
  private readonly repo: MatchAlertsRepository;

  constructor(ctx: Pick<ApiContext, 'db'>) {
    this.repo = new MatchAlertsRepository(ctx.db);
  }

  async of(post: { id: number; kind: 'MISSING' | 'FOUND' | 'SEEN' }): Promise<NonNullable<LostPostDetail['matches']>> {
    const rows = await this.repo.confirmedOf(post);
    return rows.map((m) => ({ lostPostId: m.lostPostId, kind: m.candidateKind, recordId: m.candidateId }));
  }
}
