import { Anchor, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { PostListItem } from '@pawbridge/shared';
import { t } from '@/messages';
import { authorName, postDate } from '../format';
import PostCounts from './PostCounts';
import PostThumb from './PostThumb';
import PostTypeBadge from './PostTypeBadge';

/** Wide screens: one row per post; the title is the link (keyboard), the whole row answers a click too. */
export default function PostTable({ posts }: { posts: PostListItem[] }) {
  const navigate = useNavigate();
  return (
    <Table highlightOnHover verticalSpacing="sm" captionSide="top">
      <Table.Caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {t('community.list.caption')}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={72}>{t('community.list.col.image')}</Table.Th>
          <Table.Th w={104}>{t('community.list.col.type')}</Table.Th>
          <Table.Th>{t('community.list.col.title')}</Table.Th>
          <Table.Th w={140}>{t('community.list.col.author')}</Table.Th>
          <Table.Th w={112}>{t('community.list.col.date')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {posts.map((p) => (
          <Table.Tr key={p.id} style={{ cursor: 'pointer' }} onClick={() => navigate(`/community/${p.id}`)}>
            <Table.Td>
              <PostThumb src={p.imageUrl} title={p.title} size={56} />
            </Table.Td>
            <Table.Td>
              <PostTypeBadge type={p.postType} />
            </Table.Td>
            <Table.Td>
              <Anchor component={Link} to={`/community/${p.id}`} fw={600} c="dark.7" onClick={(e) => e.stopPropagation()} lineClamp={1}>
                {p.title}
              </Anchor>
              <Text size="sm" c="dimmed" lineClamp={1}>
                {p.preview}
              </Text>
              <PostCounts post={p} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" lineClamp={1}>
                {authorName(p.author)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c="dimmed">
                {postDate(p.createdAt)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
