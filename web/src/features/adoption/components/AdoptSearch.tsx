import { useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import type { StraySearchQuery } from '@pawbridge/shared';
import { t } from '@/messages';

interface Props {
  onSearch: (q: StraySearchQuery | null) => void;
  searching: boolean;
}

/** Found date, found time and place text; all optional, all empty means "everything". */
export default function AdoptSearch({ onSearch, searching }: Props) {
  const [foundDate, setFoundDate] = useState('');
  const [foundTime, setFoundTime] = useState('');
  const [location, setLocation] = useState('');

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const q: StraySearchQuery = {};
    if (foundDate) q.foundDate = foundDate;
    if (foundTime) q.foundTime = foundTime;
    if (location.trim()) q.location = location.trim();
    onSearch(Object.keys(q).length > 0 ? q : null);
  };

  const reset = () => {
    setFoundDate('');
    setFoundTime('');
    setLocation('');
    onSearch(null);
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} role="search" aria-label={t('adopt.search.title')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
        <TextInput type="date" label={t('adopt.search.foundDate')} value={foundDate} onChange={(e) => setFoundDate(e.currentTarget.value)} />
        <TextInput type="time" label={t('adopt.search.foundTime')} value={foundTime} onChange={(e) => setFoundTime(e.currentTarget.value)} />
        <TextInput label={t('adopt.search.location')} placeholder={t('adopt.search.locationPlaceholder')} maxLength={100} value={location} onChange={(e) => setLocation(e.currentTarget.value)} />
        <Group gap="xs" align="flex-end" grow>
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} loading={searching}>
            {t('adopt.search.submit')}
          </Button>
          <Button type="button" variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={reset}>
            {t('adopt.search.reset')}
          </Button>
        </Group>
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs">
        {t('adopt.search.hint')}
      </Text>
    </Paper>
  );
}
