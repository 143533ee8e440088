import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/index';
import type { CandidateStatus, MatchCandidatesTable } from './matching.tables';

export type CandidateRow = Selectable<MatchCandidatesTable>;

/** What a candidate's card shows, by its kind: words and one photo, never a position. */
export interface CandidateCard {
  key: string;
  breed: string | null;
  colour: string | null;
  sex: 'MALE' | 'FEMALE' | null;
  date: string;
  place: string | null;
  photoUrl: string | null;
}

/** The owner's side of matching: a missing report's candidates, and their dismissal or confirmation. */
export class MatchCandidatesRepository {
  constructor(private readonly db: Db) {}

  owner(lostPostId: number) {
    return this.db.selectFrom('lostPosts').select(['id', 'kind', 'authorPk', 'hidden']).where('id', '=', lostPostId).executeTakeFirst();
  }

  /** Candidates not dismissed, best first. */
  shown(lostPostId: number): Promise<CandidateRow[]> {
    return this.db
      .selectFrom('matchCandidates')
      .selectAll()
      .where('lostPostId', '=', lostPostId)
      .where('status', '<>', 'DISMISSED')
      .orderBy('score', 'desc')
      .orderBy('id')
      .execute();
  }

  /**
   * Sets the status of a NEW or CONFIRMED candidate of this report: true when it changed, false when it
   * already had it, null when there is none (or it was dismissed, for good).
   */
  async decide(lostPostId: number, id: number, status: CandidateStatus): Promise<boolean | null> {
    const changed = await this.db
      .updateTable('matchCandidates')
      .set({ status, decidedAt: new Date() })
      .where('id', '=', id)
      .where('lostPostId', '=', lostPostId)
      .where('status', 'not in', ['DISMISSED', status])
      .returning('id')
      .executeTakeFirst();
    if (changed) return true;
    const row = await this.db
      .selectFrom('matchCandidates')
      .select('status')
      .where('id', '=', id)
      .where('lostPostId', '=', lostPostId)
      .executeTakeFirst();
    return row?.status === status && status !== 'DISMISSED' ? false : null;
  }

  async cards(rows: CandidateRow[]): Promise<Map<string, CandidateCard>> {
    const ids = (kinds: string[]) => rows.filter((r) => kinds.includes(r.candidateKind)).map((r) => r.candidateId);
    const out = new Map<string, CandidateCard>();
    const posts = ids(['FOUND', 'SEEN']).map(Number);
    if (posts.length)
      for (const p of await this.db
        .selectFrom('lostPosts as p')
        .select([
          'p.id',
          'p.kind',
          'p.breed',
          'p.colour',
          'p.gender',
          'p.happenedDate',
          'p.sigungu',
          sql<string | null>`(select ph.url from lost_photos ph where ph.post_id = p.id order by ph.id limit 1)`.as('photoUrl'),
        ])
        .where('p.id', 'in', posts)
        .where('p.hidden', '=', false)
        .execute())
        out.set(`${p.kind}:${p.id}`, {
          key: `${p.kind}:${p.id}`,
          breed: p.breed,
          colour: p.colour,
          sex: p.gender === 'MALE' || p.gender === 'FEMALE' ? p.gender : null,
          date: p.happenedDate,
          place: p.sigungu,
          photoUrl: p.photoUrl,
        });
    const strays = ids(['STRAY']).map(Number);
    if (strays.length)
      for (const s of await this.db
        .selectFrom('strayReports')
        .select(['id', 'type', 'gender', 'foundDate', 'placeName', 'location', 'imageUrl'])
        .where('id', 'in', strays)
        .execute())
        out.set(`STRAY:${s.id}`, {
          key: `STRAY:${s.id}`,
          breed: s.type,
          colour: null,
          sex: s.gender,
          date: s.foundDate,
          place: s.placeName ?? s.location,
          photoUrl: s.imageUrl,
        });
    const notices = ids(['SHELTER']);
    if (notices.length)
      for (const a of await this.db
        .selectFrom('shelterAnimals')
        .select(['desertionNo', 'kind', 'color', 'sex', 'happenDate', 'sigungu', 'sido', 'image1Url'])
        .where('desertionNo', 'in', notices)
        .execute())
        out.set(`SHELTER:${a.desertionNo}`, {
          key: `SHELTER:${a.desertionNo}`,
          breed: a.kind,
          colour: a.color,
          sex: a.sex === 'M' ? 'MALE' : a.sex === 'F' ? 'FEMALE' : null,
          date: a.happenDate,
          place: [a.sido, a.sigungu].filter(Boolean).join(' ') || null,
          photoUrl: a.image1Url ? `/shelter-images/${a.desertionNo}/1` : null,
        });
    return out;
  }
}
