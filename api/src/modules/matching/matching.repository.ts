import { sql, type Expression, type SqlBool } from 'kysely';
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

/** The box as one condition on the exact point, answered by the GiST indexes of migration 0023. */
const inBox = (b: NonNullable<Window['box']>): Expression<SqlBool> =>
  sql<SqlBool>`point(latitude, longitude) <@ box(point(${b.minLat}::float8, ${b.minLng}::float8), point(${b.maxLat}::float8, ${b.maxLng}::float8))`;

/** `column = any($1)`: one array parameter instead of thousands in an IN list (a page holds up to 10,000 records). */
export const anyOf = (column: string, type: 'bigint' | 'text', values: (number | string)[]): Expression<SqlBool> =>
  sql<SqlBool>`${sql.ref(column)} = any(${values}::${sql.raw(type)}[])`;

/** Rows grouped by a key, so attaching each record's photo hashes is one pass, not a scan per record. */
function groupBy<T, K>(rows: T[], key: (r: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
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

/** The records matching reads (lost posts, strays, shelter notices) and the candidates it writes. */
export class MatchingRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: MatchingRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new MatchingRepository(trx)));
  }

  private async withPostHashes(rows: Omit<LostPostFacts, 'phashes'>[]): Promise<LostPostFacts[]> {
    if (rows.length === 0) return [];
    const photos = await this.db
      .selectFrom('lostPhotos')
      .select(['postId', 'phash'])
      .where(
        anyOf(
          'post_id',
          'bigint',
          rows.map((r) => r.id),
        ),
      )
      .where('phash', 'is not', null)
      .execute();
    const byPost = groupBy(photos, (p) => p.postId);
    return rows.map((r) => ({ ...r, phashes: (byPost.get(r.id) ?? []).map((p) => p.phash!) }));
  }

  async lostPost(id: number): Promise<LostPostFacts | undefined> {
    const row = await this.db.selectFrom('lostPosts').select(POST_COLUMNS).where('id', '=', id).executeTakeFirst();
    return row ? (await this.withPostHashes([row]))[0] : undefined;
  }

  async stray(id: number): Promise<StrayFacts | undefined> {
    return this.db
      .selectFrom('strayReports')
      .select(['id', 'type', 'gender', 'latitude', 'longitude', 'foundDate', 'foundTime', 'photoHash'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async shelter(desertionNo: string): Promise<ShelterFacts | undefined> {
    return (await this.sheltersWhere([desertionNo], null, null, 1))[0];
  }

  /** Found/seen posts (kind 'sightings') or open missing reports in the window, by id after `after`. */
  async postsIn(which: 'sightings' | 'missing', w: Window, after: number, limit: number): Promise<LostPostFacts[]> {
    let q = this.db
      .selectFrom('lostPosts')
      .select(POST_COLUMNS)
      .where('hidden', '=', false)
      .where('happenedDate', '>=', w.from)
      .where('happenedDate', '<=', w.to)
      .where('id', '>', after);
    q = which === 'sightings' ? q.where('kind', '<>', 'MISSING') : q.where('kind', '=', 'MISSING').where('status', '=', 'OPEN');
    if (w.box) q = q.where(inBox(w.box));
    else if (w.sido) q = q.where('sido', '=', w.sido);
    else return [];
    return this.withPostHashes(await q.orderBy('id').limit(limit).execute());
  }

  async straysIn(w: Window, after: number, limit: number): Promise<StrayFacts[]> {
    if (!w.box) return [];
    return this.db
      .selectFrom('strayReports')
      .select(['id', 'type', 'gender', 'latitude', 'longitude', 'foundDate', 'foundTime', 'photoHash'])
      .where('foundDate', '>=', w.from)
      .where('foundDate', '<=', w.to)
      .where(inBox(w.box))
      .where('id', '>', after)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Open shelter notices of the lost dog's 시·도 in the window (notices carry no point). */
  sheltersIn(w: Window, after: string, limit: number): Promise<ShelterFacts[]> {
    if (!w.sido) return Promise.resolve([]);
    return this.sheltersWhere(null, w, after, limit);
  }

  private async sheltersWhere(ids: string[] | null, w: Window | null, after: string | null, limit: number): Promise<ShelterFacts[]> {
    let q = this.db
      .selectFrom('shelterAnimals')
      .select(['desertionNo', 'kind', 'color', 'sex', 'neutered', 'birthYear', 'weightKg', 'happenDate', 'sido', 'sigungu']);
    if (ids) q = q.where('desertionNo', 'in', ids);
    if (w) q = q.where('sido', '=', w.sido).where('status', '=', 'OPEN').where('happenDate', '>=', w.from).where('happenDate', '<=', w.to);
    if (after !== null) q = q.where('desertionNo', '>', after);
    const rows = await q.orderBy('desertionNo').limit(limit).execute();
    if (rows.length === 0) return [];
    const images = await this.db
      .selectFrom('shelterImages')
      .select(['desertionNo', 'phash'])
      .where(
        anyOf(
          'desertion_no',
          'text',
          rows.map((r) => r.desertionNo),
        ),
      )
      .where('phash', 'is not', null)
      .execute();
    const byNotice = groupBy(images, (i) => i.desertionNo);
    return rows.map((r) => ({ ...r, phashes: (byNotice.get(r.desertionNo) ?? []).map((i) => i.phash!) }));
  }

  /** Each pair once: a pair already there (scored before, dismissed, confirmed) is left as it is. The new rows' ids. */
  async insertCandidates(rows: CandidateInsert[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const r = await this.db
      .insertInto('matchCandidates')
      .values(rows)
      .onConflict((oc) => oc.columns(['lostPostId', 'candidateKind', 'candidateId']).doNothing())
      .returning('id')
      .execute();
    return r.map((x) => x.id);
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
