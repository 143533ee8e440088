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
      await this.repo.dropReplaced(recordKind, id, keys); // a replaced picture's vectors (decision 0049)
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
      for (const r of records) {
        const kind = embeddedKindOf(r.kind);
        const ids = byKind.get(kind);
        if (ids) ids.push(r.id);
        else byKind.set(kind, [r.id]);
      }
      const rows = await this.repo.vectors(byKind, this.modelId);
      // Grouped once by record (a page holds up to 10,000 records), then each record takes its own.
      const byRecord = new Map<string, StoredVector[]>();
      for (const r of rows) {
        const k = `${r.recordKind}:${r.recordId}`;
        const v: StoredVector = { ...r, vector: vectorFromBytes(r.vector) };
        const list = byRecord.get(k);
        if (list) list.push(v);
        else byRecord.set(k, [v]);
      }
      return records.map((r) => {
        const kind = embeddedKindOf(r.kind);
        return withEmbeddings(r, kind, byRecord.get(`${kind}:${r.id}`) ?? [], this.modelId);
      });
    } catch (err) {
      this.log.warn({ err }, 'photo embeddings not read; matching goes on without them');
      return records;
    }
  }

  /**
   * The model was replaced (decision 0049): up to `limit` records that still hold another model's vectors
   * lose them, and those still matched (open) are queued again to be re-scored — their job embeds their
   * photos with this model first. Answers how many records were swept; 0 once none is left (idempotent).
   */
  async sweep(limit = 100): Promise<number> {
    const stale = await this.repo.otherModelRecords(this.modelId, limit);
    for (const r of stale) await this.repo.replaceModel(r.recordKind, r.recordId, this.modelId);
    return stale.length;
  }

  /** Sweeps now and then every `everyMs` until nothing is left of other models; never throws. */
  scheduleSweep(everyMs = 3_600_000): { stop: () => void } {
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const run = async () => {
      try {
        while (!stopped && (await this.sweep()) > 0);
      } catch (err) {
        this.log.warn({ err }, 'old model vectors not swept');
      }
      if (!stopped) timer = setTimeout(() => void run(), everyMs).unref();
    };
    timer = setTimeout(() => void run(), 0).unref();
    return {
      stop: () => {
        stopped = true;
        clearTimeout(timer);
      },
    };
  }
}
