import type { FastifyBaseLogger } from 'fastify';
import type { PostCreateRequest, PostEditRequest, PostType } from '@pawbridge/shared';
import { sanitisePostHtml } from '@pawbridge/shared/community.sanitiser';
import type { ApiContext } from '../../context';
import { domainEvent } from '../../events/index';
import { ApiHttpError } from '../../lib/errors';
import { cleanImage } from '../../lib/images';
import { keyFromUploadUrl, uploadUrl } from '../../integrations/storage';
import { CommunityRepository, type CommentRow, type ListedPostRow, type PostRow } from './community.repository';
import { DEFAULT_ERROR_MESSAGES, ERROR_REASON_MESSAGES, VALIDATION_SENTENCES } from '@pawbridge/shared';

/** Legacy sentences (legacy-contract §3.5) plus those of the rules the legacy lacked. */
export const COMMUNITY_MESSAGES = {
  loginRequired: DEFAULT_ERROR_MESSAGES.UNAUTHENTICATED,
  created: '게시글이 성공적으로 등록되었습니다.',
  postNotFound: '해당 게시글을 찾을 수 없습니다.',
  editNotFound: '커뮤니티 게시글이 없습니다.',
  notAuthor: ERROR_REASON_MESSAGES.POST_AUTHOR_ONLY,
  liked: '좋아요 완료',
  alreadyLiked: '이미 좋아요를 누른 게시글입니다.',
  commentLogin: '로그인된 유저만 댓글 작성이 가능합니다.',
  commentPostMissing: '해당 글을 찾을 수 없습니다.',
  commented: '댓글 등록 완료',
  showOffRule: '자랑 글은 반려견을 등록한 회원만 쓸 수 있습니다.',
  tempProtectRule: '임시보호 글은 관리자나 제보한 유기견을 보호 중인 회원만 쓸 수 있습니다.',
  reviewRule: '입양후기는 입양이 승인된 회원만 쓸 수 있습니다.',
  contentEmpty: VALIDATION_SENTENCES.postContentRequired,
} as const;

export const failure = (message: string) => ({ success: false, message });
export const errorBody = (error: string) => ({ error });

