import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PublicConfigSchema, type PublicConfig } from '@pawbridge/shared';
import { oauthUpstream } from '../upstream/oauth.upstream';

/** What our api announces at GET /api/capabilities (the legacy Spring service has no such route). */
const CapabilitiesSchema = z.object({ breedPrediction: z.boolean() });

/** How long one upstream announcement is trusted (the browser caches /api/config as long). */
const CAPABILITIES_TTL_MS = 60_000;

/** What the browser may know about this deployment (which map, which social logins, ...). */
export const configRoutes: FastifyPluginAsync = async (app) => {
  const c = app.config;
  const social = oauthUpstream(app);
  const fixed: Omit<PublicConfig, 'breedPrediction' | 'socialProviders'> = {
    map: c.kakaoMapKey
      ? { provider: 'kakao', appKey: c.kakaoMapKey }
      : { provider: 'leaflet', tileUrl: c.mapTileUrl, attribution: '&copy; OpenStreetMap contributors' },
    payments: c.portoneMerchantCode ? { mode: 'portone', merchantCode: c.portoneMerchantCode } : { mode: 'test', merchantCode: null },
  };

  let announced: { canPredict: boolean; at: number } | null = null;

  /**
   * Offer the AI breed step only when the upstream can really predict.
   * BREED_PREDICTION_ENABLED, when set, is the operator's word and wins. The legacy
   * service's predict step is its Custom Vision (always configured there). Our api
   * announces it; an upstream without the announcement is taken for the legacy.
   * An upstream that is down or failing can predict nothing: off, asked again next time.
   */
  const canPredict = async (): Promise<boolean> => {
    if (c.breedPredictionEnabled !== undefined) return c.breedPredictionEnabled;
    if (c.upstreamKind === 'legacy') return true;
    if (announced && Date.now() - announced.at < CAPABILITIES_TTL_MS) return announced.canPredict;
    let res;
    try {
      res = await app.upstream.request('GET', '/api/capabilities');
    } catch {
      return false;
    }
    if (res.status >= 500) return false;
    const parsed = res.status === 200 ? CapabilitiesSchema.safeParse(res.json) : null;
    announced = { canPredict: parsed?.success ? parsed.data.breedPrediction : true, at: Date.now() };
    return announced.canPredict;
  };

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/config',
    { schema: { tags: ['config'], summary: '공개 설정', response: { 200: PublicConfigSchema } } },
    async (_req, reply) => reply.header('Cache-Control', 'public, max-age=60').send({ ...fixed, socialProviders: await social.configuredProviders(), breedPrediction: await canPredict() }),
  );
};
