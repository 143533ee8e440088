import type { ColumnType, Generated } from 'kysely';
import type { FavouriteStatus } from '@pawbridge/shared/favourites.schema';

/** A member's heart on a stray or a shelter animal (0021_favourites.sql). */
export interface FavouritesTable {
  id: Generated<number>;
  userPk: number;
  strayId: number | null;
  desertionNo: string | null;
  seenStatus: FavouriteStatus;
  endingRemindedFor: string | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

/** A saved adopt search (0021_favourites.sql). */
export interface SavedSearchesTable {
  id: Generated<number>;
  userPk: number;
  source: 'all' | 'member' | 'shelter';
  region: string | null;
  foundDate: string | null;
  foundTime: string | null;
  location: string | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
  checkedAt: ColumnType<Date, Date | undefined, Date>;
  notifiedOn: string | null;
}

export interface FavouritesTables {
  favourites: FavouritesTable;
  savedSearches: SavedSearchesTable;
}
