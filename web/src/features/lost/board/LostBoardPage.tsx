import '@/messages/lost-board';
import { lazy, Suspense } from 'react';
import { Button, Container, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import LoadMore from '@/components/LoadMore';
import { ListEmpty, ListError, ListLoading } from '@/components/ListState';
import NotFoundPage from '@/components/NotFoundPage';
import { PageMeta } from '@/lib/page-meta';
import { usePublicConfig } from '@/lib/public-config';
import { useSession } from '@/lib/session';
import { t } from '@/messages';
import { useLostBoard } from '../api';
import { activeFields, filtersFromParams, filtersToParams, type LostFilterValues } from './filters';
import LostCard from './LostCard';
import LostFilters from './LostFilters';

// The map and its engine load only when a visitor switches to it.
const LostMap = lazy(() => import('./LostMap'));

type View = 'list' | 'map';

/** /lost — the lost-and-found board: missing, found and seen posts together, newest first; filters and the list/map choice in the address. */
export default function LostBoardPage() {
  const { config } = usePublicConfig();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const view: View = params.get('view') === 'map' ? 'map' : 'list';
  // In front of the legacy there is no board (the BFF answers 501): the page is not there.
  const available = config?.lostAndFound === true;
  const board = useLostBoard(filters, available && view === 'list');

  if (config && !available) return <NotFoundPage />;

  const go = (next: LostFilterValues, nextView: View = view) => {
    const p = filtersToParams(next);
    if (nextView === 'map') p.set('view', 'map');
    setParams(p, { replace: true, preventScrollReset: true });
  };
  // A visitor's write buttons go to the login first (writing needs a member).
  const writeTo = (path: string) => (user ? path : '/login');
  const searched = activeFields(filters).length > 0;

  let list: React.ReactNode;
  if (board.isLoading || (!board.items && !board.error)) list = <ListLoading />;
  else if (board.error !== undefined && !board.items?.length)
    list = <ListError message={t('lost.board.loadFailed')} onRetry={() => void board.reload()} />;
  else if (!board.items?.length) list = <ListEmpty message={t(searched ? 'lost.board.emptySearch' : 'lost.board.empty')} />;
  else
    list = (
      <>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {board.items.map((post, i) => (
            <li key={post.id}>
              <LostCard post={post} first={i === 0} />
            </li>
          ))}
        </SimpleGrid>
        <LoadMore
          shown={board.items.length}
          total={board.total}
          hasMore={board.hasMore}
          loading={board.loadingMore}
          onMore={board.loadMore}
        />
      </>
    );

  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <PageMeta title={t('lost.board.title')} description={t('lost.board.intro')} path="/lost" />
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Stack gap={4} maw={640}>
            <Title order={1}>{t('lost.board.title')}</Title>
            <Text c="dimmed" style={{ wordBreak: 'keep-all' }}>
              {t('lost.board.intro')}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap">
            <Button
              component={Link}
              to={writeTo('/lost/new/missing')}
              color="red"
              mih={44}
              leftSection={<IconPencil size={18} aria-hidden />}
            >
              {t('lost.board.writeMissing')}
            </Button>
            <Button
              component={Link}
              to={writeTo('/lost/new/sighting')}
              variant="default"
              mih={44}
              leftSection={<IconPencil size={18} aria-hidden />}
            >
              {t('lost.board.writeSighting')}
            </Button>
          </Group>
        </Group>
        <LostFilters key={params.toString()} applied={filters} onApply={(v) => go(v)} searching={board.isLoading} />
        <Group justify="space-between" wrap="wrap">
          <SegmentedControl
            aria-label={t('lost.board.view')}
            value={view}
            onChange={(v) => go(filters, v as View)}
            data={[
              { value: 'list', label: t('lost.board.viewList') },
              { value: 'map', label: t('lost.board.viewMap') },
            ]}
            size="md"
          />
          {view === 'list' && board.items && board.error === undefined && (
            <Text size="sm" aria-live="polite">
              {t('lost.board.count', { count: board.total })}
            </Text>
          )}
        </Group>
        {view === 'map' ? (
          <Suspense fallback={<ListLoading />}>
            <LostMap filters={filters} />
          </Suspense>
        ) : (
          list
        )}
      </Stack>
    </Container>
  );
}
