import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema, toFieldErrorKeys } from '@pawbridge/shared';
import {
  LOST_LIMITS,
  LOST_MISSING_PART,
  LOST_PHOTO_FIELDS,
  LOST_SIGHTING_PART,
  LOST_UPDATE_PART,
  LostCloseRequestSchema,
  LostContactListSchema,
  LostContactRequestSchema,
  LostCreatedSchema,
  LostFlagListSchema,
  LostFlagRequestSchema,
  LostFlagsQuerySchema,
  LostHideRequestSchema,
  LostIdParamsSchema,
  LostListQuerySchema,
  LostMapAnswerSchema,
  LostMapQuerySchema,
  LostPostDetailSchema,
  LostPostEditRequestSchema,
  LostPostListSchema,
  LostReplyRequestSchema,
  LostStatsSchema,
  LostUpdateRequestSchema,
  MissingCreateRequestSchema,
  SightingCreateRequestSchema,
} from '@pawbridge/shared/lost.schema';
import { validationError } from '../errors/bff-error';
import { errorResponses } from '../errors/error-responses';
import { jsonPart, readMultipart, type UploadedImage } from '../plugins/multipart';
import { ADMIN_ONLY, MEMBER_ONLY, requireAdmin, requireUser } from '../plugins/session';
import { PAGE_DOC, sendPage } from '../upstream/paging';

const tags = ['lost'];
const LEGACY_DOC =
  '레거시 Spring 서버 앞에서는 501 UPSTREAM_UNSUPPORTED(LOST_UNSUPPORTED)이며 `/api/config`의 `lostAndFound`가 false입니다.';
const PRIVACY_DOC =
  '공개 위치(`position`)는 글마다 다른 원점의 약 300m 격자에 맞춘 값으로 매번 같습니다. 정확한 위치(`exactPosition`)와 등록번호는 글쓴이와 관리자에게만 보입니다. 전화번호는 글쓴이가 공개를 고른 경우에만(`contact: PHONE`) 보입니다.';
