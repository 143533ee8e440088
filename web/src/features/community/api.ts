import useSWR, { useSWRConfig } from 'swr';
import {
  COMMUNITY_LIMITS,
  CommentListSchema,
  CommunityPostSchema,
  LikeStateSchema,
  OkSchema,
  POST_IMAGE_FIELD,
  POST_JSON_PART,
  PostListSchema,
  TOTAL_COUNT_HEADER,
  type Comment,
  type CommunityPost,
  type LikeState,
  type PostCreateRequest,
  type PostEditRequest,
  type PostListItem,
  type PostType,
} from '@pawbridge/shared';
import { api } from '@/lib/api-client';
import { useLiveNotice } from '@/lib/live-notices';

export const POSTS_PATH = '/api/community/posts';
export const postPath = (id: number) => `/api/community/description/${id}`;
const likePath = (id: number) => `/api/community/like/${id}`;
const commentsPath = (id: number) => `/api/community/comments/${id}`;

export const PAGE_SIZE = COMMUNITY_LIMITS.pageSizeDefault;

export interface PostPage {
  items: PostListItem[];
  total: number;
}

async function fetchPage(page: number, postType: PostType | undefined): Promise<PostPage> {
  let total = 0;
  const items = await api(POSTS_PATH, {
    query: { page, size: PAGE_SIZE, postType },
    schema: PostListSchema,
    onHeaders: (h) => {
      total = Number(h.get(TOTAL_COUNT_HEADER) ?? 0) || 0;
    },
  });
  return { items, total: Math.max(total, items.length) };
}

/** One page of the list (newest first), optionally one category; the previous page stays on screen while the next loads. */
export function usePostPage(page: number, postType: PostType | undefined) {
  const { data, error, isLoading, mutate } = useSWR<PostPage>([POSTS_PATH, page, postType ?? ''], () => fetchPage(page, postType), {
    keepPreviousData: true,
  });
  return { page: data, error: error as unknown, isLoading, reload: () => mutate() };
}

export function usePost(id: number | null) {
  const { data, error, isLoading, mutate } = useSWR<CommunityPost>(
    id ? postPath(id) : null,
    () => api(postPath(id ?? 0), { schema: CommunityPostSchema }),
    { shouldRetryOnError: false },
  );
  return {
    post: data,
    error: error as unknown,
    isLoading,
    reload: () => mutate(),
    set: (p: CommunityPost) => mutate(p, { revalidate: false }),
  };
}

export function useLike(id: number | null) {
  const key = id ? `${likePath(id)}/count` : null;
  const { data, mutate } = useSWR<LikeState>(key, () => api(`${likePath(id ?? 0)}/count`, { schema: LikeStateSchema }));
  return { like: data, set: (s: LikeState) => mutate(s, { revalidate: false }), reload: () => mutate() };
}

export function useComments(id: number | null) {
  const { data, error, isLoading, mutate } = useSWR<Comment[]>(id ? commentsPath(id) : null, () =>
    api(commentsPath(id ?? 0), { schema: CommentListSchema }),
  );
  return { comments: data, error: error as unknown, isLoading, reload: () => mutate() };
}

/**
 * An open post follows its likes and comments live (issue 25 item 7): the
 * author's bell hears of each one, and the post on screen then reads its like
 * count or its comments again. SWR keeps what is shown while it reads, so
 * nothing flickers and the reader stays where they are. The legacy names no
 * post id, only its title, which then has to match.
 */
export function useLivePost(post: Pick<CommunityPost, 'id' | 'title'> | undefined) {
  const { mutate } = useSWRConfig();
  useLiveNotice((n) => {
    if (!post || (n.kind !== 'LIKE' && n.kind !== 'COMMENT')) return;
    const same = n.about.postId !== null ? n.about.postId === post.id : n.about.postTitle === post.title;
    if (!same) return;
    void mutate(n.kind === 'LIKE' ? `${likePath(post.id)}/count` : commentsPath(post.id));
  });
}

/** Multipart as the spec says: the JSON part `communityPost` and the optional file part `imgUrlContent`. */
function postForm(input: PostCreateRequest | PostEditRequest, image: File | null): FormData {
  const form = new FormData();
  form.append(POST_JSON_PART, JSON.stringify(input));
  if (image) form.append(POST_IMAGE_FIELD, image);
  return form;
}

export function createPost(input: PostCreateRequest, image: File | null): Promise<CommunityPost> {
  return api('/api/community/createPost', { method: 'POST', form: postForm(input, image), schema: CommunityPostSchema });
}

export function editPost(id: number, input: PostEditRequest, image: File | null): Promise<CommunityPost> {
  return api(`${postPath(id)}/edit`, { method: 'POST', form: postForm(input, image), schema: CommunityPostSchema });
}

export function deletePost(id: number): Promise<unknown> {
  return api(`${postPath(id)}/delete`, { method: 'DELETE', schema: OkSchema });
}

export function toggleLike(id: number): Promise<LikeState> {
  return api(`${likePath(id)}/toggle`, { method: 'POST', schema: LikeStateSchema });
}

export function addComment(id: number, content: string): Promise<unknown> {
  return api(`/api/community/comment/${id}`, { method: 'POST', json: { content }, schema: OkSchema });
}
