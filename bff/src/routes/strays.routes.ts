import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BreedPredictionSchema,
  OK_MESSAGES,
  StrayListSchema,
  StrayReportRequestSchema,
  StrayReportResultSchema,
  StrayListQuerySchema,
  StraySearchPageQuerySchema,
  StrayIdParamsSchema,
  StraySchema,
  toFieldErrorKeys,
  type FieldErrorCodes,
} from '@pawbridge/shared';
import { BffError, validationError } from '../errors/bff-error';
import { errorResponses } from '../errors/error-responses';
import { jsonPart, readMultipart } from '../plugins/multipart';
import { memberOnlyFor, requireUser } from '../plugins/session';
import { PAGE_DOC, sendPage } from '../upstream/paging';

const tags = ['strays'];
const PHOTO_RULES_DOC = '사진은 5MB 이하(초과 시 413), 파일 내용으로 판별한 이미지(JPEG·PNG·WebP·GIF, 아니면 415).';

/** Visitors' stray calls (spec §7 Strays): the adopt list, its search, breed prediction and the report. */
export const strayRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const strays = app.gateways.strays;

  r.get(
    '/api/abandoned/abandoned-pets',
    {
      schema: {
        tags,
        summary: '입양 목록(보호 중·입양 대기·입양 완료)',
        description: `로그인 없이 볼 수 있습니다. 관리자가 아직 등록하지 않은 제보(LOST)는 보이지 않습니다. \`id\`는 제보 id이며 입양 신청에 그대로 씁니다. 보호 중·입양 대기·입양 완료 순, 그 안에서 최근 발견순. ${PAGE_DOC}`,
        querystring: StrayListQuerySchema,
        response: { 200: StrayListSchema, ...errorResponses(400, 502, 504) },
      },
    },
    async (request, reply) => sendPage(reply, await strays.publicPage(request, request.query)),
  );

  r.get(
    '/api/abandoned/abandoned-pets/search',
    {
      schema: {
        tags,
        summary: '입양 목록 검색',
        description: `모든 조건은 선택이며 함께 주면 모두 만족해야 합니다. foundDate(yyyy-MM-dd): 같은 날. foundTime(HH:mm): 앞뒤 60분 이내. location: 지역·설명·품종에 대소문자 구분 없이 포함. 자세한 규칙은 docs/decisions/0005-stray-search.md. ${PAGE_DOC}`,
        querystring: StraySearchPageQuerySchema,
        response: { 200: StrayListSchema, ...errorResponses(400, 502, 504) },
      },
    },
    async (request, reply) => {
      const { page, size, ...criteria } = request.query;
      return sendPage(reply, await strays.search(request, criteria, { page, size }));
    },
  );

  r.get(
    '/api/abandoned/abandoned-pets/:petId',
    {
      schema: {
        tags,
        summary: '유기견 한 마리(동물 페이지)',
        description:
          '로그인 없이 볼 수 있습니다. 입양 목록에 있는 유기견(보호 중·입양 대기·입양 완료)만 찾습니다: 관리자가 아직 등록하지 않은 제보나 없는 id는 404 STRAY_NOT_LISTED. 발견 장소는 place(말로 쓴 장소)로만 알려 주며 정확한 위도·경도는 null입니다.',
        params: StrayIdParamsSchema,
        response: { 200: StraySchema, ...errorResponses(400, 404, 502, 504) },
      },
    },
    async (request) => strays.detail(request, request.params.petId),
  );

  r.post(
    '/api/abandoned/predict',
    {
      schema: {
        tags,
        summary: 'AI 품종 예측',
        description: `multipart/form-data 파일 \`imageurl\`. ${PHOTO_RULES_DOC} predictedBreed가 null이면 모델이 확신하지 못한 것입니다. 예측기를 쓸 수 없거나 실패하면 503 PREDICTION_UNAVAILABLE(직접 입력 안내).`,
        response: { 200: BreedPredictionSchema, ...errorResponses(400, 413, 415, 503) },
      },
    },
    async (request) => {
      const { files } = await readMultipart(request, ['imageurl']);
      if (!files.imageurl) throw validationError({ imageurl: 'photoRequired' });
      return strays.predict(request, files.imageurl);
    },
  );

  r.post(
    '/api/abandoned/register',
    {
      config: memberOnlyFor('REPORT_LOGIN_REQUIRED'),
      schema: {
        tags,
        summary: '유기견 제보',
        description: `로그인 필요(아니면 401). multipart/form-data: JSON 파트 \`abandoned-pet\`(텍스트 필드, \`type=application/json\` 필드, 파일 파트 모두 가능. JSON: latitude, longitude, gender?, description, location(11개 지역), type?, foundDate, foundTime) + 파일 \`imageurl\`(필수). ${PHOTO_RULES_DOC} 품종을 비워 두면 서버가 사진으로 예측하며, 예측 실패는 제보를 막지 않습니다. 201 StrayReportResult.`,
        response: { 201: StrayReportResultSchema, ...errorResponses(400, 401, 413, 415, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request, 'REPORT_LOGIN_REQUIRED');
      const body = await readMultipart(request, ['imageurl'], ['abandoned-pet']);
      let json: unknown;
      let codes: FieldErrorCodes = {};
      try {
        json = jsonPart(body, 'abandoned-pet');
      } catch (err) {
        if (!(err instanceof BffError) || !err.fieldErrorCodes) throw err;
        codes = { ...err.fieldErrorCodes };
      }
      const parsed = StrayReportRequestSchema.safeParse(json);
      if (json !== undefined && !parsed.success) codes = toFieldErrorKeys(parsed.error);
      const photo = body.files.imageurl;
      if (!photo) codes.imageurl = 'photoRequired';
      if (!parsed.success || !photo) throw validationError(codes);
      const id = await strays.report(request, parsed.data, photo);
      return reply.code(201).send({ ok: true, message: OK_MESSAGES.STRAY_REPORTED, id });
    },
  );
};
