import type { ColumnType, Generated } from 'kysely';
import type { PostType } from '@pawbridge/shared';

export interface CommunityPostsTable {
  id: Generated<number>;
  authorPk: number | null;
  postType: PostType;
  title: string;
  /** Sanitised HTML. */
  strContent: string;
  /** `/uploads/<key>` or null. */
  imgUrlContent: string | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
  updatedAt: Date | null;
}

export interface CommunityCommentsTable {
  id: Generated<number>;
  postId: number;
  authorPk: number | null;
  content: string;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

export interface CommunityLikesTable {
  postId: number;
  userPk: number;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

/** A like that has been announced to the post's author (once per person and post). */
export interface CommunityLikeNoticesTable {
  postId: number;
  userPk: number;
}

export interface CommunityTables {
  communityPosts: CommunityPostsTable;
  communityComments: CommunityCommentsTable;
  communityLikes: CommunityLikesTable;
  communityLikeNotices: CommunityLikeNoticesTable;
}
