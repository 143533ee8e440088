import type { AccountsGateway } from './accounts.gateway';
import type { AdminGateway } from './admin.gateway';
import type { AdoptionGateway } from './adoption.gateway';
import type { CapabilitiesGateway } from './capabilities.gateway';
import type { CommunityGateway } from './community.gateway';
import type { DashboardGateway } from './dashboard.gateway';
import type { DonationsGateway } from './donations.gateway';
import type { NotificationsGateway } from './notifications.gateway';
import type { PetsGateway } from './pets.gateway';
import type { PhotosGateway } from './photos.gateway';
import type { ShelterGateway } from './shelter.gateway';
import type { StraysGateway } from './strays.gateway';
import type { LostGateway } from './lost.gateway';
import type { AlertsGateway } from './alerts.gateway';
import type { FavouritesGateway } from './favourites.gateway';

/**
 * Every BFF domain's one seam to the upstream. Each has two implementations,
 * upstream/api (our api: straight to the call) and upstream/legacy (the Spring
 * service: every compensation and quirk), one set chosen once at start
 * (bff/src/gateways.ts, docs/decisions/0026). Routes see only these interfaces.
 */
export interface Gateways {
  accounts: AccountsGateway;
  adoption: AdoptionGateway;
  admin: AdminGateway;
  strays: StraysGateway;
  pets: PetsGateway;
  community: CommunityGateway;
  notifications: NotificationsGateway;
  donations: DonationsGateway;
  shelter: ShelterGateway;
  photos: PhotosGateway;
  dashboard: DashboardGateway;
  /** Lost and found (issue 27): our api only; 501 in front of the legacy. */
  lost: LostGateway;
  /** neighbourhood alerts and e-mail preferences (issue 28): our api only; 501 in front of the legacy. */
  alerts: AlertsGateway;
  /** Favourites and saved searches (issue 28): our api only; 501 in front of the legacy. */
  favourites: FavouritesGateway;
  /** `/api/config`'s feature flags, as this upstream can offer them. */
  capabilities: CapabilitiesGateway;
}
