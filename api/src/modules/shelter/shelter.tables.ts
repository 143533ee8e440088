import type { ColumnType, Generated } from 'kysely';
import type { ParsedAnimal } from '../../integrations/public-data/items';

export type SyncTrigger = 'schedule' | 'admin' | 'cli';
export type SyncStatus = 'running' | 'succeeded' | 'failed' | 'partial';

/** A stored animal: the parsed portal item (integrations/public-data/items, the one shape) plus where it is and when we saw it. */
export interface ShelterAnimalsTable extends ParsedAnimal {
  sido: string | null;
  sigungu: string | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
  syncedAt: ColumnType<Date, Date | undefined, Date>;
  /** When the neighbourhood-alert sweep placed it (0024; decision 0043 amended); null: not yet. */
  alertCheckedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Its pictures' perceptual hashes, kept by a trigger on shelter_images (0027); never written here. */
  phashes: ColumnType<string[], never, never>;
  /** The matching pre-filter's reading of `kind` (0029), kept by a trigger; never written here. */
  breedKey: ColumnType<string | null, never, never>;
  breedGroup: ColumnType<string | null, never, never>;
}

export interface ShelterSyncRunsTable {
  id: Generated<number>;
  trigger: SyncTrigger;
  status: SyncStatus;
  startedAt: ColumnType<Date, Date | undefined, never>;
  finishedAt: Date | null;
  heartbeatAt: ColumnType<Date, Date | undefined, Date>;
  windowFrom: string;
  windowTo: string;
  nextPage: ColumnType<number, number | undefined, number>;
  resumedFromRun: number | null;
  sample: ColumnType<boolean, boolean | undefined, boolean>;
  pages: ColumnType<number, number | undefined, number>;
  fetched: ColumnType<number, number | undefined, number>;
  created: ColumnType<number, number | undefined, number>;
  updated: ColumnType<number, number | undefined, number>;
  error: string | null;
}

export interface ShelterImagesTable {
  desertionNo: string;
  n: number;
  sourceUrl: string;
  storageKey: string;
  mime: string;
  /** The picture's perceptual hash (0018_matching.sql, issue 28). */
  phash: ColumnType<string | null, string | null | undefined, string | null>;
  fetchedAt: ColumnType<Date, Date | undefined, Date>;
}

export interface ShelterTables {
  shelterAnimals: ShelterAnimalsTable;
  shelterSyncRuns: ShelterSyncRunsTable;
  shelterImages: ShelterImagesTable;
}
