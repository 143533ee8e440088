import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  CommentListSchema,
  CommentRequestSchema,
  CommunityPostSchema,
  LikeStateSchema,
  OkSchema,
  POST_IMAGE_FIELD,
  POST_JSON_PART,
  PostCreateRequestSchema,
  PostEditRequestSchema,
  PostIdParamsSchema,
  PostListQuerySchema,
  PostListSchema,
  TOTAL_COUNT_HEADER,
  OK_MESSAGES,
  toFieldErrorKeys,
} from '@pawbridge/shared';
import { validationError } from '../errors/bff-error';
import { errorResponses } from '../errors/error-responses';
import { jsonPart, readMultipart } from '../plugins/multipart';
import { MEMBER_ONLY, memberOnlyFor, requireUser } from '../plugins/session';

const tags = ['community'];
/** Spec §7 names post edit's file part `image`; the BFF's (and create's) name is POST_IMAGE_FIELD: both are read. */
const EDIT_IMAGE_ALIAS = 'image';

const AUTHOR_ONLY_DOC = '작성자 본인만 할 수 있습니다: 로그인하지 않았으면 401, 다른 회원의 글이면 403(업스트림에는 아무것도 보내지 않음).';
const HTML_RULES_DOC =
  '`strContent`는 HTML이며 허용 목록(문단·굵게·기울임·밑줄·취소선·제목·목록·인용·코드·http(s)/mailto 링크)만 남기고 지웁니다: 스크립트, 이벤트 속성, style, iframe, 이미지, javascript: 링크는 저장되지도 보내지지도 않습니다.';
const IMAGE_RULES_DOC = `표지 이미지는 파일 파트 \`${POST_IMAGE_FIELD}\`(선택): 5MB 이하(초과 시 413), 파일 내용으로 판별한 이미지(JPEG·PNG·WebP·GIF, 아니면 415), 메타데이터는 지우고 다시 저장합니다.`;

/** The JSON part `communityPost`, validated; every problem (with the image's) is one 400 with field errors. */
function postPart<T>(body: Parameters<typeof jsonPart>[0], schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(jsonPart(body, POST_JSON_PART));
  if (!parsed.success) throw validationError(toFieldErrorKeys(parsed.error));
  return parsed.data;
}

