import type { ColumnType, Generated } from 'kysely';
import type { AdoptStatus } from '@pawbridge/shared';

export interface AdoptionApplicationsTable {
  id: Generated<number>;
  strayId: number;
  applicantPk: number;
  adoptStatus: ColumnType<AdoptStatus, AdoptStatus | undefined, AdoptStatus>;
  appliedAt: ColumnType<Date, never, never>;
  approvedAt: Date | null;
  decidedAt: Date | null;
}

export interface AdoptionTables {
  adoptionApplications: AdoptionApplicationsTable;
}
