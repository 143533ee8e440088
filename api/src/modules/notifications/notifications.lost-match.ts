import type { NotificationMatch } from '@pawbridge/shared';
import type { Db } from '../../db/index';
import type { EventOf } from '../../events';
import { MATCH_SENTENCES } from '../matching/matching.mail';
import type { MatchReason } from '../matching/scorer/reasons';
import { lostMatchFacts } from './notifications.lost-match.repository';
import type { NewNotification } from './notifications.repository';

/** The reasons a match notice carries: the ones that added most, at most this many. */
const TOP_REASONS = 4;

export interface PlannedMatchNotice {
  recipientPk: number;
  recipientId: string;
  row: Omit<NewNotification, 'recipientPk'>;
}

/** A candidate's kind, score and best reasons (codes with their parameters; never a position). */
export function matchAbout(c: {
  candidateKind: NotificationMatch['candidateKind'];
  score: number;
  reasons: MatchReason[];
}): NotificationMatch {
  const reasons = c.reasons
    .filter((r) => r.points > 0)
    .sort((a, b) => b.points - a.points)
    .slice(0, TOP_REASONS);
  return { candidateKind: c.candidateKind, score: c.score, reasons };
}

/**
 * The bell row of a match notice (decision 0042): MATCH to the missing report's owner, opening the post at
 * its candidates; CONFIRMED to the finder, opening the missing report. Coded (`LOST_MATCH_FOUND`,
 * `LOST_MATCH_CONFIRMED`) with the candidate in `about.match`; the web words it.
 */
export async function planLostMatch(db: Db, event: EventOf<'lost.match'>): Promise<PlannedMatchNotice | null> {
  const facts = await lostMatchFacts(db, event);
  if (!facts) return null;
  const { candidate, post, recipient } = facts;
  const match = event.notice === 'MATCH';
  const about = {
    dogName: post.name,
    postId: event.lostPostId,
    postTitle: null,
    actor: null,
    foundDate: null,
    match: matchAbout(candidate),
  };
  return {
    recipientPk: event.recipientPk,
    recipientId: recipient.userId,
    row: {
      sender: '',
      message: match ? MATCH_SENTENCES.match(post.name) : MATCH_SENTENCES.confirmed(post.name),
      notificationType: match ? 'LOST_MATCH' : 'LOST_MATCH_CONFIRMED',
      relatedId: event.lostPostId,
      targetUrl: match ? `/lost/${event.lostPostId}#matches` : `/lost/${event.lostPostId}`,
      code: match ? 'LOST_MATCH_FOUND' : 'LOST_MATCH_CONFIRMED',
      about: JSON.stringify(about),
    },
  };
}
