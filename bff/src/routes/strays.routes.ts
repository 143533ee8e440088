import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BreedPredictionSchema,
  ErrorEnvelopeSchema,
  StrayListSchema,
  StrayReportRequestSchema,
  StrayReportResultSchema,
  StraySearchQuerySchema,
  toFieldErrors,
  VALIDATION_MESSAGES,
  type Stray,
} from '@pawbridge/shared';
import { BffError, validationError } from '../errors/bff-error';
import { jsonPart, readMultipart } from '../plugins/multipart';
import { requireUser } from '../plugins/session';
import { isOk, toBffError, upstreamMessage, type UpstreamClient, type UpstreamResponse } from '../upstream/client';
import { straysUpstream } from '../upstream/strays.upstream';
import { publicStrayPhotos } from '../upstream/public-photos';
import { matchesSearch, normaliseStrayList, PUBLIC_STATUSES } from '../normalisers/stray.normaliser';
import { inAdoptListOrder } from '../normalisers/adoption.normaliser';

const envelope = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorEnvelopeSchema]));
const tags = ['strays'];
const photoRequired = VALIDATION_MESSAGES.photoRequired ?? '';
export const REPORT_LOGIN_MESSAGE = '유기견을 제보하려면 로그인이 필요합니다.';
const REPORT_PREDICTOR_DOWN = '품종 예측 서비스가 응답하지 않아 서버가 제보를 받지 않았습니다. 잠시 후 다시 시도해 주세요.';
const PHOTO_RULES = '사진은 5MB 이하(초과 시 413), 파일 내용으로 판별한 이미지(JPEG·PNG·WebP·GIF, 아니면 415).';

/**
 * A public endpoint never answers 401: the legacy hides an internal error
 * behind its redirect to the login page when the caller is anonymous (and
 * shows members the 500), so for a public read any failure is the upstream's.
 */
export function publicFailure(res: UpstreamResponse): BffError {
  return toBffError(res, { 401: new BffError(502, 'UPSTREAM_UNAVAILABLE'), 403: new BffError(502, 'UPSTREAM_UNAVAILABLE') });
}

/** The adopt list as a visitor sees it: PROTECTING, WAITING and ADOPT (never unreviewed LOST reports). */
export async function publicStrays(client: UpstreamClient, request: FastifyRequest): Promise<Stray[]> {
  const res = await straysUpstream(client).list(request);
  if (!isOk(res)) throw publicFailure(res);
  const strays = inAdoptListOrder(normaliseStrayList(res.json).filter((s) => PUBLIC_STATUSES.includes(s.status)));
  // The photos a visitor will ask for next (the legacy serves them only through the BFF's service session).
  publicStrayPhotos(client).remember(strays);
  return strays;
}

/**
 * The legacy answers a failed report with 500 `{success:false, message}`, and
 * its breed predictor is part of every report: when Azure Custom Vision is down
 * no report can be filed. That is the server's own refusal, not "cannot reach
 * the server": 502 REPORT_FAILED carries the server's message so the screen can
 * say "registration failed: {message}" as the spec asks.
 */
function reportFailure(res: UpstreamResponse): BffError | undefined {
  if (res.status < 500 || res.loginRedirect) return undefined;
  const j = res.json as { success?: unknown } | undefined;
  const message = upstreamMessage(res);
  if (j?.success !== false || !message) return undefined;
  // "등록 중 오류가 발생했습니다: <exception text>": the sentence is for people, the exception text is not.
  const [sentence = '', ...detail] = message.split(/:\s+/);
  if (/custom\s*vision|predict/i.test(detail.join(' '))) return new BffError(502, 'REPORT_FAILED', REPORT_PREDICTOR_DOWN);
  return new BffError(502, 'REPORT_FAILED', /[가-힣]/.test(sentence) ? `${sentence.trim().replace(/[.!]?$/, '.')}` : undefined);
}

