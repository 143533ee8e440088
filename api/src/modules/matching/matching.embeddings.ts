import type { Db } from '../../db/index';
import { vectorFromBytes, vectorToBytes, type ImageEmbedder } from '../../integrations/embedding/embedding';
import { keyFromUploadUrl, type FileStorage } from '../../integrations/storage';
import { PhotoEmbeddingsRepository } from './matching.embeddings.repository';
import { withEmbeddings, type StoredVector } from './matching.records';
import type { EmbeddedRecordKind } from './matching.tables';
import type { MatchKind, MatchRecord } from './scorer/match-record';

interface Log {
  warn(obj: object, msg: string): void;
}

/** The table a record lives in, as photo_embeddings names it (0022). */
export const embeddedKindOf = (kind: MatchKind): EmbeddedRecordKind => (kind === 'STRAY' || kind === 'SHELTER' ? kind : 'POST');

/**
 * Photo similarity's storage side (decision 0046): the matching worker's one extra step per job embeds
 * the job's own record's photos with the configured model (each photo once per model), and every record
 * the job scores is given the stored vectors of that model. Built at start-up only when an embedder is
 * configured; without it the worker never calls this and records carry no `embeddings`. Never throws:
 * an embedding failure is logged and the job scores without vectors.
 */
export class PhotoEmbeddings {
  private readonly repo: PhotoEmbeddingsRepository;
  private readonly storage: FileStorage;
  constructor(
    deps: { db: Db; storage: FileStorage },
    private readonly embedder: ImageEmbedder,
    private readonly log: Log,
  ) {
    this.repo = new PhotoEmbeddingsRepository(deps.db);
    this.storage = deps.storage;
  }

  get modelId(): string {
    return this.embedder.modelId;
  }

  /** The storage keys of a record's photos (stored uploads only; external or default pictures have none). */
  private async photoKeys(kind: EmbeddedRecordKind, id: string): Promise<string[]> {
    if (kind === 'SHELTER') return this.repo.shelterImageKeys(id);
    const urls = await this.repo.photoUrls(kind, Number(id));
    return urls.map((url) => keyFromUploadUrl(url)).filter((k): k is string => k !== null);
  }

  /** Embeds the record's photos that have no vector of this model yet; the number stored. */
  async embedRecord(kind: MatchKind, id: string): Promise<number> {
    const recordKind = embeddedKindOf(kind);
    let stored = 0;
    try {
      const keys = await this.photoKeys(recordKind, id);
      if (keys.length === 0) return 0;
      const have = await this.repo.embeddedKeys(recordKind, id, this.modelId);
      for (const photoKey of keys.filter((k) => !have.has(k))) {
        try {
          const bytes = await this.storage.get(photoKey);
          if (!bytes) continue;
          const e = await this.embedder.embed(bytes);
          await this.repo.insert({ recordKind, recordId: id, photoKey, modelId: e.modelId, vector: vectorToBytes(e.vector) });
          stored += 1;
        } catch (err) {
          this.log.warn({ err, recordKind, id, photoKey }, 'photo embedding failed; matching goes on without it');
        }
      }
    } catch (err) {
      this.log.warn({ err, recordKind, id }, 'photo embeddings not read; matching goes on without them');
    }
    return stored;
  }

  /** The records with `embeddings` filled from this model's stored vectors; unchanged when the read fails. */
  async attach(records: MatchRecord[]): Promise<MatchRecord[]> {
    if (records.length === 0) return records;
    try {
      const byKind = new Map<EmbeddedRecordKind, string[]>();
      for (const r of records) byKind.set(embeddedKindOf(r.kind), [...(byKind.get(embeddedKindOf(r.kind)) ?? []), r.id]);
      const rows = await this.repo.vectors(byKind, this.modelId);
      const vectors: StoredVector[] = rows.map((r) => ({ ...r, vector: vectorFromBytes(r.vector) }));
      return records.map((r) => withEmbeddings(r, embeddedKindOf(r.kind), vectors, this.modelId));
    } catch (err) {
      this.log.warn({ err }, 'photo embeddings not read; matching goes on without them');
      return records;
    }
  }
}
