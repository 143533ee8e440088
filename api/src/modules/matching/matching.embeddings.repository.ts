import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { EmbeddedRecordKind } from './matching.tables';

/** photo_embeddings and the photo tables it reads (decision 0046); the queries of matching.embeddings.ts. */
export class PhotoEmbeddingsRepository {
  constructor(private readonly db: Db) {}

  /** A shelter notice's stored picture keys, in order. */
  async shelterImageKeys(desertionNo: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('shelterImages')
      .select('storageKey')
      .where('desertionNo', '=', desertionNo)
      .orderBy('n')
      .execute();
    return rows.map((r) => r.storageKey);
  }

  /** The photo URLs of a stray report or a lost post. */
  async photoUrls(kind: 'STRAY' | 'POST', id: number): Promise<string[]> {
    const rows =
      kind === 'STRAY'
        ? await this.db.selectFrom('strayReports').select('imageUrl as url').where('id', '=', id).execute()
        : await this.db.selectFrom('lostPhotos').select('url').where('postId', '=', id).orderBy('id').execute();
    return rows.map((r) => r.url);
  }

  /** The photo keys of a record that already have a vector of this model. */
  async embeddedKeys(recordKind: EmbeddedRecordKind, recordId: string, modelId: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('photoEmbeddings')
      .select('photoKey')
      .where('recordKind', '=', recordKind)
      .where('recordId', '=', recordId)
      .where('modelId', '=', modelId)
      .execute();
    return new Set(rows.map((r) => r.photoKey));
  }

  /** Keeps one photo's vector (a second write of the same key is ignored). */
  async insert(row: {
    recordKind: EmbeddedRecordKind;
    recordId: string;
    photoKey: string;
    modelId: string;
    vector: Uint8Array;
  }): Promise<void> {
    await this.db
      .insertInto('photoEmbeddings')
      .values(row)
      .onConflict((oc) => oc.columns(['recordKind', 'recordId', 'photoKey', 'modelId']).doNothing())
      .execute();
  }

  /** This model's vectors of the given records, by (kind, ids) so the primary key's leading columns serve the read. */
  async vectors(byKind: Map<EmbeddedRecordKind, string[]>, modelId: string) {
    return this.db
      .selectFrom('photoEmbeddings')
      .select(['recordKind', 'recordId', 'modelId', 'vector'])
      .where('modelId', '=', modelId)
      .where((eb) => eb.or([...byKind].map(([kind, ids]) => eb.and([eb('recordKind', '=', kind), eb('recordId', 'in', ids)]))))
      .execute();
  }

  /** A record's vectors of photos it no longer has (a shelter picture replaced, a photo removed). */
  async dropReplaced(recordKind: EmbeddedRecordKind, recordId: string, keys: string[]): Promise<void> {
    let q = this.db.deleteFrom('photoEmbeddings').where('recordKind', '=', recordKind).where('recordId', '=', recordId);
    if (keys.length > 0) q = q.where('photoKey', 'not in', keys);
    await q.execute();
  }

  /** Records holding vectors of a model other than `modelId`. */
  async otherModelRecords(modelId: string, limit: number): Promise<{ recordKind: EmbeddedRecordKind; recordId: string }[]> {
    return this.db
      .selectFrom('photoEmbeddings')
      .select(['recordKind', 'recordId'])
      .distinct()
      .where('modelId', '<>', modelId)
      .orderBy('recordKind')
      .orderBy('recordId')
      .limit(limit)
      .execute();
  }

  /**
   * In one transaction: the record's other-model vectors deleted and, when it is still matched (a lost
   * post not hidden and, for a missing report, open; an open notice; any stray report — loadRecord's
   * rule), its job queued again to re-score (match_requeue, migration 0025).
   */
  async replaceModel(recordKind: EmbeddedRecordKind, recordId: string, modelId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('photoEmbeddings')
        .where('recordKind', '=', recordKind)
        .where('recordId', '=', recordId)
        .where('modelId', '<>', modelId)
        .execute();
      const kind =
        recordKind === 'POST'
          ? sql<
              string | null
            >`(SELECT kind FROM lost_posts WHERE id = ${Number(recordId)} AND NOT hidden AND (kind <> 'MISSING' OR status = 'OPEN'))`
          : recordKind === 'SHELTER'
            ? sql<string | null>`(SELECT 'SHELTER' FROM shelter_animals WHERE desertion_no = ${recordId} AND status = 'OPEN')`
            : sql<string | null>`(SELECT 'STRAY' FROM stray_reports WHERE id = ${Number(recordId)})`;
      await sql`SELECT match_requeue(${kind}, ${recordId})`.execute(trx);
    });
  }
}
