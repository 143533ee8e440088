import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '@pawbridge/shared';

/** What the browser may know about this deployment (which map, which social logins, ...); the server render embeds it too. */
export function publicConfigOf(app: FastifyInstance): () => Promise<PublicConfig> {
  const c = app.config;
  const fixed: Omit<
    PublicConfig,
    'breedPrediction' | 'socialProviders' | 'donations' | 'lostAndFound' | 'favourites' | 'nicknames' | 'strayNames'
  > = {
    map: c.kakaoMapKey
      ? { provider: 'kakao', appKey: c.kakaoMapKey }
      : { provider: 'leaflet', tileUrl: c.mapTileUrl, attribution: '&copy; OpenStreetMap contributors' },
    kakaoShareKey: c.kakaoShareKey ?? null,
    kakaoShareSdk: c.kakaoShareKey ? c.kakaoShareSdk : null,
    payments: c.portoneMerchantCode ? { mode: 'portone', merchantCode: c.portoneMerchantCode } : { mode: 'test', merchantCode: null },
  };

  const { capabilities, lost, favourites } = app.gateways;
  return async () => ({
    ...fixed,
    socialProviders: await capabilities.socialProviders(),
    breedPrediction: await capabilities.canPredict(),
    donations: await capabilities.donations(),
    lostAndFound: lost.available,
    favourites: favourites.available,
    nicknames: await capabilities.nicknames(),
    strayNames: await capabilities.strayNames(),
  });
}
