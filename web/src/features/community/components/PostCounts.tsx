import { Group, Text } from '@mantine/core';
import { IconHeart, IconMessageCircle } from '@tabler/icons-react';
import type { PostListItem } from '@pawbridge/shared';
import { t } from '@/messages';

/** How many liked and commented, as Daangn shows them under a title; nothing when the upstream's list does not say. */
export default function PostCounts({ post }: { post: Pick<PostListItem, 'likeCount' | 'commentCount'> }) {
  if (post.likeCount === null || post.commentCount === null) return null;
  return (
    <Group
      gap={10}
      wrap="nowrap"
      aria-label={t('community.list.counts', { likes: post.likeCount, comments: post.commentCount })}
      role="group"
    >
      <Group gap={3} wrap="nowrap" aria-hidden>
        <IconHeart size={14} />
        <Text size="xs" c="dimmed" span>
          {post.likeCount}
        </Text>
      </Group>
      <Group gap={3} wrap="nowrap" aria-hidden>
        <IconMessageCircle size={14} />
        <Text size="xs" c="dimmed" span>
          {post.commentCount}
        </Text>
      </Group>
    </Group>
  );
}
