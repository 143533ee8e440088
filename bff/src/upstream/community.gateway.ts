import type { FastifyRequest } from 'fastify';
import {
  TOTAL_COUNT_HEADER,
  type Comment,
  type CommunityPost,
  type LikeState,
  type PostCreateRequest,
  type PostEditRequest,
  type PostListItem,
  type PostListQuery,
  type SessionUser,
} from '@pawbridge/shared';
import { sanitisePostHtml } from '@pawbridge/shared/community.sanitiser';
import { BffError, validationError } from '../errors/bff-error';
import {
  byNewest,
  normaliseComments,
  normaliseLike,
  normalisePost,
  normalisePostList,
  toListItem,
  type UpstreamPost,
} from '../normalisers/community.normaliser';
import { requireUser } from '../plugins/session';
import { isOk, toBffError, upstreamMessage, type UpstreamClient, type UpstreamResponse } from './client';
import { communityUpstream } from './community.upstream';
import { publicPostImages } from './community.photos';
import type { PublicPhotoSet } from './public-photos';
import type { PhotoUpload } from './pets.upstream';

const notFound = () => BffError.because(404, 'NOT_FOUND', 'POST_NOT_FOUND');
const notAuthor = () => BffError.because(403, 'FORBIDDEN', 'POST_AUTHOR_ONLY');

/** The legacy prefixes its category rule with this (and answers 500); the rule alone is the message. */
const LEGACY_RULE_PREFIX = /^등록 중 오류가 발생했습니다:\s*/;

/** A post is the caller's when its author is their login id, username or e-mail (spec §6). */
export function isAuthorOf(user: SessionUser | { loggedIn: false }, authorId: string | null): boolean {
  if (!user.loggedIn || !authorId) return false;
  return [user.userId, user.username, user.email].some((v) => v !== null && v !== '' && v === authorId);
}

const successFalse = (res: UpstreamResponse) => (res.json as { success?: unknown } | undefined)?.success === false;

/**
 * What the BFF's community routes do against either upstream. Every write is
 * checked here first (login, then ownership from the post's author) so the
 * legacy's holes — anyone editing or deleting any post — never open, and HTML
 * is sanitised before it goes upstream and again whenever it comes back.
 */
export class CommunityGateway {
  private readonly up;
  private readonly covers: PublicPhotoSet;
  constructor(client: UpstreamClient) {
    this.up = communityUpstream(client);
    this.covers = publicPostImages(client);
  }

  /**
   * A page of the list. Our api pages itself and says the total in a header;
   * the legacy sends every post, which is filtered and cut here.
   */
  async list(request: FastifyRequest, query: PostListQuery): Promise<{ items: PostListItem[]; total: number }> {
    const res = await this.up.list(request, query);
    if (!isOk(res)) throw toBffError(res);
    const posts = normalisePostList(res.json);
    this.covers.remember(posts.map((p) => p.post.imageUrl));
    const total = res.headers.get(TOTAL_COUNT_HEADER);
    if (total !== null && /^\d+$/.test(total)) return { items: posts.map((p) => toListItem(p.post)), total: Number(total) };
    const matching = posts.filter((p) => !query.postType || p.post.postType === query.postType).sort(byNewest);
    const start = (query.page - 1) * query.size;
    return { items: matching.slice(start, start + query.size).map((p) => toListItem(p.post)), total: matching.length };
  }

  private async find(request: FastifyRequest, postId: number): Promise<UpstreamPost> {
    const res = await this.up.detail(request, postId);
    // The legacy answers an unknown post 404 text, or 500 "오류 발생" for a broken row.
    if (res.status === 404 || res.status === 400) throw notFound();
    if (!isOk(res)) throw toBffError(res);
    const found = normalisePost(res.json);
    if (!found) throw notFound();
    this.covers.remember([found.post.imageUrl]);
    return found;
  }

  async detail(request: FastifyRequest, postId: number): Promise<CommunityPost> {
    const found = await this.find(request, postId);
    return { ...found.post, isAuthor: isAuthorOf(await request.session(), found.post.authorId) };
  }

  /** 401 without a login, 404 for no post, 403 for someone else's — before anything is forwarded. */
  private async own(request: FastifyRequest, postId: number): Promise<UpstreamPost> {
    const user = await requireUser(request);
    const found = await this.find(request, postId);
    if (!isAuthorOf(user, found.post.authorId)) throw notAuthor();
    return found;
  }

  private clean(html: string): string {
    const clean = sanitisePostHtml(html);
    if (!clean.replace(/<[^>]*>/g, '').trim()) throw validationError({ strContent: 'postContentRequired' });
    return clean;
  }

