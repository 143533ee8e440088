import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '@pawbridge/shared';

/** `/api/config`'s answer: the fixed settings and the upstream's capabilities (the route and the server render both read it). */
export function publicConfigOf(app: FastifyInstance): () => Promise<PublicConfig> {
  const c = app.config;
  const fixed: Omit<PublicConfig, 'breedPrediction' | 'socialProviders' | 'donations' | 'lostAndFound' | 'nicknames' | 'strayNames'> = {
    map: c.kakaoMapKey
      ? { provider: 'kakao', appKey: c.kakaoMapKey }
      : { provider: 'leaflet', tileUrl: c.mapTileUrl, attribution: '&copy; OpenStreetMap contributors' },
    payments: c.portoneMerchantCode ? { mode: 'portone', merchantCode: c.portoneMerchantCode } : { mode: 'test', merchantCode: null },
  };

  const { capabilities, lost } = app.gateways;
  return async () => ({
    ...fixed,
    socialProviders: await capabilities.socialProviders(),
    breedPrediction: await capabilities.canPredict(),
    donations: await capabilities.donations(),
    lostAndFound: lost.available,
    nicknames: await capabilities.nicknames(),
    strayNames: await capabilities.strayNames(),
  });
}
