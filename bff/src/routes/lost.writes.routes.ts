import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { toFieldErrorKeys } from '@pawbridge/shared';
import {
  LOST_LIMITS,
  LOST_MISSING_PART,
  LOST_PHOTO_FIELDS,
  LOST_SIGHTING_PART,
  LOST_UPDATE_PART,
  LostCloseRequestSchema,
  LostCreatedSchema,
  LostIdParamsSchema,
  LostPostDetailSchema,
  LostPostEditRequestSchema,
  LostUpdateRequestSchema,
  MissingCreateRequestSchema,
  SightingCreateRequestSchema,
} from '@pawbridge/shared/lost.schema';
import { BffError, validationError } from '../errors/bff-error';
import type { LostGateway } from '../upstream/lost.gateway';
import { errorResponses } from '../errors/error-responses';
import { jsonPart, readMultipart, type UploadedImage } from '../plugins/multipart';
import { MEMBER_ONLY, requireUser } from '../plugins/session';
import { AUTHOR_DOC, LIMITS_DOC, PHOTOS_DOC, tags } from './lost.docs';

/** A multipart write: its JSON part checked with the shared schema and its photos in field order, before anything goes upstream. */
async function multipartInput<S extends z.ZodType>(
  request: FastifyRequest,
  part: string,
  schema: S,
): Promise<{ input: z.infer<S>; photos: UploadedImage[] }> {
  const body = await readMultipart(request, LOST_PHOTO_FIELDS, [part], { files: LOST_LIMITS.photosMax });
  await requireUser(request);
  const parsed = schema.safeParse(jsonPart(body, part));
  if (!parsed.success) throw validationError(toFieldErrorKeys(parsed.error));
  const photos = LOST_PHOTO_FIELDS.map((f) => body.files[f]).filter((p): p is UploadedImage => p !== undefined);
  return { input: parsed.data, photos };
}

/**
 * A sighting attached to a report (`missingId`): the report must be an open, visible missing report,
 * checked here with a read so a wrong, closed or hidden one is refused before the photos go upstream.
 * Our api checks again under the report's lock (a report closed in between is refused there).
 */
async function checkAttachable(lost: LostGateway, request: FastifyRequest, missingId: number): Promise<void> {
  const target = await lost.detail(request, missingId); // 404 LOST_POST_NOT_FOUND passes through
  if (target.hidden) throw BffError.because(404, 'NOT_FOUND', 'LOST_POST_NOT_FOUND');
  if (target.kind !== 'MISSING') throw BffError.because(409, 'INVALID_STATE', 'LOST_WRONG_KIND');
  if (target.status !== 'OPEN') throw BffError.because(409, 'INVALID_STATE', 'LOST_POST_CLOSED');
}

const StrayReportedSchema = z.object({ strayReportId: z.number().int().positive() });

/** The authors' writes: missing reports and sightings (multipart with photos), edits, updates, closing, the stray report. */
export function lostWriteRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const lost = app.gateways.lost;

  r.post(
    '/api/lost/missing',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '실종 신고',
        description: `multipart/form-data: JSON 파트 \`${LOST_MISSING_PART}\`(petId를 주면 내 반려견의 이름·품종·크기·성별·몸무게·등록번호·사진을 가져오고 준 값으로 고칩니다. 없으면 name 필수) + ${PHOTOS_DOC} 사진은 반려견 사진 포함 한 장 이상. 위치는 대한민국 안, 날짜·시간은 미래가 아니고 1년 이내. contact: RELAY(사이트로만 연락) 또는 PHONE(phone 필수). ${LIMITS_DOC}`,
        consumes: ['multipart/form-data'],
        response: { 201: LostCreatedSchema, ...errorResponses(400, 401, 404, 409, 413, 415, 429, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      const { input, photos } = await multipartInput(request, LOST_MISSING_PART, MissingCreateRequestSchema);
      return reply.code(201).send(await lost.createMissing(request, input, photos));
    },
  );
  r.post(
    '/api/lost/sightings',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '발견·목격 글',
        description: `multipart/form-data: JSON 파트 \`${LOST_SIGHTING_PART}\`(kind: FOUND 발견(사진 필수)·SEEN 목격, missingId를 주면 그 실종 신고의 타임라인에 붙고 주인에게 알림과 이메일이 갑니다) + ${PHOTOS_DOC} ${LIMITS_DOC}`,
        consumes: ['multipart/form-data'],
        response: { 201: LostCreatedSchema, ...errorResponses(400, 401, 404, 409, 413, 415, 429, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      const { input, photos } = await multipartInput(request, LOST_SIGHTING_PART, SightingCreateRequestSchema);
      if (input.kind === 'FOUND' && photos.length === 0) throw validationError({ [LOST_PHOTO_FIELDS[0]]: 'lostPhotoRequired' });
      if (input.missingId) await checkAttachable(lost, request, input.missingId);
      return reply.code(201).send(await lost.createSighting(request, input, photos));
    },
  );
  r.put(
    '/api/lost/posts/:id',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '실종·목격 글 고치기',
        description: `${AUTHOR_DOC} 준 항목만 바뀌고(null은 지움) 위치는 \`POST …/updates\`로 옮깁니다.`,
        params: LostIdParamsSchema,
        body: LostPostEditRequestSchema,
        response: { 200: LostPostDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.send(await lost.edit(request, request.params.id, request.body));
    },
  );
  r.post(
    '/api/lost/posts/:id/updates',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '새 위치·새 사진·메모 올리기',
        description: `${AUTHOR_DOC} multipart/form-data: JSON 파트 \`${LOST_UPDATE_PART}\`(새 위치는 lat·lng·address·date·time을 함께, 메모 note) + ${PHOTOS_DOC} 하나하나 타임라인에 남습니다.`,
        params: LostIdParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: LostPostDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      const { input, photos } = await multipartInput(request, LOST_UPDATE_PART, LostUpdateRequestSchema);
      return reply.send(await lost.update(request, request.params.id, input, photos));
    },
  );
  r.post(
    '/api/lost/posts/:id/close',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '글 닫기(찾았어요·취소)',
        description: `${AUTHOR_DOC} 실종 신고는 REUNITED(찾았어요, note는 감사 인사) 또는 CANCELLED, 발견·목격 글은 CLOSED(다른 값 409 LOST_WRONG_KIND).`,
        params: LostIdParamsSchema,
        body: LostCloseRequestSchema,
        response: { 200: LostPostDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.send(await lost.close(request, request.params.id, request.body));
    },
  );
  r.post(
    '/api/lost/posts/:id/to-stray-report',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '발견 글을 보호소·관리자에게 제보하기',
        description: `${AUTHOR_DOC} FOUND 글만(409 LOST_WRONG_KIND), 한 번만(409 LOST_ALREADY_REPORTED). 같은 사진·위치·날짜·설명으로 기존 유기견 제보를 만들어 관리자 검토를 기다립니다.`,
        params: LostIdParamsSchema,
        response: { 201: StrayReportedSchema, ...errorResponses(400, 401, 403, 404, 409, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.code(201).send(await lost.toStrayReport(request, request.params.id));
    },
  );
}