const PHOTOS_DOC = `사진은 파일 필드 ${LOST_PHOTO_FIELDS.map((f) => `\`${f}\``).join('·')}(글 하나에 최대 ${LOST_LIMITS.photosMax}장, 각 5MB 이하, 파일 내용으로 판별한 이미지, 서버에서 메타데이터를 지우고 WebP로 저장).`;
const LIMITS_DOC = `진행 중인 실종 신고는 회원당 ${LOST_LIMITS.openMissingPerMember}건(409 LOST_OPEN_LIMIT), 글은 하루 ${LOST_LIMITS.postsPerMemberPerDay}건(429 LOST_DAILY_LIMIT).`;
const AUTHOR_DOC = '글쓴이만 할 수 있습니다(다른 회원 403 LOST_AUTHOR_ONLY, 닫힌 글 409 LOST_POST_CLOSED).';

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

const ContactParamsSchema = LostIdParamsSchema;
const StrayReportedSchema = z.object({ strayReportId: z.number().int().positive() });

/** The lost-and-found board (issue 27, docs/decisions/0037): 실종 (missing) reports and 발견·목격 (sighting) posts. */
export const lostRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const lost = app.gateways.lost;

  r.get(
    '/api/lost/posts',
    {
      schema: {
        tags,
        summary: '실종·목격 게시판 목록',
        description: `누구나 볼 수 있습니다. 최신 글부터. 필터: kind(MISSING·FOUND·SEEN·SIGHTING, 쉼표로 여러 개), status, sido, sigungu, from·to(yyyy-MM-dd, 본 날짜), breed, dogSize, gender, colour(단어마다 색깔·특징에 포함). 숨긴 글은 나오지 않습니다. ${PAGE_DOC} ${PRIVACY_DOC} ${LEGACY_DOC}`,
        querystring: LostListQuerySchema,
        response: { 200: LostPostListSchema, ...errorResponses(400, 501, 502, 504) },
      },
    },
    async (request, reply) => sendPage(reply, await lost.board(request, request.query)),
  );

  r.get(
    '/api/lost/map',
    {
      schema: {
        tags,
        summary: '실종·목격 지도(서버에서 묶은 핀)',
        description: `누구나 볼 수 있습니다. 화면 범위(south·west·north·east)와 zoom(0–20), 목록과 같은 필터. 공개 위치만으로 zoom마다 격자 칸에 묶어 답합니다(한 건이면 id·kind 포함, 최대 ${LOST_LIMITS.mapClustersMax}개, total은 범위 안 전체 글 수). ${LEGACY_DOC}`,
        querystring: LostMapQuerySchema,
        response: { 200: LostMapAnswerSchema, ...errorResponses(400, 501, 502, 504) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await lost.map(request, request.query)),
  );

  r.get(
    '/api/lost/stats',
    {
      schema: {
        tags,
        summary: '실종·목격 숫자(홈·관리자 대시보드)',
        description: `이번 달(한국 시간) 찾았어요로 닫힌 실종 신고 수, 진행 중인 실종 신고 수, 처리 안 된 신고(flag) 수(관리자만, 다른 사람에게는 null). ${LEGACY_DOC}`,
        response: { 200: LostStatsSchema, ...errorResponses(501, 502, 504) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await lost.stats(request)),
  );

  r.get(
    '/api/lost/posts/:id',
    {
      schema: {
        tags,
        summary: '실종·목격 글 한 건',
        description: `누구나 볼 수 있습니다(숨긴 글은 관리자만, 아니면 404). 사진, 타임라인(위치 이동·사진 추가·연결된 목격·상태 변경), 연결된 목격 글. ${PRIVACY_DOC} ${LEGACY_DOC}`,
        params: LostIdParamsSchema,
        response: { 200: LostPostDetailSchema, ...errorResponses(400, 404, 501, 502, 504) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await lost.detail(request, request.params.id)),
  );

  r.get(
    '/api/lost/my-posts',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '내 실종·목격 글',
        description: `로그인한 회원 본인의 글(숨겨진 글 포함), 최신 글부터. ${PAGE_DOC}`,
        querystring: PageQuerySchema,
        response: { 200: LostPostListSchema, ...errorResponses(400, 401, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return sendPage(reply, await lost.mine(request, request.query));
    },
  );

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

  r.post(
    '/api/lost/posts/:id/contact',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '글쓴이에게 연락하기(중계)',
        description:
          '회원만. 메시지는 글쓴이의 알림(종)과 이메일로 전달되고 누구의 전화번호나 이메일도 오가지 않습니다. 글쓴이가 답장하며 전화번호를 알려 줄 수 있습니다. 내 글(400 LOST_OWN_POST)·닫힌 글(409)에는 보낼 수 없습니다. 강아지를 보기 전에 돈을 보내지 말라는 안내를 화면에 함께 보여 주세요.',
        params: LostIdParamsSchema,
        body: LostContactRequestSchema,
        response: { 201: LostCreatedSchema, ...errorResponses(400, 401, 404, 409, 429, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.code(201).send(await lost.contact(request, request.params.id, request.body));
    },
  );

  r.post(
    '/api/lost/contacts/:id/reply',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '받은 연락에 답장하기',
        description:
          '연락을 받은 글쓴이만(아니면 404 LOST_CONTACT_NOT_FOUND). phone을 주면 그 회원에게만 보입니다. 상대에게 알림과 이메일이 갑니다.',
        params: ContactParamsSchema,
        body: LostReplyRequestSchema,
        response: { 201: LostCreatedSchema, ...errorResponses(400, 401, 404, 429, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.code(201).send(await lost.reply(request, request.params.id, request.body));
    },
  );

  r.get(
    '/api/lost/contacts',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '내 연락함(보낸·받은 중계 메시지)',
        description: `최신 것부터. ${PAGE_DOC}`,
        querystring: PageQuerySchema,
        response: { 200: LostContactListSchema, ...errorResponses(400, 401, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return sendPage(reply, await lost.contacts(request, request.query));
    },
  );

  r.post(
    '/api/lost/posts/:id/flags',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '글 신고하기',
        description:
          'reason: SCAM(사기)·WRONG(잘못된 정보)·ABUSIVE(욕설·괴롭힘). 회원당 글 하나에 한 번(409 LOST_ALREADY_FLAGGED), 내 글은 안 됩니다.',
        params: LostIdParamsSchema,
        body: LostFlagRequestSchema,
        response: { 201: LostCreatedSchema, ...errorResponses(400, 401, 404, 409, 429, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.code(201).send(await lost.flag(request, request.params.id, request.body));
    },
  );

  r.get(
    '/api/admin/lost/flags',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin', ...tags],
        summary: '실종·목격 글 신고 목록',
        description: `관리자만. state=open(처리 전, 기본)·all, 최신 것부터. ${PAGE_DOC}`,
        querystring: LostFlagsQuerySchema,
        response: { 200: LostFlagListSchema, ...errorResponses(400, 401, 403, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      return sendPage(reply, await lost.flags(request, request.query));
    },
  );

  r.post(
    '/api/admin/lost/posts/:id/hide',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin', ...tags],
        summary: '글 숨기기·다시 보이기',
        description: '관리자만. 숨긴 글은 즉시 목록과 지도에서 빠지고 그 글의 신고는 처리됨이 됩니다.',
        params: LostIdParamsSchema,
        body: LostHideRequestSchema,
        response: { 200: LostPostDetailSchema, ...errorResponses(400, 401, 403, 404, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      return reply.send(await lost.hide(request, request.params.id, request.body.hidden));
    },
  );

  r.post(
    '/api/admin/lost/posts/:id/close',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin', ...tags],
        summary: '글 닫기(관리자)',
        description: '관리자만. 상태가 CLOSED가 되고 그 글의 신고는 처리됨이 됩니다. 이미 닫힌 글은 409.',
        params: LostIdParamsSchema,
        response: { 200: LostPostDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      return reply.send(await lost.adminClose(request, request.params.id));
    },
  );

  r.post(
    '/api/admin/lost/flags/:id/dismiss',
    {
      config: ADMIN_ONLY,
      schema: {
        tags: ['admin', ...tags],
        summary: '신고 기각',
        description: '관리자만. 글은 그대로 두고 신고를 처리됨으로 표시합니다. 204.',
        params: LostIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      await lost.dismissFlag(request, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
