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
  /** The map provider's words for the pin (0015_stray_place_names.sql); null → the region from our own data. */
  placeName: string | null;
  /** The photo's perceptual hash (0018_matching.sql, issue 28); null for reports made before it. */
  photoHash: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'yyyy-MM-dd' (DATE kept as text by the db layer). */
  foundDate: string;
  foundTime: string;
  status: ColumnType<PetStatus, PetStatus | undefined, PetStatus>;
  registeredAt: Date | null;
  createdAt: ColumnType<Date, never, never>;
  /** Stored by the database (0010_list_indexes.sql): the adopt order's status rank, < 3 for public strays. */
  adoptRank: ColumnType<number, never, never>;
  /** Stored by the database: lower(location, description, breed), what the place search matches. */
  searchText: ColumnType<string, never, never>;
  /** The matching pre-filter's reading of `type` (0029), kept by a trigger; never written here. */
  breedKey: ColumnType<string | null, never, never>;
  breedGroup: ColumnType<string | null, never, never>;
}

export interface StraysTables {
  strayReports: StrayReportsTable;
}
