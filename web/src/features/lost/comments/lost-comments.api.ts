import { LostCommentListSchema, LostCreatedSchema, type LostComment } from '@pawbridge/shared/lost.schema';
import { api } from '@/lib/api-client';
import { usePagedList } from '@/lib/use-paged-list';

/** A lost post's comments path (the BFF's, docs/decisions/0041). */
export const lostCommentsPath = (postId: number) => `/api/lost/posts/${postId}/comments`;

/** The comments, oldest first, page by page. */
export function useLostComments(postId: number) {
  return usePagedList<LostComment>(lostCommentsPath(postId), LostCommentListSchema);
}

export function addLostComment(postId: number, content: string): Promise<{ id: number }> {
  return api(lostCommentsPath(postId), { method: 'POST', json: { content }, schema: LostCreatedSchema });
}

export function deleteLostComment(postId: number, commentId: number): Promise<unknown> {
  return api(`${lostCommentsPath(postId)}/${commentId}`, { method: 'DELETE' });
}
