import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { BffConfig } from './config/env';
import { socketIoV2, socketIoV4, type DashboardConnector } from './realtime/dashboard-bridge';
import { apiStompRoutes, legacyStompRoutes, type StompRoutes } from './realtime/stomp-destinations';
import { apiGateways } from './upstream/api/index';
import type { UpstreamClient } from './upstream/client';
import type { Gateways } from './upstream/gateways';
import { legacyGateways } from './upstream/legacy/index';

/** How the realtime bridges reach this upstream. */
export interface RealtimeUpstream {
  /** Which upstream STOMP subscriptions feed each browser destination. */
  stompRoutes: StompRoutes;
  /** How the admins' dashboard socket connects upstream. */
  connectDashboard: DashboardConnector;
}

export interface UpstreamSeam {
  gateways: Gateways;
  realtime: RealtimeUpstream;
}

/**
 * The composition root (docs/decisions/0026): the one place that reads
 * UPSTREAM_KIND. Our api gets the gateways that go straight to its calls; the
 * legacy Spring service gets the ones carrying its compensations. Nothing
 * else in the BFF knows which upstream it talks to.
 */
export function chooseUpstream(
  client: UpstreamClient,
  config: Pick<
    BffConfig,
    'upstreamKind' | 'breedPredictionEnabled' | 'socialProviders' | 'legacyServiceAccount' | 'portoneMerchantCode' | 'rateLimits'
  >,
  log: FastifyBaseLogger,
  redis: Redis | null = null,
): UpstreamSeam {
  if (config.upstreamKind === 'legacy')
    return {
      gateways: legacyGateways(client, config, log, redis),
      realtime: { stompRoutes: legacyStompRoutes, connectDashboard: socketIoV2 },
    };
  return { gateways: apiGateways(client, config), realtime: { stompRoutes: apiStompRoutes, connectDashboard: socketIoV4 } };
}
