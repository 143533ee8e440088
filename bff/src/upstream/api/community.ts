import type { FastifyRequest } from 'fastify';
import {
  TOTAL_COUNT_HEADER,
  type CommunityPost,
  type PostCreateRequest,
  type PostEditRequest,
  type PostListItem,
  type PostListQuery,
  type SessionUser,
} from '@pawbridge/shared';
import { BffError } from '../../errors/bff-error';
import { normalisePost, normalisePostList, toListItem } from '../../normalisers/community.normaliser';
import { isOk, toBffError, upstreamMessage, type UpstreamResponse } from '../client';
import { REASON_HEADER } from './adoption';
import { notAuthor, notFound, SharedCommunityGateway, successFalse } from '../community.gateway';
import type { PhotoUpload } from '../pets.upstream';

const answeredPost = (res: UpstreamResponse) => normalisePost((res.json as { post?: unknown } | undefined)?.post);

/**
 * The board in front of our api: it pages the list, checks authorship itself
 * (403/404), keeps or drops the image by `removeImage` and answers the stored
 * post — so every write is one call.
 */
export class ApiCommunityGateway extends SharedCommunityGateway {
  async list(request: FastifyRequest, query: PostListQuery): Promise<{ items: PostListItem[]; total: number }> {
    const res = await this.up.list(request, query);
    if (!isOk(res)) throw toBffError(res);
    const items = normalisePostList(res.json).map((p) => toListItem(p.post, p.counts));
    const total = res.headers.get(TOTAL_COUNT_HEADER);
    return { items, total: total !== null && /^\d+$/.test(total) ? Number(total) : (query.page - 1) * query.size + items.length };
  }

  async create(
    request: FastifyRequest,
    _user: SessionUser,
    input: PostCreateRequest,
    image: PhotoUpload | undefined,
  ): Promise<CommunityPost> {
    const res = await this.up.create(
      request,
      { postType: input.postType, title: input.title, strContent: this.clean(input.strContent) },
      image,
    );
    // On create the only 403 is a category rule.
    if (res.status === 403) throw categoryRefused(res);
    if (!isOk(res) || successFalse(res)) throw toBffError(res);
    const answered = answeredPost(res);
    if (!answered) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    return { ...answered.post, isAuthor: true };
  }

  async edit(
    request: FastifyRequest,
    user: SessionUser,
    postId: number,
    input: PostEditRequest,
    image: PhotoUpload | undefined,
  ): Promise<CommunityPost> {
    let strContent: string;
    try {
      strContent = this.clean(input.strContent);
    } catch (err) {
      // Someone else's post (or none) is said before empty content, as before anything is sent.
      await this.own(request, user, postId);
      throw err;
    }
    const dto = { postType: input.postType, title: input.title, strContent, removeImage: input.removeImage === true };
    const res = await this.up.edit(request, postId, dto, image);
    // A changed category is checked as on create (issue 24 item 13); its 403 names the reason, so it is
    // told from 'not the author' without reading the post first.
    if (isCategoryRefusal(res)) throw categoryRefused(res);
    if (!isOk(res) || successFalse(res)) throw toBffError(res, { 403: notAuthor(), 404: notFound() });
    return { ...(answeredPost(res) ?? (await this.find(request, postId))).post, isAuthor: true };
  }

  async remove(request: FastifyRequest, _user: SessionUser, postId: number): Promise<void> {
    const res = await this.up.remove(request, postId);
    if (!isOk(res) || successFalse(res)) throw toBffError(res, { 403: notAuthor(), 404: notFound(), 400: notFound() });
  }
}

/** Our api's category refusal on edit (api/src/modules/community: 403 with `x-pawbridge-reason`). */
function isCategoryRefusal(res: UpstreamResponse): boolean {
  return res.status === 403 && res.headers.get(REASON_HEADER) === 'POST_CATEGORY_NOT_ALLOWED';
}

function categoryRefused(res: UpstreamResponse): BffError {
  return new BffError(403, 'FORBIDDEN', upstreamMessage(res) || undefined, undefined, { reason: 'POST_CATEGORY_NOT_ALLOWED' });
}
