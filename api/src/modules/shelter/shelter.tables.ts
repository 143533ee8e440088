import type { ColumnType, Generated } from 'kysely';

export type ShelterStatusGroup = 'OPEN' | 'ADOPTED' | 'RETURNED' | 'ENDED_OTHER' | 'DIED';
export type SyncTrigger = 'schedule' | 'admin' | 'cli';
export type SyncStatus = 'running' | 'succeeded' | 'failed' | 'partial';

export interface ShelterAnimalsTable {
  desertionNo: string;
  kind: string;
  kindCd: string | null;
  color: string | null;
  sex: 'M' | 'F' | 'Q';
  neutered: 'Y' | 'N' | 'U';
  birthYear: number | null;
  ageText: string;
  weightKg: number | null;
  /** 'YYYY-MM-DD' (DATE stays text). */
  happenDate: string;
  happenPlace: string;
  noticeNo: string | null;
  noticeStart: string | null;
  noticeEnd: string | null;
  processState: string;
  status: ShelterStatusGroup;
  specialMark: string | null;
  shelterName: string;
  shelterTel: string | null;
  shelterAddress: string | null;
  careRegNo: string | null;
  orgName: string | null;
  sido: string | null;
  sigungu: string | null;
  image1Url: string | null;
  image2Url: string | null;
  portalUpdatedAt: Date | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
  syncedAt: ColumnType<Date, Date | undefined, Date>;
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
  fetchedAt: ColumnType<Date, Date | undefined, Date>;
}

export interface ShelterTables {
  shelterAnimals: ShelterAnimalsTable;
  shelterSyncRuns: ShelterSyncRunsTable;
  shelterImages: ShelterImagesTable;
}
