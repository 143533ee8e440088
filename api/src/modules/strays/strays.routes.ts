import { StraySearchQuerySchema, toFieldErrors } from '@pawbridge/shared';
import type { ApiModule } from '../index';
import { createBreedPredictor, PredictionFailedError } from '../../integrations/breed/predictor';
import { ApiHttpError, bootError } from '../../lib/errors';
import { cleanImage } from '../../lib/images';
import { LIMITS } from '@pawbridge/shared';
import { createReport } from './report.service';
import { listPublic, search, toFormDto } from './strays.repository';
import { adminStrayRoutes } from './admin.routes';

/** Tells the BFF this search applies the documented rules (the legacy's Elasticsearch one does not). */
export const SEARCH_RULES_HEADER = 'x-pawbridge-search';

/** Public stray calls on the legacy paths (legacy-contract §3.2). */
export const straysModule: ApiModule = async (app, ctx) => {
  const predictor = createBreedPredictor(ctx.config.breed);

  app.get('/api/abandoned/abandoned-pets', async () => (await listPublic(ctx.db)).map((r) => toFormDto(r, false)));

  app.get('/api/abandoned/abandoned-pets/search', async (request, reply) => {
    const parsed = StraySearchQuerySchema.safeParse(request.query);
    if (!parsed.success) throw new ApiHttpError(400, bootError(400, 'Bad Request', '/api/abandoned/abandoned-pets/search', Object.values(toFieldErrors(parsed.error))[0]));
    const rows = await search(ctx.db, parsed.data);
    return reply.header(SEARCH_RULES_HEADER, 'rules-v1').send(rows.map((r) => toFormDto(r, false)));
  });

  // Our addition to the legacy paths: what this upstream can do. The legacy Spring
  // service has no such route; the BFF then assumes its Custom Vision step works.
  app.get('/api/capabilities', async () => ({ breedPrediction: predictor ? await predictor.available() : false }));

  app.post('/api/abandoned/predict', async (request) => {
    if (!predictor) throw new ApiHttpError(503, { message: '품종 예측 기능이 설정되어 있지 않습니다.' });
    if (!request.isMultipart()) throw new ApiHttpError(415, { message: '이미지 파일만 업로드할 수 있습니다.' });
    let image: Buffer | undefined;
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.file.truncated || bytes.length > LIMITS.imageMaxBytes) throw new ApiHttpError(413, { message: '파일 크기는 5MB 이하여야 합니다.' });
      if (part.fieldname === 'imageurl' && bytes.length > 0) image = bytes;
    }
    if (!image) throw new ApiHttpError(400, { message: '사진(imageurl)이 필요합니다.' });
    const clean = await cleanImage(image, (message) => ({ message }));
    try {
      const result = await predictor.predict(clean.bytes);
      return { predictedBreed: result.breed, confidence: result.confidence };
    } catch (err) {
      if (!(err instanceof PredictionFailedError)) throw err;
      request.log.warn({ err }, 'breed prediction failed');
      throw new ApiHttpError(503, { message: '품종을 예측하지 못했습니다.' });
    }
  });

  app.post('/api/abandoned/register', async (request) => createReport(ctx, request, predictor, request.log));

  await adminStrayRoutes(app, ctx);
};