/** CommunityPostDto of the legacy (createdAt with its offset, so nobody reads it as local time). */
export function toPostDto(row: PostRow) {
  return {
    id: row.id,
    postType: row.postType,
    title: row.title,
    userId: row.authorUserId,
    // Not in the legacy DTO: the name others see (the BFF never passes the login id on).
    nickname: row.authorNickname,
    imgUrlContent: row.imgUrlContent,
    strContent: row.strContent,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** A CommunityPostDto in the list: with its like and comment counts (ours only; the legacy's list has neither). */
export const toListedPostDto = (row: ListedPostRow) => ({ ...toPostDto(row), likeCount: row.likeCount, commentCount: row.commentCount });

/** A comment as the legacy sends it, plus its `id` (the legacy has none); the post is not repeated in every element. */
export const toCommentDto = (row: CommentRow) => ({
  id: row.id,
  userId: row.authorUserId,
  nickname: row.authorNickname,
  content: row.content,
  createdAt: new Date(row.createdAt).toISOString(),
});

export interface Member {
  pk: number;
  role: 'USER' | 'ADMIN';
}

/**
 * Image first, row second (as pets): a failed row removes the new file, and a
 * replaced or deleted image is removed only after the row change committed.
 * HTML is sanitised here, before it is stored, so what is served is exactly
 * what was stored. Notifications hear about comments and likes through the
 * event bus, after the change committed.
 */
/** `x-pawbridge-reason` of a category refusal, on create and on edit (the BFF tells it from 'not the author'). */
export const CATEGORY_REFUSED = 'POST_CATEGORY_NOT_ALLOWED';

export class CommunityService {
  private readonly repo: CommunityRepository;
  constructor(
    private readonly ctx: ApiContext,
    private readonly log: FastifyBaseLogger,
  ) {
    this.repo = new CommunityRepository(ctx.db);
  }

  /** One page of the board, newest first, and the total for the X-Total-Count header. */
  list(opts: { postType?: PostType; limit: number; offset: number }): Promise<{ rows: ListedPostRow[]; total: number }> {
    return this.repo.list(opts);
  }

  get(id: number): Promise<PostRow | undefined> {
    return this.repo.findById(id);
  }

  likeState(postId: number, userPk: number | null): Promise<{ isLiked: boolean; likeCount: number }> {
    return this.repo.likeState(postId, userPk);
  }

  comments(postId: number): Promise<CommentRow[]> {
    return this.repo.listComments(postId);
  }

  private async storeImage(bytes: Buffer, body: (m: string) => Record<string, unknown>): Promise<string> {
    const image = await cleanImage(bytes, body);
    return uploadUrl(await this.ctx.storage.put(image.bytes, image.ext, image.thumbnail));
  }

  private async removeImage(url: string | null): Promise<void> {
    const key = keyFromUploadUrl(url);
    if (!key) return;
    await this.ctx.storage.delete(key).catch((err: unknown) => this.log.warn({ err, key }, 'could not delete post image'));
  }

  /** The legacy's category rules, answered 403 (the legacy said 500), with a reason a gateway can read without a second call. */
  private async checkCategory(member: Member, postType: PostType, body: (m: string) => Record<string, unknown> = failure): Promise<void> {
    const facts = await this.repo.authorFacts(member.pk);
    if (postType === 'SHOW_OFF' && !facts.pets) throw new ApiHttpError(403, body(COMMUNITY_MESSAGES.showOffRule), CATEGORY_REFUSED);
    if (postType === 'TEMP_PROTECT' && member.role !== 'ADMIN' && !facts.protecting)
      throw new ApiHttpError(403, body(COMMUNITY_MESSAGES.tempProtectRule), CATEGORY_REFUSED);
    if (postType === 'REVIEW' && !facts.adopted) throw new ApiHttpError(403, body(COMMUNITY_MESSAGES.reviewRule), CATEGORY_REFUSED);
  }

  private clean(html: string, body: (m: string) => Record<string, unknown>): string {
    const clean = sanitisePostHtml(html);
    // A body of nothing but a <script> is empty once cleaned.
    if (!clean.replace(/<[^>]*>/g, '').trim())
      throw new ApiHttpError(400, {
        ...body(COMMUNITY_MESSAGES.contentEmpty),
        fieldErrors: { strContent: COMMUNITY_MESSAGES.contentEmpty },
      });
    return clean;
  }

  async create(member: Member, input: PostCreateRequest, image: Buffer | undefined): Promise<PostRow> {
    await this.checkCategory(member, input.postType);
    const strContent = this.clean(input.strContent, failure);
    const url = image ? await this.storeImage(image, failure) : null;
    try {
      const id = await this.repo.insert({
        authorPk: member.pk,
        postType: input.postType,
        title: input.title,
        strContent,
        imgUrlContent: url,
      });
      return (await this.repo.findById(id))!;
    } catch (err) {
      await this.removeImage(url);
      throw err;
    }
  }

  /** Only the author edits; the image stays unless a new one comes or `removeImage` is set. */
  async edit(member: Member, id: number, input: PostEditRequest, image: Buffer | undefined): Promise<PostRow> {
    const current = await this.ownPost(member, id, errorBody);
    // The same category rules as create (issue 24 item 13): a member refused REVIEW or TEMP_PROTECT must
    // not turn a post into one by editing it. Only a change is checked, so a post keeps its category
    // when the facts behind it have changed since (a dog given away after a SHOW_OFF post).
    if (input.postType !== current.postType) await this.checkCategory(member, input.postType, errorBody);
    const strContent = this.clean(input.strContent, errorBody);
    const url = image ? await this.storeImage(image, errorBody) : input.removeImage ? null : undefined;
    let result;
    try {
      result = await this.repo.update(id, member.pk, { postType: input.postType, title: input.title, strContent }, url);
    } catch (err) {
      if (url) await this.removeImage(url);
      throw err;
    }
    if (!result) {
      if (url) await this.removeImage(url);
      throw new ApiHttpError(404, errorBody(COMMUNITY_MESSAGES.editNotFound));
    }
    if (url !== undefined && result.previousImage !== url) await this.removeImage(result.previousImage);
    return (await this.repo.findById(id))!;
  }

  async remove(member: Member, id: number): Promise<void> {
    await this.ownPost(member, id, errorBody);
    const deleted = await this.repo.deleteOwn(id, member.pk);
    if (!deleted) throw new ApiHttpError(404, errorBody(COMMUNITY_MESSAGES.editNotFound));
    await this.removeImage(deleted.imgUrlContent);
  }

  /** 404 for a missing post, 403 for someone else's (the legacy let anyone edit or delete). */
  private async ownPost(member: Member, id: number, body: (m: string) => Record<string, unknown>): Promise<PostRow> {
    const post = await this.repo.findById(id);
    if (!post) throw new ApiHttpError(404, body(COMMUNITY_MESSAGES.editNotFound));
    if (post.authorPk !== member.pk) throw new ApiHttpError(403, body(COMMUNITY_MESSAGES.notAuthor));
    return post;
  }

  async toggleLike(userPk: number, postId: number): Promise<{ liked: boolean; likeCount: number }> {
    const post = await this.repo.findById(postId);
    const result = post ? await this.repo.toggleLike(postId, userPk) : undefined;
    if (!post || !result) throw new ApiHttpError(404, errorBody(COMMUNITY_MESSAGES.commentPostMissing));
    if (result.liked && post.authorPk !== null && post.authorPk !== userPk && (await this.repo.firstLikeNotice(postId, userPk))) {
      await this.ctx.events.publish(domainEvent('like.added', { postId, likerPk: userPk, postAuthorPk: post.authorPk }));
    }
    return result;
  }

  async addLike(userPk: number, postId: number): Promise<void> {
    const post = await this.repo.findById(postId);
    if (!post) throw new ApiHttpError(404, COMMUNITY_MESSAGES.commentPostMissing);
    if (!(await this.repo.addLike(postId, userPk))) throw new ApiHttpError(409, COMMUNITY_MESSAGES.alreadyLiked);
    // Once per person and post (issue 24 item 14): a like taken back and given again rings no bell.
    if (post.authorPk !== null && post.authorPk !== userPk && (await this.repo.firstLikeNotice(postId, userPk))) {
      await this.ctx.events.publish(domainEvent('like.added', { postId, likerPk: userPk, postAuthorPk: post.authorPk }));
    }
  }

  async comment(userPk: number, postId: number, content: string): Promise<number> {
    const post = await this.repo.findById(postId);
    if (!post) throw new ApiHttpError(404, errorBody(COMMUNITY_MESSAGES.commentPostMissing));
    const commentId = await this.repo.insertComment(postId, userPk, content);
    // Unlike the legacy, nobody is told about a comment on their own post.
    if (post.authorPk !== null && post.authorPk !== userPk) {
      await this.ctx.events.publish(
        domainEvent('comment.created', { commentId, postId, commenterPk: userPk, postAuthorPk: post.authorPk }),
      );
    }
    return commentId;
  }
}
