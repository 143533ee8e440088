import { Box, Button, Card, Container, Group, Pagination, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { POST_TYPES, type PostType } from '@pawbridge/shared';
import { ListEmpty, ListError, ListLoading } from '@/components/ListState';
import { PageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';
import { t } from '@/messages';
import { PAGE_SIZE, usePostPage } from './api';
import { typeLabel } from './format';
import PostCards from './components/PostCards';
import PostTable from './components/PostTable';

const CONTROL_LABELS = {
  first: 'community.list.pageFirst',
  previous: 'community.list.pagePrevious',
  next: 'community.list.pageNext',
  last: 'community.list.pageLast',
} as const;

const isPostType = (v: string | null): v is PostType => v !== null && (POST_TYPES as readonly string[]).includes(v);

/** /community (and /community/posts): the board, one page at a time, newest first; page and category live in the URL. */
export default function CommunityListPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const postType = isPostType(typeParam) ? typeParam : undefined;
  const pageNumber = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { page, error, isLoading, reload } = usePostPage(pageNumber, postType);
  const pages = page ? Math.max(1, Math.ceil(page.total / PAGE_SIZE)) : 1;

  const go = (next: { page?: number; type?: PostType | undefined }) => {
    const p = new URLSearchParams();
    const type = 'type' in next ? next.type : postType;
    if (type) p.set('type', type);
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p);
    window.scrollTo({ top: 0 });
  };

  const shortcut = user?.isAdmin
    ? { to: '/admin/abandoned-pets', title: t('community.shortcut.admin.title'), body: t('community.shortcut.admin.body') }
    : { to: '/adopt', title: t('community.shortcut.adopt.title'), body: t('community.shortcut.adopt.body') };

  const list = () => {
    if (error && !page) return <ListError message={t('community.list.failed')} onRetry={() => void reload()} />;
    if (!page || (isLoading && !page)) return <ListLoading />;
    if (page.items.length === 0) return <ListEmpty message={postType ? t('community.list.emptyType') : t('community.list.empty')} />;
    return (
      <>
        <Box visibleFrom="sm">
          <PostTable posts={page.items} />
        </Box>
        <Box hiddenFrom="sm">
          <PostCards posts={page.items} />
        </Box>
      </>
    );
  };

  return (
    <Container size="lg" py="lg">
      <PageMeta title={t('community.list.title')} description={t('community.list.welcome')} path="/community" />
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Title order={1}>{t('community.list.title')}</Title>
            <Text c="dimmed" style={{ wordBreak: 'keep-all' }}>
              {user ? t('community.list.welcomeMember', { name: user.displayName }) : t('community.list.welcome')}
            </Text>
          </Stack>
          <Button component={Link} to="/community/createPost" leftSection={<IconPencil size={18} aria-hidden />}>
            {t('community.list.write')}
          </Button>
        </Group>

        <Card component={Link} to={shortcut.to} withBorder radius="md" p="md" bg="orange.0">
          <Text fw={700}>{shortcut.title}</Text>
          <Text size="sm" c="dimmed">
            {shortcut.body}
          </Text>
        </Card>

        <Group justify="space-between" wrap="wrap" gap="sm">
          <SegmentedControl
            aria-label={t('community.list.filterLabel')}
            value={postType ?? 'ALL'}
            onChange={(v) => go({ type: isPostType(v) ? v : undefined, page: 1 })}
            data={[
              { value: 'ALL', label: t('community.type.all') },
              ...POST_TYPES.map((type) => ({ value: type, label: typeLabel(type) })),
            ]}
          />
          {page && (
            <Text size="sm" c="dimmed" role="status">
              {t('community.list.total', { count: page.total })}
            </Text>
          )}
        </Group>

        {list()}

        {page && pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={Math.min(pageNumber, pages)}
              onChange={(n) => go({ page: n })}
              aria-label={t('community.list.pagination')}
              getItemProps={(n) => ({ 'aria-label': t('community.list.pageN', { page: n }) })}
              getControlProps={(control) => ({ 'aria-label': t(CONTROL_LABELS[control]) })}
            />
          </Group>
        )}
      </Stack>
    </Container>
  );
}
