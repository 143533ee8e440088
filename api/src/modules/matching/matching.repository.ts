import { sql, type RawBuilder } from 'kysely';
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
   * One page of a job committed in ONE statement (decision 0049 amended): the checkpoint (`checkpoint`,
   * matching.queue.repository.ts: RETURNING the job's id while the worker holds it), the page's pairs and
   * a re-score's fallen pairs — written only when the checkpoint holds. null: the lease was lost, nothing
   * written. Each pair once: a pair already there (scored before, dismissed, confirmed) is left as it is —
   * except in a re-scoring job (a photo came later, the record was edited), which updates an undecided
   * (NEW) pair's score, reasons and distance; its pairs now below the floor (or excluded) are removed
   * while undecided. The ids of the rows inserted or updated. The pairs go as ONE json parameter (a page
   * can store hundreds: one parameter, not six per row), read as jsonb: parsed once, each pair's reasons
   * taken from it as they are (json_to_recordset parsed every pair's reasons again into jsonb: ~2 ms of a
   * 250-pair page, decision 0051).
   */
  async commitPage(
    checkpoint: RawBuilder<unknown>,
    rows: CandidateInsert[],
    fallen: Pick<CandidateInsert, 'lostPostId' | 'candidateKind' | 'candidateId'>[],
    rescore: boolean,
  ): Promise<number[] | null> {
    const onConflict = rescore
      ? sql`DO UPDATE SET score = excluded.score, reasons = excluded.reasons, km = excluded.km
          WHERE match_candidates.status = 'NEW' AND (match_candidates.score, match_candidates.reasons, match_candidates.km)
            IS DISTINCT FROM (excluded.score, excluded.reasons, excluded.km)`
      : sql`DO NOTHING`;
    const r = await sql<{ held: boolean; ids: number[] | null }>`
      WITH cp AS (${checkpoint}),
      ins AS (
        INSERT INTO match_candidates (lost_post_id, candidate_kind, candidate_id, score, reasons, km)
        SELECT x.lost_post_id, x.candidate_kind, x.candidate_id, x.score, x.reasons, x.km
        FROM jsonb_to_recordset(${asJson(rows)}::jsonb)
          AS x(lost_post_id integer, candidate_kind text, candidate_id text, score integer, reasons jsonb, km double precision)
        WHERE EXISTS (SELECT 1 FROM cp)
        ON CONFLICT (lost_post_id, candidate_kind, candidate_id) ${onConflict}
        RETURNING id),
      del AS (
        DELETE FROM match_candidates c USING json_to_recordset(${JSON.stringify(fallen)}::json)
          AS x("lostPostId" integer, "candidateKind" text, "candidateId" text)
        WHERE c.lost_post_id = x."lostPostId" AND c.candidate_kind = x."candidateKind" AND c.candidate_id = x."candidateId"
          AND c.status = 'NEW' AND EXISTS (SELECT 1 FROM cp))
      SELECT EXISTS (SELECT 1 FROM cp) AS held, (SELECT json_agg(id ORDER BY id) FROM ins) AS ids`.execute(this.db);
    const row = r.rows[0];
    return row?.held ? (row.ids ?? []) : null;
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
