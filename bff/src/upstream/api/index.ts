import type { BffConfig } from '../../config/env';
import { withOperatorSettings } from '../capabilities.gateway';
import type { UpstreamClient } from '../client';
import { DashboardGateway } from '../dashboard.gateway';
import type { Gateways } from '../gateways';
import { ApiAccountsGateway } from './accounts';
import { ApiAdminGateway } from './admin';
import { ApiAdoptionGateway } from './adoption';
import { ApiCapabilitiesGateway } from './capabilities';
import { ApiCommunityGateway } from './community';
import { ApiDonationsGateway } from './donations';
import { ApiNotificationsGateway } from './notifications';
import { ApiPetsGateway } from './pets';
import { ApiPhotosGateway } from './photos';
import { ApiShelterGateway } from './shelter';
import { ApiStraysGateway } from './strays';
import { ApiLostGateway } from './lost';
import { ApiAlertsGateway } from './alerts';
import { ApiFavouritesGateway } from './favourites';

/** Every gateway in front of our api (docs/decisions/0026). */
export function apiGateways(client: UpstreamClient, config: Pick<BffConfig, 'breedPredictionEnabled' | 'socialProviders'>): Gateways {
  return {
    accounts: new ApiAccountsGateway(client),
    adoption: new ApiAdoptionGateway(client),
    admin: new ApiAdminGateway(client),
    strays: new ApiStraysGateway(client),
    pets: new ApiPetsGateway(client),
    community: new ApiCommunityGateway(client),
    notifications: new ApiNotificationsGateway(client),
    donations: new ApiDonationsGateway(client),
    shelter: new ApiShelterGateway(client),
    photos: new ApiPhotosGateway(client),
    dashboard: new DashboardGateway(client),
    lost: new ApiLostGateway(client),
    alerts: new ApiAlertsGateway(client),
    favourites: new ApiFavouritesGateway(client),
    capabilities: withOperatorSettings(config, new ApiCapabilitiesGateway(client)),
  };
}
