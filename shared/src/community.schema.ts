import { z } from 'zod';
import { LIMITS, POST_TYPES } from './constants';
import { pageQueryFields } from './paging.schema';
import { hasControlChars, PositiveIdSchema, requiredText } from './validation';

export const PostTypeSchema = z.enum(POST_TYPES);
export type PostType = z.infer<typeof PostTypeSchema>;

export const COMMUNITY_LIMITS = {
  titleMax: LIMITS.postTitleMax,
  commentMax: LIMITS.commentMax,
  previewMax: LIMITS.postListPreview,
  /** Stored HTML (after sanitising); a long post with formatting fits, a pasted megabyte does not. */
  contentMax: 50_000,
  pageSizeDefault: 10,
  pageSizeMax: 50,
} as const;

// Validation message keys of this domain (postTitleRequired, commentTooLong, ...) live in VALIDATION_MESSAGES.

/**
 * Visible text of an HTML fragment, for "is the body blank?" checks and list
 * previews. Not a sanitiser: the HTML itself is cleaned by community.sanitiser.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/h\d|\/li|\/blockquote|\/pre)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The list's preview: the body's text, at most 50 characters (spec §9). */
export const postPreview = (html: string): string => {
  const chars = Array.from(htmlToText(html));
  return chars.length > COMMUNITY_LIMITS.previewMax ? `${chars.slice(0, COMMUNITY_LIMITS.previewMax).join('')}…` : chars.join('');
};

const postContent = z
  .string({ error: 'postContentRequired' })
  .refine((s) => !hasControlChars(s.replace(/[\t\n\r]/g, '')), { message: 'textControlChars', abort: true })
  .refine((s) => htmlToText(s).length > 0, { message: 'postContentRequired', abort: true })
  .refine((s) => s.length <= COMMUNITY_LIMITS.contentMax, 'postContentTooLong');

const postFields = {
  postType: z.enum(POST_TYPES, { error: 'postTypeRequired' }),
  title: requiredText('postTitleRequired', COMMUNITY_LIMITS.titleMax, 'postTitleTooLong'),
  /** HTML from the editor; the servers sanitise it before storing and serving. */
  strContent: postContent,
};

/** JSON part `communityPost` of a new post (the cover image is the file part `imgUrlContent`). */
export const PostCreateRequestSchema = z.object(postFields);
export type PostCreateRequest = z.infer<typeof PostCreateRequestSchema>;

/**
 * JSON part `communityPost` of an edit. The cover image stays unless a new
 * file comes or `removeImage` is true (the legacy cleared it on every edit).
 */
export const PostEditRequestSchema = z.object({ ...postFields, removeImage: z.boolean().optional() });
export type PostEditRequest = z.infer<typeof PostEditRequestSchema>;

/** Multipart names of the create and edit calls (spec §7 Community). */
export const POST_JSON_PART = 'communityPost';
export const POST_IMAGE_FIELD = 'imgUrlContent';

/** A post as the browser sees it; `content` is sanitised HTML. */
export const CommunityPostSchema = z.object({
  id: z.number().int().positive(),
  postType: PostTypeSchema,
  title: z.string(),
  content: z.string(),
  /** `/uploads/<key>` served by the BFF, or null. */
  imageUrl: z.string().nullable(),
  /**
   * The name the author is shown by: their nickname, or a masked login id ("min***") where the
   * upstream has no nicknames. Never the login id itself. Null when unknown (shown as "익명").
   */
  author: z.string().nullable(),
  createdAt: z.string(),
  /** True when the caller wrote it: only then may they edit or delete it. */
  isAuthor: z.boolean(),
});
export type CommunityPost = z.infer<typeof CommunityPostSchema>;

export const PostListItemSchema = CommunityPostSchema.omit({ content: true, isAuthor: true }).extend({
  /** The body's text, tags stripped, at most 50 characters. */
  preview: z.string(),
  /** How many liked it and how many comments it has; null when the upstream's list does not say (the legacy). */
  likeCount: z.number().int().min(0).nullable(),
  commentCount: z.number().int().min(0).nullable(),
});
export type PostListItem = z.infer<typeof PostListItemSchema>;
export const PostListSchema = z.array(PostListItemSchema);

export const PostListQuerySchema = z.object({
  ...pageQueryFields({ sizeDefault: COMMUNITY_LIMITS.pageSizeDefault, sizeMax: COMMUNITY_LIMITS.pageSizeMax }),
  postType: PostTypeSchema.optional(),
});
export type PostListQuery = z.infer<typeof PostListQuerySchema>;

export const PostIdParamsSchema = z.object({ postId: PositiveIdSchema });

/** Always both fields, whichever upstream answered (the legacy says `liked` on toggle, `isLiked` on count). */
export const LikeStateSchema = z.object({ isLiked: z.boolean(), likeCount: z.number().int().min(0) });
export type LikeState = z.infer<typeof LikeStateSchema>;

export const CommentSchema = z.object({
  /** Stable key for lists (the legacy sends no id; the BFF derives one). */
  id: z.string(),
  content: z.string(),
  /** As a post's `author`: the nickname or a masked login id, never the login id. */
  author: z.string().nullable(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof CommentSchema>;
export const CommentListSchema = z.array(CommentSchema);

export const CommentRequestSchema = z.object({ content: requiredText('commentRequired', COMMUNITY_LIMITS.commentMax, 'commentTooLong') });
export type CommentRequest = z.infer<typeof CommentRequestSchema>;
