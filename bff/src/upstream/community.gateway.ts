import type { FastifyRequest } from 'fastify';
import {
  type Comment,
  type CommunityPost,
  type LikeState,
  type PostCreateRequest,
  type PostEditRequest,
  type PostListItem,
  type PostListQuery,
  type Session,
  type SessionUser,
} from '@pawbridge/shared';
import { sanitisePostHtml } from '@pawbridge/shared/community.sanitiser';
import { BffError, validationError } from '../errors/bff-error';
import { normaliseComments, normaliseLike, normalisePost, type UpstreamPost } from '../normalisers/community.normaliser';
import { isOk, toBffError, type UpstreamClient, type UpstreamResponse } from './client';
import { communityUpstream } from './community.upstream';
import type { PhotoUpload } from './pets.upstream';

export const notFound = () => BffError.because(404, 'NOT_FOUND', 'POST_NOT_FOUND');
export const notAuthor = () => BffError.because(403, 'FORBIDDEN', 'POST_AUTHOR_ONLY');
export const commentLoginRequired = () => BffError.because(401, 'UNAUTHENTICATED', 'COMMENT_LOGIN_REQUIRED');

/** A post is the caller's when its author is their login id, username or e-mail (spec §6). */
export function isAuthorOf(user: SessionUser | { loggedIn: false }, authorId: string | null): boolean {
  if (!user.loggedIn || !authorId) return false;
  return [user.userId, user.username, user.email].some((v) => v !== null && v !== '' && v === authorId);
}

export const successFalse = (res: UpstreamResponse) => (res.json as { success?: unknown } | undefined)?.success === false;

/** The community board (spec §2, §3, §4 Like, §7 Community); writes take the caller, checked by the route. */
export interface CommunityGateway {
  /** A page of the list, newest first. */
  list(request: FastifyRequest, query: PostListQuery): Promise<{ items: PostListItem[]; total: number }>;
  detail(request: FastifyRequest, postId: number, viewer: Session): Promise<CommunityPost>;
  create(request: FastifyRequest, user: SessionUser, input: PostCreateRequest, image: PhotoUpload | undefined): Promise<CommunityPost>;
  /** The image stays unless a new one comes or `removeImage` is set. 404 for no post, 403 for someone else's. */
  edit(
    request: FastifyRequest,
    user: SessionUser,
    postId: number,
    input: PostEditRequest,
    image: PhotoUpload | undefined,
  ): Promise<CommunityPost>;
  remove(request: FastifyRequest, user: SessionUser, postId: number): Promise<void>;
  likeState(request: FastifyRequest, postId: number): Promise<LikeState>;
  /** The state right after the toggle (the caller is logged in). */
  toggleLike(request: FastifyRequest, postId: number): Promise<LikeState>;
  comments(request: FastifyRequest, postId: number): Promise<Comment[]>;
  comment(request: FastifyRequest, postId: number, content: string): Promise<void>;
}

/**
 * What both upstreams share. HTML is sanitised before it goes upstream and
 * again whenever it comes back; reads, likes and comments are the same calls.
 */
export abstract class SharedCommunityGateway implements CommunityGateway {
  protected readonly up;
  constructor(client: UpstreamClient) {
    this.up = communityUpstream(client);
  }

  abstract list(request: FastifyRequest, query: PostListQuery): Promise<{ items: PostListItem[]; total: number }>;
  abstract create(
    request: FastifyRequest,
    user: SessionUser,
    input: PostCreateRequest,
    image: PhotoUpload | undefined,
  ): Promise<CommunityPost>;
  abstract edit(
    request: FastifyRequest,
    user: SessionUser,
    postId: number,
    input: PostEditRequest,
    image: PhotoUpload | undefined,
  ): Promise<CommunityPost>;
  abstract remove(request: FastifyRequest, user: SessionUser, postId: number): Promise<void>;

  /** Seen a post (the legacy's photo set remembers its cover). */
  protected seen(_post: UpstreamPost): void {}

  protected async find(request: FastifyRequest, postId: number): Promise<UpstreamPost> {
    const res = await this.up.detail(request, postId);
    // The legacy answers an unknown post 404 text, or 500 "오류 발생" for a broken row.
    if (res.status === 404 || res.status === 400) throw notFound();
    if (!isOk(res)) throw toBffError(res);
    const found = normalisePost(res.json);
    // A 200 that is no post is the upstream's fault, not a missing post (issue 23 item 12).
    if (!found) throw new BffError(502, 'UPSTREAM_BAD_RESPONSE');
    this.seen(found);
    return found;
  }

  /** 404 for no post, 403 for someone else's — before anything is forwarded. */
  protected async own(request: FastifyRequest, user: SessionUser, postId: number): Promise<UpstreamPost> {
    const found = await this.find(request, postId);
    if (!isAuthorOf(user, found.authorLoginId)) throw notAuthor();
    return found;
  }

  protected clean(html: string): string {
    const clean = sanitisePostHtml(html);
    if (!clean.replace(/<[^>]*>/g, '').trim()) throw validationError({ strContent: 'postContentRequired' });
    return clean;
  }

  async detail(request: FastifyRequest, postId: number, viewer: Session): Promise<CommunityPost> {
    const found = await this.find(request, postId);
    return { ...found.post, isAuthor: isAuthorOf(viewer, found.authorLoginId) };
  }

  async likeState(request: FastifyRequest, postId: number): Promise<LikeState> {
    const res = await this.up.likeCount(request, postId);
    if (!isOk(res)) throw toBffError(res);
    const state = normaliseLike(res.json);
    if (!state) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    return state;
  }

  /** A refused toggle → the envelope (the legacy's needs a second look: upstream/legacy). */
  protected async likeFailure(_request: FastifyRequest, _postId: number, res: UpstreamResponse): Promise<BffError> {
    return toBffError(res, { 404: notFound() });
  }

  /** Whichever key the upstream used for the state. */
  async toggleLike(request: FastifyRequest, postId: number): Promise<LikeState> {
    const res = await this.up.toggleLike(request, postId);
    if (!isOk(res)) throw await this.likeFailure(request, postId, res);
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
    const res = await this.up.comment(request, postId, content);
    if (!isOk(res)) throw this.commentError(res);
  }

  protected commentError(res: UpstreamResponse): BffError {
    return toBffError(res, { 404: notFound(), 401: commentLoginRequired() });
  }
}
