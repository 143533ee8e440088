import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OK_MESSAGES,
  OkSchema,
  PET_LIST_PHOTO_FIELD,
  PET_PHOTO_FIELD,
  PetEditRequestSchema,
  PetIdParamsSchema,
  PetListSchema,
  PetRegisterRequestSchema,
  PetSchema,
  toFieldErrorKeys,
  type FieldErrorCodes,
  PageQuerySchema,
} from '@pawbridge/shared';
import { BffError, validationError } from '../errors/bff-error';
import { errorResponses } from '../errors/error-responses';
import { jsonPart, readMultipart } from '../plugins/multipart';
import { MEMBER_ONLY, requireUser } from '../plugins/session';
import { PAGE_DOC, sendPage } from '../upstream/paging';

const tags = ['pets'];

const OWNER_ONLY_DOC = '로그인한 보호자 본인의 반려견만 다룹니다. 다른 사람의 반려견은 존재하지 않는 것과 같이 404로 답합니다.';
const ID_DOC = '`{petId}`는 반려견의 등록번호입니다(목록의 `id`·`petId`와 같은 값, 보호자별로 유일).';
const PHOTO_RULES_DOC =
  '사진은 5MB 이하(초과 시 413), 파일 내용으로 판별한 이미지(JPEG·PNG·WebP·GIF, 아니면 415)만 받으며 서버에서 메타데이터(EXIF·GPS)를 지우고 다시 저장합니다.';

/** Companion dogs (spec §2, §3, §7 Dogs). One id per dog: the registration number. */
export const petRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pets = app.gateways.pets;

  r.get(
    '/api/pet/profile/pets',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '내 반려견 목록',
        description: `${OWNER_ONLY_DOC} 등록순. ${PAGE_DOC}`,
        querystring: PageQuerySchema,
        response: { 200: PetListSchema, ...errorResponses(400, 401, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return sendPage(reply, await pets.listPage(request, request.query));
    },
  );

  r.post(
    '/api/pet/register',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '반려견 등록',
        description: `multipart/form-data: JSON 파트 \`pet\`(텍스트 필드, \`type=application/json\` 필드, 파일 파트 모두 가능. JSON: name, type, weight, age, size, gender, adopt, petId — 다른 키는 400) + 파일 \`${PET_PHOTO_FIELD}\`(필수). ${PHOTO_RULES_DOC} 같은 보호자가 이미 쓰는 등록번호는 409.`,
        consumes: ['multipart/form-data'],
        response: { 201: PetSchema, ...errorResponses(400, 401, 409, 413, 415, 502, 504) },
      },
    },
    async (request, reply) => {
      const body = await readMultipart(request, [PET_PHOTO_FIELD], ['pet']);
      await requireUser(request);
      let codes: FieldErrorCodes = {};
      let input;
      try {
        const parsed = PetRegisterRequestSchema.safeParse(jsonPart(body, 'pet'));
        if (parsed.success) input = parsed.data;
        else codes = toFieldErrorKeys(parsed.error);
      } catch (err) {
        if (!(err instanceof BffError) || !err.fieldErrorCodes) throw err;
        codes = { ...err.fieldErrorCodes };
      }
      const photo = body.files[PET_PHOTO_FIELD];
      if (!photo) codes[PET_PHOTO_FIELD] = 'petPhotoRequired';
      if (!input || !photo) throw validationError(codes);
      return reply.code(201).send(await pets.register(request, input, photo));
    },
  );

  r.get(
    '/api/pet/:petId',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '반려견 한 마리',
        description: `${ID_DOC} ${OWNER_ONLY_DOC}`,
        params: PetIdParamsSchema,
        response: { 200: PetSchema, ...errorResponses(401, 404, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.header('cache-control', 'no-store').send((await pets.owned(request, request.params.petId)).pet);
    },
  );

  r.put(
    '/api/pet/edit/:petId',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '반려견 정보 수정',
        description: `${ID_DOC} ${OWNER_ONLY_DOC} 등록번호는 바꿀 수 없고, 사진은 \`POST /api/pet/{petId}/profile-image\`로 바꿉니다(본문의 \`profile\`은 무시).`,
        params: PetIdParamsSchema,
        body: PetEditRequestSchema,
        response: { 200: PetSchema, ...errorResponses(400, 401, 404, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.send(await pets.update(request, request.params.petId, request.body, undefined));
    },
  );

  r.post(
    '/api/pet/:petId/profile-image',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '반려견 사진 올리기·바꾸기',
        description: `목록 화면의 사진 변경. multipart/form-data 파일 필드 \`${PET_LIST_PHOTO_FIELD}\` 하나를 경로의 반려견에게 적용합니다. ${ID_DOC} ${OWNER_ONLY_DOC} ${PHOTO_RULES_DOC} 이전 사진 파일은 변경이 끝난 뒤 삭제됩니다.`,
        consumes: ['multipart/form-data'],
        params: PetIdParamsSchema,
        response: { 200: PetSchema, ...errorResponses(400, 401, 404, 413, 415, 502, 504) },
      },
    },
    async (request, reply) => {
      const body = await readMultipart(request, [PET_LIST_PHOTO_FIELD]);
      await requireUser(request);
      const photo = body.files[PET_LIST_PHOTO_FIELD];
      if (!photo) throw validationError({ [PET_LIST_PHOTO_FIELD]: 'petPhotoRequired' });
      return reply.send(await pets.update(request, request.params.petId, undefined, photo));
    },
  );

  r.delete(
    '/api/pet/delete/:petId',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '반려견 삭제',
        description: `${ID_DOC} ${OWNER_ONLY_DOC} 사진 파일도 함께 지웁니다.`,
        params: PetIdParamsSchema,
        response: { 200: OkSchema, ...errorResponses(401, 404, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      await pets.remove(request, request.params.petId);
      return reply.send({ ok: true as const, message: OK_MESSAGES.PET_DELETED });
    },
  );
};
