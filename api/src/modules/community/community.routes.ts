import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  CommentRequestSchema,
  DEFAULT_ERROR_MESSAGES,
  POST_IMAGE_FIELD,
  POST_JSON_PART,
  PostCreateRequestSchema,
  PostEditRequestSchema,
  PostListQuerySchema,
  TOTAL_COUNT_HEADER,
  toFieldErrors,
  VALIDATION_MESSAGES,
} from '@pawbridge/shared';
import type { ApiModule } from '../index';
import { ApiHttpError } from '../../lib/errors';
import { requireUser } from '../../lib/auth';
import { jsonPart, readMultipart, type MultipartBody } from '../../lib/multipart';
import { COMMUNITY_MESSAGES, CommunityService, errorBody, failure, toCommentDto, toListedPostDto, toPostDto } from './community.service';

type Body = (m: string) => Record<string, unknown>;

/** The `communityPost` JSON part (text, typed or file part), validated; 400 with field errors otherwise. */
function postPart<T>(multipart: MultipartBody, schema: z.ZodType<T>, body: Body): T {
  const invalid = (fieldErrors: Record<string, string>) =>
    new ApiHttpError(400, { ...body(DEFAULT_ERROR_MESSAGES.VALIDATION_FAILED), fieldErrors });
  const part = jsonPart(multipart, POST_JSON_PART);
  if (!part.ok)
    throw invalid({ [POST_JSON_PART]: (part.reason === 'missing' ? VALIDATION_MESSAGES.required : VALIDATION_MESSAGES.invalid) ?? '' });
  const parsed = schema.safeParse(part.value);
  if (!parsed.success) throw invalid(toFieldErrors(parsed.error));
  return parsed.data;
}

/** The post's multipart body: the JSON part and at most one cover image. */
const readPost = (request: FastifyRequest, body: Body) =>
  readMultipart(request, { files: [POST_IMAGE_FIELD], json: [POST_JSON_PART], fail: body });

/** Path ids are plain positive integers; anything else names no post. */
const postKey = (raw: string): number | null => (/^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null);

function existingKey(request: FastifyRequest<{ Params: { postId: string } }>, notFound: ApiHttpError): number {
  const key = postKey(request.params.postId);
  if (key === null) throw notFound;
  return key;
}

/**
 * The community board on the legacy paths (legacy-contract §3.5) without its
 * holes: only the author edits or deletes (403 otherwise), HTML is sanitised
 * before it is stored, one like per member per post, statuses are honest
 * (401 for no login, 404 for no post), and the list is paged.
 */
