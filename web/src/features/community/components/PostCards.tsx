import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import type { PostListItem } from '@pawbridge/shared';
import { authorName, postDate } from '../format';
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
                  <Group gap={6} wrap="nowrap">
                    <PostTypeBadge type={p.postType} />
                    <Text fw={600} lineClamp={1}>
                      {p.title}
                    </Text>
                  </Group>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {p.preview}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {authorName(p.author)} · {postDate(p.createdAt)}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}
