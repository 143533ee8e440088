import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import type { PostListItem } from '@pawbridge/shared';
import { authorName, postDate } from '../format';
import PostCounts from './PostCounts';
import PostThumb from './PostThumb';
import PostTypeBadge from './PostTypeBadge';

/** Phones: a card per post, the whole card one link. */
export default function PostCards({ posts }: { posts: PostListItem[] }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {posts.map((p) => (
        <li key={p.id}>
          <UnstyledButton component={Link} to={`/community/${p.id}`} w="100%">
            <Paper withBorder radius="md" p="sm">
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <PostThumb src={p.imageUrl} title={p.title} size={72} />
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <PostTypeBadge type={p.postType} />
                  {/* Two lines of title (issue 25 item 6): a phone's width cut it after about 8 characters beside the badge. */}
                  <Text fw={600} lineClamp={2} style={{ wordBreak: 'keep-all', overflowWrap: 'anywhere' }}>
                    {p.title}
                  </Text>
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {p.preview}
                  </Text>
                  <Group gap="xs" justify="space-between" wrap="nowrap">
                    <Text size="xs" c="dimmed" truncate>
                      {authorName(p.author)} · {postDate(p.createdAt)}
                    </Text>
                    <PostCounts post={p} />
                  </Group>
                </Stack>
              </Group>
            </Paper>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}