  /** Our api answers the stored post; after the legacy's bare success, it is the caller's newest post with this title. */
  async create(request: FastifyRequest, input: PostCreateRequest, image: PhotoUpload | undefined): Promise<CommunityPost> {
    const user = await requireUser(request);
    const res = await this.up.create(
      request,
      { postType: input.postType, title: input.title, strContent: this.clean(input.strContent) },
      image,
    );
    if (!isOk(res) || successFalse(res)) throw this.createError(res);
    const answered = normalisePost((res.json as { post?: unknown } | undefined)?.post);
    if (answered) return { ...answered.post, isAuthor: true };
    const all = await this.up.listAll(request);
    const mine = isOk(all)
      ? normalisePostList(all.json)
          .filter((p) => isAuthorOf(user, p.post.authorId) && p.post.title === input.title)
          .sort(byNewest)[0]
      : undefined;
    if (!mine) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    return { ...mine.post, isAuthor: true };
  }

  /**
   * The category rules: our api says 403 with the rule, the legacy 500 with
   * `{success:false, message:"등록 중 오류가 발생했습니다: <rule>"}`.
   */
  private createError(res: UpstreamResponse): BffError {
    const message = upstreamMessage(res)?.replace(LEGACY_RULE_PREFIX, '');
    if (res.status === 403 || (res.status === 500 && successFalse(res)))
      return new BffError(403, 'FORBIDDEN', message || undefined, undefined, { reason: 'POST_CATEGORY_NOT_ALLOWED' });
    return toBffError(res);
  }

  /** The image stays unless a new one comes or `removeImage` is set (the legacy's edit clears it unless sent back). */
  async edit(request: FastifyRequest, postId: number, input: PostEditRequest, image: PhotoUpload | undefined): Promise<CommunityPost> {
    const current = await this.own(request, postId);
    const dto = {
      postType: input.postType,
      title: input.title,
      strContent: this.clean(input.strContent),
      imgUrlContent: input.removeImage ? null : current.storedImage,
      removeImage: input.removeImage === true,
    };
    const res = await this.up.edit(request, postId, dto, image);
    // Authorship was checked above, so an upstream 403 here is a category rule (our api checks a
    // changed category as on create; issue 24 item 13), answered like create's.
    if (res.status === 403 && input.postType !== current.post.postType) throw this.createError(res);
    if (!isOk(res) || successFalse(res)) throw toBffError(res, { 403: notAuthor(), 404: notFound() });
    const answered = normalisePost((res.json as { post?: unknown } | undefined)?.post);
    return { ...(answered ?? (await this.find(request, postId))).post, isAuthor: true };
  }

  async remove(request: FastifyRequest, postId: number): Promise<void> {
    await this.own(request, postId);
    const res = await this.up.remove(request, postId);
    if (!isOk(res) || successFalse(res)) throw toBffError(res, { 403: notAuthor(), 400: notFound() });
  }

  async likeState(request: FastifyRequest, postId: number): Promise<LikeState> {
    const res = await this.up.likeCount(request, postId);
    if (!isOk(res)) throw toBffError(res);
    const state = normaliseLike(res.json);
    if (!state) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    return state;
  }

  /** The state right after the toggle, whichever key the upstream used for it. */
  async toggleLike(request: FastifyRequest, postId: number): Promise<LikeState> {
    await requireUser(request);
    const res = await this.up.toggleLike(request, postId);
    // The legacy answers an unknown post (or a user it cannot match) 400 {error}.
    if (!isOk(res)) throw toBffError(res, { 404: notFound() });
    const state = normaliseLike(res.json);
    if (!state) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    return state;
  }

  async comments(request: FastifyRequest, postId: number): Promise<Comment[]> {
    const res = await this.up.comments(request, postId);
    if (!isOk(res)) throw toBffError(res);
    return normaliseComments(res.json, postId);
  }

  async comment(request: FastifyRequest, postId: number, content: string): Promise<void> {
    await requireUser(request, 'COMMENT_LOGIN_REQUIRED');
    const res = await this.up.comment(request, postId, content);
    if (isOk(res)) return;
    // The legacy says 404 "로그인된 유저만…" when its session is gone; a missing post is 404 too.
    if (res.status === 404 && /로그인/.test(upstreamMessage(res) ?? ''))
      throw BffError.because(401, 'UNAUTHENTICATED', 'COMMENT_LOGIN_REQUIRED');
    throw toBffError(res, { 404: notFound(), 401: BffError.because(401, 'UNAUTHENTICATED', 'COMMENT_LOGIN_REQUIRED') });
  }
}
