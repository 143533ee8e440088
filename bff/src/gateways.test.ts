import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { loadBffConfig } from './config/env';
import { chooseUpstream } from './gateways';
import { socketIoV2, socketIoV4 } from './realtime/dashboard-bridge';
import { apiStompRoutes, legacyStompRoutes } from './realtime/stomp-destinations';
import { ApiAdoptionGateway } from './upstream/api/adoption';
import { ApiPetsGateway } from './upstream/api/pets';
import { UpstreamClient } from './upstream/client';
import { LegacyAdoptionGateway } from './upstream/legacy/adoption';
import { LegacyPetsGateway } from './upstream/legacy/pets';

// docs/decisions/0026: UPSTREAM_KIND is read once, here; everything after sees only the chosen implementations.
const seam = (kind: 'api' | 'legacy', env: Record<string, string> = {}) =>
  chooseUpstream(
    new UpstreamClient('http://127.0.0.1:9', 1000),
    loadBffConfig({ NODE_ENV: 'test', UPSTREAM_KIND: kind, ...env }),
    pino({ level: 'silent' }),
  );

describe('the composition root', () => {
  it('gives our api the gateways without compensations and its realtime strategies', () => {
    const { gateways, realtime } = seam('api');
    expect(gateways.adoption).toBeInstanceOf(ApiAdoptionGateway);
    expect(gateways.pets).toBeInstanceOf(ApiPetsGateway);
    expect(realtime).toEqual({ stompRoutes: apiStompRoutes, connectDashboard: socketIoV4 });
  });

  it('gives the legacy the compensating gateways and its realtime strategies', () => {
    const { gateways, realtime } = seam('legacy');
    expect(gateways.adoption).toBeInstanceOf(LegacyAdoptionGateway);
    expect(gateways.pets).toBeInstanceOf(LegacyPetsGateway);
    expect(realtime).toEqual({ stompRoutes: legacyStompRoutes, connectDashboard: socketIoV2 });
  });

  it('offers donations in front of the legacy only with a PortOne merchant code (it has no test gateway); our api always', async () => {
    expect(await seam('legacy').gateways.capabilities.donations()).toBe(false);
    expect(await seam('legacy', { PORTONE_MERCHANT_CODE: 'imp12345678' }).gateways.capabilities.donations()).toBe(true);
    expect(await seam('api').gateways.capabilities.donations()).toBe(true);
  });

  it("takes /api/config's flags from the chosen implementation, the operator's settings first", async () => {
    expect(await seam('legacy').gateways.capabilities.canPredict()).toBe(true);
    expect(await seam('legacy').gateways.capabilities.socialProviders()).toEqual([]);
    // Nothing listens upstream: our api cannot be asked, so it offers nothing.
    expect(await seam('api').gateways.capabilities.canPredict()).toBe(false);
    const operator = seam('legacy', { BREED_PREDICTION_ENABLED: 'false', SOCIAL_PROVIDERS: 'kakao' }).gateways.capabilities;
    expect(await operator.canPredict()).toBe(false);
    expect(await operator.socialProviders()).toEqual(['kakao']);
  });
});
