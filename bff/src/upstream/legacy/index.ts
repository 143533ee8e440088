import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { BffConfig } from '../../config/env';
import { withOperatorSettings } from '../capabilities.gateway';
import type { UpstreamClient } from '../client';
import { DashboardGateway } from '../dashboard.gateway';
import type { Gateways } from '../gateways';
import { LegacyAccountsGateway } from './accounts';
import { LegacyAdminGateway } from './admin';
import { LegacyAdoptionGateway } from './adoption';
import { LegacyCapabilitiesGateway } from './capabilities';
import { LegacyCommunityGateway } from './community';
import { LegacyDonationsGateway } from './donations';
import { memoryPaymentClaims, redisPaymentClaims } from './payment-claims';
import { LegacyNotificationsGateway } from './notifications';
import { LegacyPetsGateway } from './pets';
import { LegacyPhotosGateway } from './photos';
import { LegacyShelterGateway } from './shelter';
import { LegacyStraysGateway } from './strays';
import { LegacyLostGateway } from './lost';
import { LegacyAlertsGateway } from './alerts';
import { LegacyFavouritesGateway } from './favourites';

/** Every gateway in front of the legacy Spring service, with its compensations (docs/decisions/0008, 0026). */
export function legacyGateways(
  client: UpstreamClient,
  config: Pick<BffConfig, 'breedPredictionEnabled' | 'socialProviders' | 'legacyServiceAccount' | 'portoneMerchantCode' | 'rateLimits'>,
  log: FastifyBaseLogger,
  redis: Redis | null = null,
): Gateways {
  // The instance's Redis namespace (RATE_LIMIT_PREFIX) also holds the payments it has recorded.
  const claims = redis ? redisPaymentClaims(redis, `${config.rateLimits.prefix}payment-claims:`) : memoryPaymentClaims();
  const strays = new LegacyStraysGateway(client);
  return {
    accounts: new LegacyAccountsGateway(client),
    adoption: new LegacyAdoptionGateway(client, strays),
    admin: new LegacyAdminGateway(client),
    strays,
    pets: new LegacyPetsGateway(client, log),
    community: new LegacyCommunityGateway(client),
    notifications: new LegacyNotificationsGateway(client),
    donations: new LegacyDonationsGateway(client, { merchantCode: config.portoneMerchantCode, claims }),
    shelter: new LegacyShelterGateway(),
    photos: new LegacyPhotosGateway(client, config.legacyServiceAccount, log),
    dashboard: new DashboardGateway(client),
    lost: new LegacyLostGateway(),
    alerts: new LegacyAlertsGateway(),
    favourites: new LegacyFavouritesGateway(),
    capabilities: withOperatorSettings(config, new LegacyCapabilitiesGateway(Boolean(config.portoneMerchantCode))),
  };
}