export const communityModule: ApiModule = async (app, ctx) => {
  const service = new CommunityService(ctx, app.log);
  const member = (request: FastifyRequest, body: string | Record<string, unknown>) => {
    const user = requireUser(request, body);
    return { pk: user.pk, role: user.role };
  };

  app.post('/api/community/createPost', async (request, reply) => {
    const body = await readPost(request, failure);
    const who = member(request, failure(COMMUNITY_MESSAGES.loginRequired));
    const input = postPart(body, PostCreateRequestSchema, failure);
    const row = await service.create(who, input, body.files[POST_IMAGE_FIELD]);
    // `id` and `post` spare the BFF a second call; the legacy fields stay as they were.
    return reply.send({ success: true, message: COMMUNITY_MESSAGES.created, id: row.id, post: toPostDto(row) });
  });

  // Paged (the legacy sent every post): ?page (from 1), ?size, ?postType; the total is in X-Total-Count.
  app.get('/api/community/posts', async (request, reply) => {
    const parsed = PostListQuerySchema.safeParse(request.query);
    if (!parsed.success)
      throw new ApiHttpError(400, { ...errorBody(DEFAULT_ERROR_MESSAGES.VALIDATION_FAILED), fieldErrors: toFieldErrors(parsed.error) });
    const { page, size, postType } = parsed.data;
    const { rows, total } = await service.list({ postType, limit: size, offset: (page - 1) * size });
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows.map(toListedPostDto));
  });

  app.get<{ Params: { postId: string } }>('/api/community/description/:postId', async (request, reply) => {
    const missing = new ApiHttpError(404, COMMUNITY_MESSAGES.postNotFound);
    const row = await service.get(existingKey(request, missing));
    if (!row) throw missing;
    return reply.send(toPostDto(row));
  });

  app.post<{ Params: { postId: string } }>('/api/community/description/:postId/edit', async (request, reply) => {
    const body = await readPost(request, errorBody);
    const who = member(request, errorBody(COMMUNITY_MESSAGES.loginRequired));
    const key = existingKey(request, new ApiHttpError(404, errorBody(COMMUNITY_MESSAGES.editNotFound)));
    const input = postPart(body, PostEditRequestSchema, errorBody);
    const row = await service.edit(who, key, input, body.files[POST_IMAGE_FIELD]);
    return reply.send({ success: true, post: toPostDto(row) });
  });

  app.delete<{ Params: { postId: string } }>('/api/community/description/:postId/delete', async (request, reply) => {
    const who = member(request, errorBody(COMMUNITY_MESSAGES.loginRequired));
    await service.remove(who, existingKey(request, new ApiHttpError(404, errorBody(COMMUNITY_MESSAGES.editNotFound))));
    return reply.send({ success: true });
  });

  // The legacy's one-way like (not used by the web app): any JSON body, text answers.
  app.post<{ Params: { postId: string } }>('/api/community/like/:postId', async (request, reply) => {
    const who = member(request, COMMUNITY_MESSAGES.loginRequired);
    await service.addLike(who.pk, existingKey(request, new ApiHttpError(404, COMMUNITY_MESSAGES.commentPostMissing)));
    return reply.type('text/plain; charset=utf-8').send(COMMUNITY_MESSAGES.liked);
  });

  // `liked` as the legacy spells it, and `isLiked` as its count answer (and every client) does.
  app.post<{ Params: { postId: string } }>('/api/community/like/:postId/toggle', async (request, reply) => {
    const who = member(request, errorBody(COMMUNITY_MESSAGES.loginRequired));
    const state = await service.toggleLike(
      who.pk,
      existingKey(request, new ApiHttpError(404, errorBody(COMMUNITY_MESSAGES.commentPostMissing))),
    );
    return reply.send({ liked: state.liked, isLiked: state.liked, likeCount: state.likeCount });
  });

  app.post<{ Params: { postId: string } }>('/api/community/comment/:postId', async (request, reply) => {
    const who = member(request, errorBody(COMMUNITY_MESSAGES.commentLogin));
    const key = existingKey(request, new ApiHttpError(404, errorBody(COMMUNITY_MESSAGES.commentPostMissing)));
    const parsed = CommentRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const fieldErrors = toFieldErrors(parsed.error);
      throw new ApiHttpError(400, { ...errorBody(Object.values(fieldErrors)[0] ?? DEFAULT_ERROR_MESSAGES.VALIDATION_FAILED), fieldErrors });
    }
    const id = await service.comment(who.pk, key, parsed.data.content);
    return reply.send({ message: COMMUNITY_MESSAGES.commented, id });
  });

  // Never an error for an unknown post (count 0, not liked), as the legacy.
  app.get<{ Params: { postId: string } }>('/api/community/like/:postId/count', async (request, reply) => {
    const key = postKey(request.params.postId);
    const state = key === null ? { isLiked: false, likeCount: 0 } : await service.likeState(key, request.user?.pk ?? null);
    return reply.header('cache-control', 'no-store').send({ postId: key ?? 0, likeCount: state.likeCount, isLiked: state.isLiked });
  });

  app.get<{ Params: { postId: string } }>('/api/community/comments/:postId', async (request, reply) => {
    const key = postKey(request.params.postId);
    const rows = key === null ? [] : await service.comments(key);
    return reply.send(rows.map(toCommentDto));
  });
};
