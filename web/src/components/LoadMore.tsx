import { Button, Stack, Text } from '@mantine/core';
import { t } from '@/messages';

/** Under a paged list: how many of all are shown and, while more exist, the "show more" button (words from the catalogue). */
export default function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  onMore,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  return (
    <Stack align="center" gap={4} mt="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('paging.shown', { total, shown })}
      </Text>
      {hasMore && (
        <Button variant="light" onClick={onMore} loading={loading} loaderProps={{ 'aria-label': t('paging.loadingMore') }}>
          {t('paging.more')}
        </Button>
      )}
    </Stack>
  );
}