/** The community board (spec §2, §3, §4 Like, §7 Community) on the legacy paths, with canonical answers. */
export const communityRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const community = app.gateways.community;

  r.get(
    '/api/community/posts',
    {
      schema: {
        tags,
        summary: '게시글 목록',
        description: `누구나 볼 수 있습니다. 최신순, \`page\`(1부터)·\`size\`(최대 50)·\`postType\`으로 나눠 받고 전체 개수는 \`${TOTAL_COUNT_HEADER}\` 헤더에 있습니다. \`preview\`는 태그를 뺀 본문 앞 50자입니다.`,
        querystring: PostListQuerySchema,
        response: { 200: PostListSchema, ...errorResponses(400, 502, 504) },
      },
    },
    async (request, reply) => {
      const { items, total } = await community.list(request, request.query);
      return reply
        .header(TOTAL_COUNT_HEADER, String(total))
        .header('access-control-expose-headers', TOTAL_COUNT_HEADER)
        .header('cache-control', 'no-store')
        .send(items);
    },
  );

  r.post(
    '/api/community/createPost',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '글쓰기',
        description: `multipart/form-data: JSON 파트 \`${POST_JSON_PART}\`(postType, title ≤ 100자, strContent) + ${IMAGE_RULES_DOC} ${HTML_RULES_DOC} 카테고리마다 쓸 수 있는 회원이 정해져 있어(자랑: 반려견 등록, 입양후기: 입양 승인, 임시보호: 관리자·보호 중인 제보자) 아니면 403.`,
        consumes: ['multipart/form-data'],
        response: { 201: CommunityPostSchema, ...errorResponses(400, 401, 403, 413, 415, 502, 504) },
      },
    },
    async (request, reply) => {
      const body = await readMultipart(request, [POST_IMAGE_FIELD], [POST_JSON_PART]);
      const user = await requireUser(request);
      const input = postPart(body, PostCreateRequestSchema);
      return reply.code(201).send(await community.create(request, user, input, body.files[POST_IMAGE_FIELD]));
    },
  );

  r.get(
    '/api/community/description/:postId',
    {
      schema: {
        tags,
        summary: '게시글 한 개',
        description: `누구나 볼 수 있습니다. \`isAuthor\`는 요청한 사람이 작성자인지입니다. ${HTML_RULES_DOC}`,
        params: PostIdParamsSchema,
        response: { 200: CommunityPostSchema, ...errorResponses(400, 404, 502, 504) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await community.detail(request, request.params.postId, await request.session())),
  );

  r.post(
    '/api/community/description/:postId/edit',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '게시글 수정',
        description: `${AUTHOR_ONLY_DOC} multipart/form-data: JSON 파트 \`${POST_JSON_PART}\`(postType, title, strContent, 선택 removeImage) + ${IMAGE_RULES_DOC} 파일 파트 이름은 스펙의 \`${EDIT_IMAGE_ALIAS}\`도 같은 뜻으로 받습니다(둘 다 보내면 400). 새 이미지가 없으면 기존 이미지를 그대로 둡니다(removeImage: true면 지움).`,
        consumes: ['multipart/form-data'],
        params: PostIdParamsSchema,
        response: { 200: CommunityPostSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 502, 504) },
      },
    },
    async (request, reply) => {
      const body = await readMultipart(request, [POST_IMAGE_FIELD, EDIT_IMAGE_ALIAS], [POST_JSON_PART]);
      const user = await requireUser(request);
      const input = postPart(body, PostEditRequestSchema);
      // Two images for one cover: which one was meant is not ours to guess.
      if (body.files[POST_IMAGE_FIELD] && body.files[EDIT_IMAGE_ALIAS]) throw validationError({ [EDIT_IMAGE_ALIAS]: 'invalid' });
      const image = body.files[POST_IMAGE_FIELD] ?? body.files[EDIT_IMAGE_ALIAS];
      return reply.send(await community.edit(request, user, request.params.postId, input, image));
    },
  );

  r.delete(
    '/api/community/description/:postId/delete',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '게시글 삭제',
        description: `${AUTHOR_ONLY_DOC} 댓글·좋아요·이미지도 함께 지웁니다.`,
        params: PostIdParamsSchema,
        response: { 200: OkSchema, ...errorResponses(400, 401, 403, 404, 502, 504) },
      },
    },
    async (request, reply) => {
      await community.remove(request, await requireUser(request), request.params.postId);
      return reply.send({ ok: true as const, message: OK_MESSAGES.POST_DELETED });
    },
  );

  r.get(
    '/api/community/like/:postId/count',
    {
      schema: {
        tags,
        summary: '좋아요 수와 내 좋아요',
        description: '누구나 볼 수 있습니다(로그인하지 않았으면 isLiked는 false).',
        params: PostIdParamsSchema,
        response: { 200: LikeStateSchema, ...errorResponses(400, 502, 504) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await community.likeState(request, request.params.postId)),
  );

  r.post(
    '/api/community/like/:postId/toggle',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '좋아요 누르기·취소',
        description: '로그인이 필요합니다. 누른 뒤의 상태를 돌려줍니다. 회원마다 게시글당 좋아요는 하나입니다.',
        params: PostIdParamsSchema,
        response: { 200: LikeStateSchema, ...errorResponses(400, 401, 404, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      return reply.send(await community.toggleLike(request, request.params.postId));
    },
  );

  r.get(
    '/api/community/comments/:postId',
    {
      schema: {
        tags,
        summary: '댓글 목록',
        description: '누구나 볼 수 있습니다. 최신순.',
        params: PostIdParamsSchema,
        response: { 200: CommentListSchema, ...errorResponses(400, 502, 504) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await community.comments(request, request.params.postId)),
  );

  r.post(
    '/api/community/comment/:postId',
    {
      config: memberOnlyFor('COMMENT_LOGIN_REQUIRED'),
      schema: {
        tags,
        summary: '댓글 쓰기',
        description: '로그인이 필요합니다. 본문 `{content}`: 공백만은 안 되고 500자 이하.',
        params: PostIdParamsSchema,
        body: CommentRequestSchema,
        response: { 201: OkSchema, ...errorResponses(400, 401, 404, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request, 'COMMENT_LOGIN_REQUIRED');
      await community.comment(request, request.params.postId, request.body.content);
      return reply.code(201).send({ ok: true as const, message: OK_MESSAGES.COMMENT_CREATED });
    },
  );
};
