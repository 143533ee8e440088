import { z } from 'zod';
import { LIMITS } from './constants';
import { pageQueryFields } from './paging.schema';
import { requiredText } from './validation';

// Comments on lost-and-found posts (issue 27: the owner is told when someone comments). The same text
// rules as a community comment (500 characters, not blank, no control characters) and, like every
// lost-and-found text, plain text only. Rules (docs/decisions/0037): anyone reads a visible post's
// comments; members write on any visible post, open or closed (thanks after a reunion are welcome);
// nobody but admins sees or writes on a hidden post; the comment's author or an admin deletes it.

export const LOST_COMMENT_LIMITS = {
  /** As a community comment's (COMMUNITY_LIMITS.commentMax). */
  max: LIMITS.commentMax,
  /** Comments a member may write in an hour, all posts together (429 LOST_COMMENT_LIMIT beyond). */
  perMemberPerHour: 30,
} as const;

const HTML_LIKE = /<\s*[a-zA-Z!/?]/;

export const LostCommentRequestSchema = z.object({
  content: requiredText('commentRequired', LOST_COMMENT_LIMITS.max, 'commentTooLong').refine((s) => !HTML_LIKE.test(s), 'lostHtmlRefused'),
});
export type LostCommentRequest = z.infer<typeof LostCommentRequestSchema>;

const id = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'invalid')
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647, 'invalid'));

export const LostCommentParamsSchema = z.object({ id, commentId: id });

export const LostCommentsQuerySchema = z.object(pageQueryFields());

/** One comment, oldest first in a list. `author` is the nickname (decision 0035); `deletable` for its author and admins. */
export const LostCommentSchema = z.object({
  id: z.number().int().positive(),
  postId: z.number().int().positive(),
  author: z.string(),
  content: z.string(),
  createdAt: z.string(),
  mine: z.boolean(),
  deletable: z.boolean(),
});
export type LostComment = z.infer<typeof LostCommentSchema>;
export const LostCommentListSchema = z.array(LostCommentSchema);
