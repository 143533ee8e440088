import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { CandidateKind } from './matching.tables';

/** A window of dates ('yyyy-MM-dd', inclusive) and a box of exact coordinates: what pre-selection uses. */
export interface Window {
  from: string;
  to: string;
  box: { minLat: number; maxLat: number; minLng: number; maxLng: number } | null;
  sido: string | null;
}

export interface LostPostFacts {
  id: number;
  kind: 'MISSING' | 'FOUND' | 'SEEN';
  authorPk: number;
  status: string;
  hidden: boolean;
  breed: string | null;
  gender: 'FEMALE' | 'MALE' | 'NEUTER' | null;
  size: 'SMALL' | 'MEDIUM' | 'LARGE' | null;
  weight: number | null;
  colour: string | null;
  registrationNo: string | null;
  latitude: number;
  longitude: number;
  sido: string | null;
  sigungu: string | null;
  happenedDate: string;
  happenedTime: string;
  phashes: string[];
}

export interface StrayFacts {
  id: number;
  type: string | null;
  gender: 'MALE' | 'FEMALE' | null;
  latitude: number;
  longitude: number;
  foundDate: string;
  foundTime: string;
  photoHash: string | null;
}

export interface ShelterFacts {
  desertionNo: string;
  kind: string;
  color: string | null;
  sex: string;
  neutered: string;
  birthYear: number | null;
  weightKg: number | null;
  happenDate: string;
  sido: string | null;
  sigungu: string | null;
  phashes: string[];
}

export interface CandidateInsert {
  lostPostId: number;
  candidateKind: CandidateKind;
  candidateId: string;
  score: number;
  reasons: string;
  km: number | null;
}

const POST_COLUMNS = [
  'id',
  'kind',
  'authorPk',
  'status',
  'hidden',
  'breed',
  'gender',
  'size',
  'weight',
  'colour',
  'registrationNo',
  'latitude',
  'longitude',
  'sido',
  'sigungu',
  'happenedDate',
  'happenedTime',
] as const;

/** The rows as a JSON array with the table's column names; `reasons` is JSON already and goes in as it is. */
const asJson = (rows: CandidateInsert[]) =>
  `[${rows
    .map(
      (c) =>
        `{"lost_post_id":${c.lostPostId},"candidate_kind":${JSON.stringify(c.candidateKind)},"candidate_id":${JSON.stringify(c.candidateId)},` +
        `"score":${c.score},"reasons":${c.reasons},"km":${c.km === null ? 'null' : c.km}}`,
    )
    .join(',')}]`;

/** The records matching reads (lost posts, strays, shelter notices) and the candidates it writes. */
export class MatchingRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: MatchingRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new MatchingRepository(trx)));
  }

  async lostPost(id: number): Promise<LostPostFacts | undefined> {
    return this.db
      .selectFrom('lostPosts')
      .select([...POST_COLUMNS, 'phashes'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async stray(id: number): Promise<StrayFacts | undefined> {
    return this.db
      .selectFrom('strayReports')
      .select(['id', 'type', 'gender', 'latitude', 'longitude', 'foundDate', 'foundTime', 'photoHash'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async shelter(desertionNo: string): Promise<ShelterFacts | undefined> {
    return (await this.sheltersWhere([desertionNo]))[0];
  }

  private sheltersWhere(ids: string[]): Promise<ShelterFacts[]> {
    return this.db
      .selectFrom('shelterAnimals')
      .select(['desertionNo', 'kind', 'color', 'sex', 'neutered', 'birthYear', 'weightKg', 'happenDate', 'sido', 'sigungu', 'phashes'])
      .where('desertionNo', 'in', ids)
      .orderBy('desertionNo')
      .execute();
  }

  /**
   * Each pair once: a pair already there (scored before, dismissed, confirmed) is left as it is — except
   * in a re-scoring job (a photo came later, decision 0049), which updates an undecided (NEW) pair's
   * score, reasons and distance. The ids of the rows inserted or updated. The rows go as ONE json
   * parameter (a page can store hundreds of pairs: one parameter, not six per row).
   */
  async insertCandidates(rows: CandidateInsert[], rescore = false): Promise<number[]> {
    if (rows.length === 0) return [];
    const onConflict = rescore
      ? sql`DO UPDATE SET score = excluded.score, reasons = excluded.reasons, km = excluded.km
          WHERE match_candidates.status = 'NEW' AND (match_candidates.score, match_candidates.reasons, match_candidates.km)
            IS DISTINCT FROM (excluded.score, excluded.reasons, excluded.km)`
      : sql`DO NOTHING`;
    const r = await sql<{ id: number }>`
      INSERT INTO match_candidates (lost_post_id, candidate_kind, candidate_id, score, reasons, km)
      SELECT x.lost_post_id, x.candidate_kind, x.candidate_id, x.score, x.reasons, x.km
      FROM json_to_recordset(${asJson(rows)}::json)
        AS x(lost_post_id integer, candidate_kind text, candidate_id text, score integer, reasons jsonb, km double precision)
      ON CONFLICT (lost_post_id, candidate_kind, candidate_id) ${onConflict}
      RETURNING id`.execute(this.db);
    return r.rows.map((x) => x.id);
  }

  /** A re-scoring job's pairs now below the floor (or excluded): removed while undecided (NEW); decided ones stay. */
  async dropUndecided(pairs: { lostPostId: number; candidateKind: string; candidateId: string }[]): Promise<void> {
    if (pairs.length === 0) return;
    await sql`
      DELETE FROM match_candidates c USING json_to_recordset(${JSON.stringify(pairs)}::json)
        AS x("lostPostId" integer, "candidateKind" text, "candidateId" text)
      WHERE c.lost_post_id = x."lostPostId" AND c.candidate_kind = x."candidateKind" AND c.candidate_id = x."candidateId"
        AND c.status = 'NEW'`.execute(this.db);
  }

  candidatesOf(lostPostId: number) {
    return this.db
      .selectFrom('matchCandidates')
      .selectAll()
      .where('lostPostId', '=', lostPostId)
      .orderBy('score', 'desc')
      .orderBy('id')
      .execute();
  }
}
