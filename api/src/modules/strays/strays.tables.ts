import type { ColumnType, Generated } from 'kysely';
import type { PetStatus } from '@pawbridge/shared';

export interface StrayReportsTable {
  id: Generated<number>;
  reporterPk: number | null;
  latitude: number;
  longitude: number;
  imageUrl: string;
  gender: 'MALE' | 'FEMALE' | null;
  description: string;
  location: string;
  type: string | null;
  name: string | null;
  /** 'yyyy-MM-dd' (DATE kept as text by the db layer). */
  foundDate: string;
  foundTime: string;
  status: ColumnType<PetStatus, PetStatus | undefined, PetStatus>;
  registeredAt: Date | null;
  createdAt: ColumnType<Date, never, never>;
}

export interface StraysTables {
  strayReports: StrayReportsTable;
}
