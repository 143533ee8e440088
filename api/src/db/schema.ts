// The Kysely database type: one interface per domain, kept beside its module.
import type { UsersTables } from '../modules/users/users.tables';
import type { PetsTables } from '../modules/pets/pets.tables';
import type { StraysTables } from '../modules/strays/strays.tables';
import type { AdoptionTables } from '../modules/adoption/adoption.tables';
import type { CommunityTables } from '../modules/community/community.tables';
import type { NotificationsTables } from '../modules/notifications/notifications.tables';
import type { DonationsTables } from '../modules/donations/donations.tables';
import type { ShelterTables } from '../modules/shelter/shelter.tables';
import type { LostTables } from '../modules/lost/lost.tables';
import type { MatchingTables } from '../modules/matching/matching.tables';
import type { AlertsTables } from '../modules/alerts/alerts.tables';
import type { FavouritesTables } from '../modules/favourites/favourites.tables';

export interface DB
  extends
    UsersTables,
    PetsTables,
    StraysTables,
    AdoptionTables,
    CommunityTables,
    NotificationsTables,
    DonationsTables,
    ShelterTables,
    LostTables,
    MatchingTables,
    AlertsTables,
    FavouritesTables {
  schemaMigrations: { name: string; appliedAt: Date };
}
