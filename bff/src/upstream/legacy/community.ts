import type { FastifyRequest } from 'fastify';
import type { CommunityPost, PostCreateRequest, PostEditRequest, PostListItem, PostListQuery, SessionUser } from '@pawbridge/shared';
import { BffError } from '../../errors/bff-error';
import { byNewest, normalisePost, normalisePostList, toListItem, type UpstreamPost } from '../../normalisers/community.normaliser';
import { isOk, toBffError, upstreamMessage, type UpstreamClient, type UpstreamResponse } from '../client';
import { publicPostImages } from '../community.photos';
import { commentLoginRequired, isAuthorOf, notAuthor, notFound, SharedCommunityGateway, successFalse } from '../community.gateway';
import type { PhotoUpload } from '../pets.upstream';
import type { PublicPhotoSet } from '../public-photos';

/** The legacy prefixes its category rule with this (and answers 500); the rule alone is the message. */
const LEGACY_RULE_PREFIX = /^등록 중 오류가 발생했습니다:\s*/;

/**
 * The board in front of the legacy Spring service: it sends every post
 * (filtered and cut here), lets anyone edit or delete any post (checked here
 * first), answers a write with a bare success (the post is read back) and
 * serves covers only to sessions (remembered for the photo route).
 */
export class LegacyCommunityGateway extends SharedCommunityGateway {
  private readonly covers: PublicPhotoSet;
  constructor(client: UpstreamClient) {
    super(client);
    this.covers = publicPostImages(client);
  }

  protected override seen(post: UpstreamPost): void {
    this.covers.remember([post.post.imageUrl]);
  }

  async list(request: FastifyRequest, query: PostListQuery): Promise<{ items: PostListItem[]; total: number }> {
    const res = await this.up.list(request, query);
    if (!isOk(res)) throw toBffError(res);
    const posts = normalisePostList(res.json);
    this.covers.remember(posts.map((p) => p.post.imageUrl));
    const matching = posts.filter((p) => !query.postType || p.post.postType === query.postType).sort(byNewest);
    const start = (query.page - 1) * query.size;
    return { items: matching.slice(start, start + query.size).map((p) => toListItem(p.post)), total: matching.length };
  }

  /** After the legacy's bare success, the post is the caller's newest with this title. */
  async create(
    request: FastifyRequest,
    user: SessionUser,
    input: PostCreateRequest,
    image: PhotoUpload | undefined,
  ): Promise<CommunityPost> {
    const res = await this.up.create(
      request,
      { postType: input.postType, title: input.title, strContent: this.clean(input.strContent) },
      image,
    );
    if (!isOk(res) || successFalse(res)) throw createError(res);
    const all = await this.up.listAll(request);
    const mine = isOk(all)
      ? normalisePostList(all.json)
          .filter((p) => isAuthorOf(user, p.authorLoginId) && p.post.title === input.title)
          .sort(byNewest)[0]
      : undefined;
    if (!mine) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    return { ...mine.post, isAuthor: true };
  }

  /** The legacy's edit clears the image unless it is sent back, and answers no post. */
  async edit(
    request: FastifyRequest,
    user: SessionUser,
    postId: number,
    input: PostEditRequest,
    image: PhotoUpload | undefined,
  ): Promise<CommunityPost> {
    const current = await this.own(request, user, postId);
    const dto = {
      postType: input.postType,
      title: input.title,
      strContent: this.clean(input.strContent),
      imgUrlContent: input.removeImage ? null : current.storedImage,
      removeImage: input.removeImage === true,
    };
    const res = await this.up.edit(request, postId, dto, image);
    if (!isOk(res) || successFalse(res)) throw toBffError(res, { 403: notAuthor(), 404: notFound() });
    const answered = normalisePost((res.json as { post?: unknown } | undefined)?.post);
    return { ...(answered ?? (await this.find(request, postId))).post, isAuthor: true };
  }

  /** The legacy says 404 "로그인된 유저만…" when its session is gone; a missing post is 404 too. */
  protected override commentError(res: UpstreamResponse): BffError {
    if (res.status === 404 && /로그인/.test(upstreamMessage(res) ?? '')) return commentLoginRequired();
    return super.commentError(res);
  }

  /**
   * The legacy answers 400 `{error}` both for a post that does not exist and
   * for a member it cannot match (a Naver login's principal is no user id,
   * legacy-contract §2.3, §3.5): the post is looked up to tell which.
   */
  protected override async likeFailure(request: FastifyRequest, postId: number, res: UpstreamResponse): Promise<BffError> {
    if (res.status !== 400) return toBffError(res, { 404: notFound() });
    const post = await this.up.detail(request, postId);
    if (post.status === 404 || post.status === 400) return notFound();
    if (!isOk(post)) return toBffError(post);
    return BffError.because(403, 'FORBIDDEN', 'LEGACY_ACCOUNT_UNMATCHED');
  }

  async remove(request: FastifyRequest, user: SessionUser, postId: number): Promise<void> {
    await this.own(request, user, postId);
    const res = await this.up.remove(request, postId);
    if (!isOk(res) || successFalse(res)) throw toBffError(res, { 403: notAuthor(), 400: notFound() });
  }
}

/** The category rules: the legacy's 500 `{success:false, message:"등록 중 오류가 발생했습니다: <rule>"}`. */
function createError(res: UpstreamResponse): BffError {
  const message = upstreamMessage(res)?.replace(LEGACY_RULE_PREFIX, '');
  if (res.status === 403 || (res.status === 500 && successFalse(res)))
    return new BffError(403, 'FORBIDDEN', message || undefined, undefined, { reason: 'POST_CATEGORY_NOT_ALLOWED' });
  return toBffError(res);
}
