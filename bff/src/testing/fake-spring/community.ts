import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { currentUser, springError, springText, type FakeDomain, type FakeSpringState } from './wire';

/** One row of the legacy `community_post` table. */
export interface FakePost {
  id: number;
  postType: string | null;
  title: string | null;
  userId: string;
  imgUrlContent: string | null;
  strContent: string | null;
  /** ISO local date-time without offset (UTC), as the legacy serialises LocalDateTime. */
  createdAt: string;
}

export interface FakeComment {
  postId: number;
  userId: string;
  content: string;
  createdAt: string;
}

declare module './wire' {
  interface FakeSpringState {
    posts: FakePost[];
    nextPostId: number;
    postComments: FakeComment[];
    /** postId → login ids that liked it */
    postLikes: Map<number, Set<string>>;
    /** Login ids with an APPROVED adoption (the REVIEW rule). */
    approvedAdopters: Set<string>;
    addPost(post: Partial<FakePost> & { userId: string }): FakePost;
  }
}

/** LocalDateTime.now() in a UTC container, serialised by Jackson: no offset. */
let clock = Date.UTC(2025, 0, 1);
const localNow = () => new Date((clock += 1000)).toISOString().replace('Z', '');

const dto = (p: FakePost) => ({
  id: p.id,
  postType: p.postType,
  title: p.title,
  userId: p.userId,
  imgUrlContent: p.imgUrlContent,
  strContent: p.strContent,
  createdAt: p.createdAt,
});
const newestFirst = <T extends { createdAt: string }>(a: T, b: T) => b.createdAt.localeCompare(a.createdAt);

interface Parts {
  json?: { raw: string; mime: string };
  file?: { bytes: Buffer; mime: string; filename: string };
}

async function readParts(request: FastifyRequest): Promise<Parts> {
  const out: Parts = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname === 'communityPost') out.json = { raw: bytes.toString('utf8'), mime: part.mimetype };
      if (part.fieldname === 'imgUrlContent' && bytes.length > 0) out.file = { bytes, mime: part.mimetype, filename: part.filename };
    } else if (part.fieldname === 'communityPost') {
      // A text field has no content type: Boot's converter cannot bind it (415).
      out.json = { raw: String(part.value), mime: (part as { mimetype?: string }).mimetype ?? 'text/plain' };
    }
  }
  return out;
}

function store(state: FakeSpringState, file: NonNullable<Parts['file']>): string {
  const ext = /\.[A-Za-z0-9]+$/.exec(file.filename)?.[0] ?? '';
  const name = `${crypto.randomUUID()}${ext}`;
  state.files.set(name, { bytes: file.bytes, mime: file.mime });
  return `/uploads/${name}`;
}

const json = (reply: FastifyReply, status: number, body: unknown) => reply.code(status).send(body);

