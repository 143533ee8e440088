import {
  authorLabel,
  POST_TYPES,
  postPreview,
  type Comment,
  type CommunityPost,
  type LikeState,
  type PostListItem,
  type PostType,
} from '@pawbridge/shared';
import { sanitisePostHtml } from '@pawbridge/shared/community.sanitiser';
import { isoInstant } from './adoption.normaliser';
import { photoPath, positiveId, unwrapList } from './stray.normaliser';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export function postType(v: unknown): PostType | null {
  const s = text(v)?.toUpperCase();
  return s && (POST_TYPES as readonly string[]).includes(s) ? (s as PostType) : null;
}

/** A post as the upstream holds it: the contract's fields, plus the image value the legacy's edit must be sent back. */
export interface UpstreamPost {
  post: Omit<CommunityPost, 'isAuthor'>;
  /** The author's login id: only for deciding who may edit, never sent to the browser. */
  authorLoginId: string | null;
  /** Our api's list says how many liked and commented; the legacy's says neither (null). */
  counts: { likeCount: number | null; commentCount: number | null };
  /** `imgUrlContent` exactly as stored upstream (the legacy clears it when an edit omits it). */
  storedImage: string | null;
}

/**
 * One CommunityPostDto (legacy or our api) → the contract; null when it has no
 * usable id or category. The body is sanitised here whatever the upstream
 * stored: a legacy database may hold anything.
 */
export function normalisePost(raw: unknown): UpstreamPost | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const id = positiveId(r.id);
  const type = postType(r.postType);
  if (id === null || type === null) return null;
  return {
    post: {
      id,
      postType: type,
      title: text(r.title) ?? '',
      content: sanitisePostHtml(typeof r.strContent === 'string' ? r.strContent : ''),
      imageUrl: photoPath(r.imgUrlContent),
      // Our api sends the nickname; the legacy has none, so others see a masked login id (decision 0035).
      author: authorLabel(text(r.nickname), text(r.userId)),
      createdAt: isoInstant(r.createdAt) ?? '',
    },
    authorLoginId: text(r.userId),
    storedImage: typeof r.imgUrlContent === 'string' ? r.imgUrlContent : null,
    counts: { likeCount: count(r.likeCount), commentCount: count(r.commentCount) },
  };
}

const count = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null);

export const normalisePostList = (raw: unknown): UpstreamPost[] =>
  unwrapList(raw)
    .map(normalisePost)
    .filter((p): p is UpstreamPost => p !== null);

export function toListItem(
  p: UpstreamPost['post'],
  counts: UpstreamPost['counts'] = { likeCount: null, commentCount: null },
): PostListItem {
  const { content, ...rest } = p;
  return { ...rest, preview: postPreview(content), ...counts };
}

/** Newest first, as the legacy promises and our api pages; ties by id so pages never overlap. */
export const byNewest = (a: UpstreamPost, b: UpstreamPost): number =>
  b.post.createdAt.localeCompare(a.post.createdAt) || b.post.id - a.post.id;

/** `{isLiked, likeCount}` from the count answer (`isLiked`), the legacy toggle (`liked`) or ours (both). */
export function normaliseLike(raw: unknown): LikeState | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const liked = typeof r.isLiked === 'boolean' ? r.isLiked : typeof r.liked === 'boolean' ? r.liked : null;
  const count =
    typeof r.likeCount === 'number'
      ? r.likeCount
      : typeof r.likeCount === 'string' && /^\d+$/.test(r.likeCount)
        ? Number(r.likeCount)
        : null;
  if (liked === null || count === null || !Number.isSafeInteger(count) || count < 0) return null;
  return { isLiked: liked, likeCount: count };
}

/**
 * Comments, newest first. Our api sends an id; the legacy none (and repeats
 * the whole post in each element, ignored here), so one is derived from the
 * post, the time and the position.
 */
export function normaliseComments(raw: unknown, postId: number): Comment[] {
  const out: Comment[] = [];
  unwrapList(raw).forEach((item, index) => {
    if (!item || typeof item !== 'object') return;
    const r = item as Record<string, unknown>;
    const content = text(r.content);
    if (!content) return;
    const createdAt = isoInstant(r.createdAt ?? r.created_at) ?? '';
    const id = positiveId(r.id);
    out.push({
      id: id !== null ? String(id) : `${postId}-${createdAt}-${index}`,
      content,
      author: authorLabel(text(r.nickname), text(r.userId)),
      createdAt,
    });
  });
  return out;
}
