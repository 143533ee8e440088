import { useState } from 'react';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { SavedSearch } from '@pawbridge/shared/favourites.schema';
import { errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { touchTargetClass } from '@/components/form/input-action';
import { ListEmpty, ListError, ListLoading } from '@/components/ListState';
import { t } from '@/messages';
import { deleteSearch, useSavedSearches } from './api';
import { searchHref, searchName } from './search-name';

/** My page's saved searches (issue 28): each named in words, a link to the adopt list with it, and delete. */
export default function SavedSearches() {
  const { data, error, isLoading, mutate } = useSavedSearches(true);
  const [deleting, setDeleting] = useState<number | null>(null);

  const remove = async (s: SavedSearch) => {
    setDeleting(s.id);
    try {
      await deleteSearch(s.id);
      notifySuccess(t('search.list.deleted'));
    } catch (err) {
      notifyError(errorMessage(err, 'search.saveFailed'));
    } finally {
      setDeleting(null);
      await mutate();
    }
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('search.list.title')}
      </Title>
      <Text size="sm" c="gray.7">
        {t('search.list.intro')}
      </Text>
      {isLoading ? (
        <ListLoading />
      ) : error ? (
        <ListError message={t('search.list.failed')} onRetry={() => void mutate()} />
      ) : !data || data.length === 0 ? (
        <ListEmpty message={t('search.list.empty')} />
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('search.list.title')}>
          {data.map((s) => {
            const name = searchName(s);
            return (
              <Card key={s.id} withBorder radius="md" padding="sm" component="li">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Anchor component={Link} to={searchHref(s)} fw={600} py={10} aria-label={t('search.list.open', { name })}>
                    {name}
                  </Anchor>
                  <Button
                    variant="default"
                    color="red"
                    className={touchTargetClass}
                    loading={deleting === s.id}
                    onClick={() => void remove(s)}
                    aria-label={t('search.list.delete', { name })}
                  >
                    {t('common.delete')}
                  </Button>
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