/** CommunityController + CommunityService/LikesService as legacy-contract §3.5 describes them, holes included. */
export const communityFake: FakeDomain = (app, state) => {
  state.posts = [];
  state.nextPostId = 1;
  state.postComments = [];
  state.postLikes = new Map();
  state.approvedAdopters = new Set();
  state.files ??= new Map();
  state.addPost = (post) => {
    const full: FakePost = {
      id: state.nextPostId++,
      postType: 'SHOW_OFF',
      title: '제목',
      imgUrlContent: null,
      strContent: '<p>본문</p>',
      createdAt: localNow(),
      ...post,
    };
    state.posts.push(full);
    return full;
  };
  const find = (raw: string) => state.posts.find((p) => String(p.id) === raw);

  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: 20 * 1024 * 1024 } });

    scope.post('/api/community/createPost', async (request, reply) => {
      if (!request.isMultipart()) return springError(request, reply, state, 415);
      const parts = await readParts(request);
      if (!parts.json || !parts.json.mime.startsWith('application/json')) return springError(request, reply, state, 415);
      const user = currentUser(request, state);
      if (!user) return json(reply, 401, { success: false, message: '로그인이 필요합니다.' });
      try {
        const body = JSON.parse(parts.json.raw) as Record<string, unknown>;
        const type = body.postType as string | undefined;
        if (type === 'SHOW_OFF' && !state.pets.some((p) => p.owner === user))
          throw new Error('반려견을 등록한 사용자만 자랑 게시글을 작성할 수 있습니다.');
        if (type === 'TEMP_PROTECT' && user !== 'admin') throw new Error('임시보호 중인 유기견이 없습니다.');
        if (type === 'REVIEW' && !state.approvedAdopters.has(user)) throw new Error('입양 승인된 내역이 없습니다.');
        state.addPost({
          userId: user,
          postType: type ?? null,
          title: (body.title as string | undefined) ?? null,
          strContent: (body.strContent as string | undefined) ?? null,
          imgUrlContent: parts.file ? store(state, parts.file) : ((body.imgUrlContent as string | undefined) ?? null),
        });
        return json(reply, 200, { success: true, message: '게시글이 성공적으로 등록되었습니다.' });
      } catch (err) {
        return json(reply, 500, { success: false, message: `등록 중 오류가 발생했습니다: ${(err as Error).message}` });
      }
    });

    // The hole: no authentication or ownership check; the image is overwritten from the DTO (omitted → cleared).
    scope.post<{ Params: { postId: string } }>('/api/community/description/:postId/edit', async (request, reply) => {
      if (!request.isMultipart()) return springError(request, reply, state, 415);
      const parts = await readParts(request);
      if (!parts.json) return springError(request, reply, state, 400);
      const post = find(request.params.postId);
      if (!post) return json(reply, 400, { error: '커뮤니티 게시글이 없습니다.' });
      const body = JSON.parse(parts.json.raw) as Record<string, unknown>;
      post.postType = (body.postType as string | undefined) ?? null;
      post.title = (body.title as string | undefined) ?? null;
      post.strContent = (body.strContent as string | undefined) ?? null;
      post.imgUrlContent = parts.file ? store(state, parts.file) : ((body.imgUrlContent as string | undefined) ?? null);
      return json(reply, 200, { success: true });
    });
  });

  app.get('/api/community/posts', async (_request, reply) => reply.send([...state.posts].sort(newestFirst).map(dto)));

  app.get<{ Params: { postId: string } }>('/api/community/description/:postId', async (request, reply) => {
    const post = find(request.params.postId);
    if (!post) return springText(request, reply, 404, '해당 게시글을 찾을 수 없습니다.');
    return reply.send(dto(post));
  });

  // The hole: anyone deletes any post.
  app.delete<{ Params: { postId: string } }>('/api/community/description/:postId/delete', async (request, reply) => {
    const post = find(request.params.postId);
    if (!post) return json(reply, 400, { error: '커뮤니티 게시글을 찾을 수 없습니다.' });
    state.posts.splice(state.posts.indexOf(post), 1);
    state.postComments = state.postComments.filter((c) => c.postId !== post.id);
    state.postLikes.delete(post.id);
    if (post.imgUrlContent?.startsWith('/uploads/')) state.files.delete(post.imgUrlContent.slice('/uploads/'.length));
    return json(reply, 200, { success: true });
  });

  // `liked`, not `isLiked` (Lombok + Jackson).
  app.post<{ Params: { postId: string } }>('/api/community/like/:postId/toggle', async (request, reply) => {
    const user = currentUser(request, state);
    if (!user) return json(reply, 401, { error: '로그인이 필요합니다.' });
    const post = find(request.params.postId);
    if (!post) return json(reply, 400, { error: '게시글을 찾을 수 없습니다.' });
    // LikesService matches the principal as login id, e-mail or socialId; a Naver principal (its whole map) matches none.
    if (!state.users.some((u) => u.userId === user || u.email === user))
      return json(reply, 400, { error: `사용자를 찾을 수 없습니다: ${user}` });
    const likes = state.postLikes.get(post.id) ?? new Set<string>();
    state.postLikes.set(post.id, likes);
    const liked = !likes.has(user);
    if (liked) likes.add(user);
    else likes.delete(user);
    return json(reply, 200, { liked, likeCount: likes.size });
  });

  app.get<{ Params: { postId: string } }>('/api/community/like/:postId/count', async (request, reply) => {
    const likes = state.postLikes.get(Number(request.params.postId)) ?? new Set<string>();
    const user = currentUser(request, state);
    return json(reply, 200, { postId: Number(request.params.postId), likeCount: likes.size, isLiked: user !== null && likes.has(user) });
  });

  // Not logged in is 404 here, and the author is told even about their own comment.
  app.post<{ Params: { postId: string } }>('/api/community/comment/:postId', async (request, reply) => {
    const user = currentUser(request, state);
    if (!user) return json(reply, 404, { error: '로그인된 유저만 댓글 작성이 가능합니다.' });
    const post = find(request.params.postId);
    if (!post) return json(reply, 404, { error: '해당 글을 찾을 수 없습니다.' });
    const raw = request.body;
    const body = (typeof raw === 'string' ? JSON.parse(raw || '{}') : (raw ?? {})) as { content?: unknown };
    state.postComments.push({ postId: post.id, userId: user, content: String(body.content ?? ''), createdAt: localNow() });
    state.notify(post.userId, 'COMMENT', `${post.title ?? ''}에 댓글이 달렸습니다.`);
    return json(reply, 200, { message: '댓글 등록 완료' });
  });

  // No comment id; the whole post repeated in every element.
  app.get<{ Params: { postId: string } }>('/api/community/comments/:postId', async (request, reply) => {
    const post = find(request.params.postId);
    const comments = post ? state.postComments.filter((c) => c.postId === post.id).sort(newestFirst) : [];
    return reply.send(
      comments.map((c) => ({ userId: c.userId, communityPostDto: post ? dto(post) : null, content: c.content, createdAt: c.createdAt })),
    );
  });
};
