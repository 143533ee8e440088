import type { ColumnType, Generated } from 'kysely';
import type { EmailKind, NeighbourhoodDelivery } from '@pawbridge/shared/alerts.schema';

export type AlertSourceKind = 'MISSING' | 'FOUND' | 'SEEN' | 'STRAY' | 'SHELTER';

export interface NeighbourhoodSettingsTable {
  userPk: number;
  latitude: number;
  longitude: number;
  place: string | null;
  radiusKm: 1 | 3 | 5;
  missing: boolean;
  found: boolean;
  strays: boolean;
  shelter: boolean;
  delivery: NeighbourhoodDelivery;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
}

export interface NeighbourhoodAlertsTable {
  id: Generated<number>;
  sourceKind: AlertSourceKind;
  sourceId: string;
  userPk: number;
  radiusKm: number;
  km: number;
  email: 'INSTANT' | 'DIGEST' | null;
  emailedAt: Date | null;
  digestedAt: Date | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

export interface EmailPreferencesTable {
  userPk: number;
  kind: EmailKind;
  enabled: boolean;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
}

/** A shelter address's point from the address search (decision 0043 amended); null: no such address. */
export interface ShelterPlacesTable {
  address: string;
  latitude: number | null;
  longitude: number | null;
  lookedUpAt: ColumnType<Date, Date | undefined, Date>;
}

export interface AlertsTables {
  shelterPlaces: ShelterPlacesTable;
  neighbourhoodSettings: NeighbourhoodSettingsTable;
  neighbourhoodAlerts: NeighbourhoodAlertsTable;
  emailPreferences: EmailPreferencesTable;
}
