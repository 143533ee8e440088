import type { FastifyRequest } from 'fastify';
import {
  optionalPageQueryFields,
  OptionalPageQuerySchema,
  pageWindow,
  StrayReportRequestSchema,
  StraySearchQuerySchema,
  toFieldErrors,
  TOTAL_COUNT_HEADER,
  DEFAULT_ERROR_MESSAGES,
  VALIDATION_SENTENCES,
} from '@pawbridge/shared';
import type { ApiModule } from '../index';
import { createBreedPredictor } from '../../integrations/breed/predictor';
import { createReverseGeocoder } from '../../integrations/geocoding/reverse-geocoder';
import { conditionalGet } from '../../lib/conditional-get';
import { ApiHttpError, bootError } from '../../lib/errors';
import { idempotencyKey } from '../../lib/idempotency';
import { jsonPart, readMultipart, type MultipartBody } from '../../lib/multipart';
import { reportFailure, STRAY_MESSAGES, StraysService } from './strays.service';
import { adminStrayRoutes } from './strays.admin.routes';

/** Tells the BFF this search applies the documented rules (the legacy's Elasticsearch one does not). */
export const SEARCH_RULES_HEADER = 'x-pawbridge-search';

const SearchQuerySchema = StraySearchQuerySchema.extend(optionalPageQueryFields());

/** Keys the legacy DTO allows but ignores; anything else is a client mistake. */
const IGNORED_KEYS = ['id', 'imageUrl', 'status', 'userId'];

/** The `abandoned-pet` part, parsed strictly (minus the legacy's ignored keys). */
function reportPart(body: MultipartBody) {
  const part = jsonPart(body, 'abandoned-pet');
  if (!part.ok && part.reason === 'missing') throw new ApiHttpError(400, reportFailure('제보 내용(abandoned-pet)이 필요합니다.'));
  const raw = part.ok ? part.value : undefined;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw new ApiHttpError(400, reportFailure('제보 내용의 형식이 올바르지 않습니다.'));
  const fields = { ...(raw as Record<string, unknown>) };
  for (const k of IGNORED_KEYS) delete fields[k];
  const parsed = StrayReportRequestSchema.strict().safeParse(fields);
  if (!parsed.success) {
    const fieldErrors = toFieldErrors(parsed.error);
    throw new ApiHttpError(400, reportFailure(Object.values(fieldErrors)[0] ?? DEFAULT_ERROR_MESSAGES.VALIDATION_FAILED, fieldErrors));
  }
  return parsed.data;
}

/** Public stray calls on the legacy paths (legacy-contract §3.2), the member's report and the admin's review. */
export const straysModule: ApiModule = async (app, ctx) => {
  const strays = new StraysService(ctx, app.log, createBreedPredictor(ctx.config.breed), createReverseGeocoder(ctx.config.kakaoLocal));

  // Paged with ?page (from 1) and ?size (default 20, at most 100); without either the whole list as on
  // the legacy wire. The total is in X-Total-Count either way. Both lists answer with an ETag and 304 on
  // If-None-Match: the BFF revalidates instead of reading and re-deriving an unchanged list (decision 0050).
  app.get('/api/abandoned/abandoned-pets', { onSend: conditionalGet }, async (request, reply) => {
    const parsed = OptionalPageQuerySchema.safeParse(request.query);
    if (!parsed.success)
      throw new ApiHttpError(
        400,
        bootError(400, 'Bad Request', '/api/abandoned/abandoned-pets', Object.values(toFieldErrors(parsed.error))[0]),
      );
    const { rows, total } = await strays.listPublic(pageWindow(parsed.data));
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });

  app.get('/api/abandoned/abandoned-pets/search', { onSend: conditionalGet }, async (request, reply) => {
    const parsed = SearchQuerySchema.safeParse(request.query);
    if (!parsed.success)
      throw new ApiHttpError(
        400,
        bootError(400, 'Bad Request', '/api/abandoned/abandoned-pets/search', Object.values(toFieldErrors(parsed.error))[0]),
      );
    const { page, size, ...criteria } = parsed.data;
    const { rows, total } = await strays.search(criteria, pageWindow({ page, size }));
    return reply.header(SEARCH_RULES_HEADER, 'rules-v1').header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });

  // Our addition to the legacy paths: one stray's page (decision 0033). Only a public status is found;
  // an unreviewed report, an unknown id or a malformed one is 404 with an empty body, as the admin's read.
  app.get<{ Params: { id: string } }>('/api/abandoned/abandoned-pets/:id', async (request, reply) => {
    const id = /^[1-9]\d{0,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
    const stray = id > 0 && id <= 2_147_483_647 ? await strays.getPublic(id) : null;
    if (!stray) return reply.code(404).send('');
    return stray;
  });

  // Our addition to the legacy paths: what this upstream can do. The legacy Spring
  // service has no such route; the BFF then assumes its Custom Vision step works.
  app.get('/api/capabilities', async () => strays.capabilities());

  app.post('/api/abandoned/predict', async (request: FastifyRequest) => {
    const fail = (message: string) => ({ message });
    if (!strays.predictionConfigured) throw new ApiHttpError(503, fail(STRAY_MESSAGES.predictorOff));
    const body = await readMultipart(request, { files: ['imageurl'], fail, notMultipart: DEFAULT_ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE });
    const image = body.files.imageurl;
    if (!image) throw new ApiHttpError(400, fail('사진(imageurl)이 필요합니다.'));
    return strays.predict(image);
  });

  app.post('/api/abandoned/register', async (request) => {
    const reporterPk = request.user?.pk;
    if (reporterPk === undefined) throw new ApiHttpError(401, reportFailure(DEFAULT_ERROR_MESSAGES.UNAUTHENTICATED));
    const body = await readMultipart(request, { files: ['imageurl'], json: ['abandoned-pet'], fail: reportFailure });
    const form = reportPart(body);
    const photo = body.files.imageurl;
    if (!photo) {
      const message = VALIDATION_SENTENCES.photoRequired;
      throw new ApiHttpError(400, reportFailure(message, { imageurl: message }));
    }
    const { id } = await strays.report(reporterPk, form, photo, idempotencyKey(request, reportFailure));
    return { success: true, message: STRAY_MESSAGES.reported, id };
  });

  await adminStrayRoutes(app, strays);
};
