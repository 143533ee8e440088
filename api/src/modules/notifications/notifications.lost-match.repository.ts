import type { Db } from '../../db/index';
import type { EventOf } from '../../events';

/** What a match notice names (decision 0042): the candidate's score and reasons, the lost dog's name, the recipient's id. */
export async function lostMatchFacts(db: Db, event: EventOf<'lost.match'>) {
  const [candidate, post, recipient] = await Promise.all([
    db.selectFrom('matchCandidates').select(['candidateKind', 'score', 'reasons']).where('id', '=', event.candidateId).executeTakeFirst(),
    db.selectFrom('lostPosts').select(['name']).where('id', '=', event.lostPostId).executeTakeFirst(),
    db.selectFrom('users').select('userId').where('id', '=', event.recipientPk).executeTakeFirst(),
  ]);
  return candidate && post && recipient ? { candidate, post, recipient } : null;
}