/** Visitors' stray calls (spec §7 Strays): the adopt list, its search, breed prediction and the report. */
export const strayRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const strays = straysUpstream(app.upstream);

  r.get(
    '/api/abandoned/abandoned-pets',
    {
      schema: {
        tags,
        summary: '입양 목록(보호 중·입양 대기·입양 완료)',
        description: '로그인 없이 볼 수 있습니다. 관리자가 아직 등록하지 않은 제보(LOST)는 보이지 않습니다. `id`는 제보 id이며 입양 신청에 그대로 씁니다.',
        response: { 200: StrayListSchema, ...envelope(502, 504) },
      },
    },
    async (request) => publicStrays(app.upstream, request),
  );

  r.get(
    '/api/abandoned/abandoned-pets/search',
    {
      schema: {
        tags,
        summary: '입양 목록 검색',
        description:
          '모든 조건은 선택이며 함께 주면 모두 만족해야 합니다. foundDate(yyyy-MM-dd): 같은 날. foundTime(HH:mm): 앞뒤 60분 이내. location: 지역·설명·품종에 대소문자 구분 없이 포함. 자세한 규칙은 docs/decisions/0005-stray-search.md.',
        querystring: StraySearchQuerySchema,
        response: { 200: StrayListSchema, ...envelope(400, 502, 504) },
      },
    },
    async (request) => {
      const q = request.query;
      // The legacy search (Elasticsearch) never matches a date or time and answers with other ids: apply the rules to the list instead, without asking it.
      if (app.config.upstreamKind === 'legacy') return (await publicStrays(app.upstream, request)).filter((s) => matchesSearch(s, q));
      const res = await strays.search(request, q);
      if (!isOk(res)) throw publicFailure(res);
      if (strays.searchFollowsRules(res)) return inAdoptListOrder(normaliseStrayList(res.json).filter((s) => PUBLIC_STATUSES.includes(s.status)));
      // An api that does not announce the documented rules: apply them to the list.
      return (await publicStrays(app.upstream, request)).filter((s) => matchesSearch(s, q));
    },
  );

  r.post(
    '/api/abandoned/predict',
    {
      schema: {
        tags,
        summary: 'AI 품종 예측',
        description: `multipart/form-data 파일 \`imageurl\`. ${PHOTO_RULES} predictedBreed가 null이면 모델이 확신하지 못한 것입니다. 예측기를 쓸 수 없거나 실패하면 503 PREDICTION_UNAVAILABLE(직접 입력 안내).`,
        response: { 200: BreedPredictionSchema, ...envelope(400, 413, 415, 503) },
      },
    },
    async (request) => {
      const { files } = await readMultipart(request, ['imageurl']);
      const image = files.imageurl;
      if (!image) throw validationError({ imageurl: photoRequired });
      const res = await strays.predict(request, image);
      if (res.status === 413 || res.status === 415) throw toBffError(res);
      if (!isOk(res) || !res.json || typeof res.json !== 'object') throw new BffError(503, 'PREDICTION_UNAVAILABLE');
      const j = res.json as Record<string, unknown>;
      const breed = typeof j.predictedBreed === 'string' && j.predictedBreed.trim() ? j.predictedBreed.trim() : null;
      const confidence = typeof j.confidence === 'number' && j.confidence >= 0 && j.confidence <= 1 ? j.confidence : null;
      return { predictedBreed: breed, confidence };
    },
  );

  r.post(
    '/api/abandoned/register',
    {
      schema: {
        tags,
        summary: '유기견 제보',
        description: `로그인 필요(아니면 401). multipart/form-data: JSON 파트 \`abandoned-pet\`(텍스트 필드, \`type=application/json\` 필드, 파일 파트 모두 가능. JSON: latitude, longitude, gender?, description, location(11개 지역), type?, foundDate, foundTime) + 파일 \`imageurl\`(필수). ${PHOTO_RULES} 품종을 비워 두면 서버가 사진으로 예측하며, 예측 실패는 제보를 막지 않습니다. 201 StrayReportResult.`,
        response: { 201: StrayReportResultSchema, ...envelope(400, 401, 413, 415, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request, REPORT_LOGIN_MESSAGE);
      const body = await readMultipart(request, ['imageurl'], ['abandoned-pet']);
      const files = body.files;
      let json: unknown;
      let fieldErrors: Record<string, string> = {};
      try {
        json = jsonPart(body, 'abandoned-pet');
      } catch (err) {
        if (!(err instanceof BffError) || !err.fieldErrors) throw err;
        fieldErrors = { ...err.fieldErrors };
      }
      const parsed = StrayReportRequestSchema.safeParse(json);
      if (json !== undefined && !parsed.success) fieldErrors = toFieldErrors(parsed.error);
      if (!files.imageurl) fieldErrors.imageurl = photoRequired;
      if (!parsed.success || !files.imageurl) throw validationError(fieldErrors);
      const res = await strays.register(request, parsed.data, files.imageurl);
      const j = (res.json ?? {}) as Record<string, unknown>;
      if (!isOk(res) || j.success === false) {
        if (res.status === 400 && j.fieldErrors && typeof j.fieldErrors === 'object') throw validationError(j.fieldErrors as Record<string, string>, upstreamMessage(res));
        const failed = reportFailure(res);
        if (failed) throw failed;
        throw toBffError(res, { 401: new BffError(401, 'UNAUTHENTICATED', REPORT_LOGIN_MESSAGE) });
      }
      const id = typeof j.id === 'number' && Number.isSafeInteger(j.id) && j.id > 0 ? j.id : null;
      return reply.code(201).send({ ok: true, message: '유기견 제보가 접수되었습니다. 관리자가 확인한 뒤 입양 목록에 올라갑니다.', id });
    },
  );
};
