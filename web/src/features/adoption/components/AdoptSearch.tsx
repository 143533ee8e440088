import { useState } from 'react';
import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { REGIONS, type Region } from '@pawbridge/shared';
import { t } from '@/messages';
import type { AdoptCriteria } from './adopt-feed';

interface Props {
  /** The criteria the page opened with (from its address). */
  initial?: AdoptCriteria | null;
  onSearch: (q: AdoptCriteria | null) => void;
  searching: boolean;
  /** Shelter animals are listed too: say which criteria apply to them. */
  withShelters: boolean;
}

const isRegion = (v: string): v is Region => (REGIONS as readonly string[]).includes(v);

/** Found date, found time, place text and region; all optional, all empty means "everything". */
export default function AdoptSearch({ initial, onSearch, searching, withShelters }: Props) {
  const [foundDate, setFoundDate] = useState(initial?.foundDate ?? '');
  const [foundTime, setFoundTime] = useState(initial?.foundTime ?? '');
  const [location, setLocation] = useState(initial?.location ?? '');
  const [region, setRegion] = useState<string>(initial?.region ?? '');

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const q: AdoptCriteria = {};
    if (foundDate) q.foundDate = foundDate;
    if (foundTime) q.foundTime = foundTime;
    if (location.trim()) q.location = location.trim();
    if (isRegion(region)) q.region = region;
    onSearch(Object.keys(q).length > 0 ? q : null);
  };

  const reset = () => {
    setFoundDate('');
    setFoundTime('');
    setLocation('');
    setRegion('');
    onSearch(null);
  };

  return (
    // A plain GET form too: without JavaScript the server render reads the criteria from the address.
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      method="get"
      action="/adopt"
      onSubmit={submit}
      role="search"
      aria-label={t('adopt.search.title')}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          type="date"
          label={t('adopt.search.foundDate')}
          name="foundDate"
          value={foundDate}
          onChange={(e) => setFoundDate(e.currentTarget.value)}
        />
        <TextInput
          type="time"
          label={t('adopt.search.foundTime')}
          name="foundTime"
          value={foundTime}
          onChange={(e) => setFoundTime(e.currentTarget.value)}
        />
        <TextInput
          label={t('adopt.search.location')}
          name="location"
          placeholder={t('adopt.search.locationPlaceholder')}
          maxLength={100}
          value={location}
          onChange={(e) => setLocation(e.currentTarget.value)}
        />
        <NativeSelect
          label={t('shelter.search.region')}
          name="region"
          value={region}
          onChange={(e) => setRegion(e.currentTarget.value)}
          data={[{ value: '', label: t('shelter.search.regionAll') }, ...REGIONS.map((r) => ({ value: r, label: r }))]}
        />
        <Group gap="xs" align="flex-end" grow>
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} loading={searching}>
            {t('adopt.search.submit')}
          </Button>
          <Button type="button" variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={reset}>
            {t('adopt.search.reset')}
          </Button>
        </Group>
      </SimpleGrid>
      <Stack gap={2} mt="xs">
        <Text size="xs" c="dimmed">
          {t('adopt.search.hint')}
        </Text>
        {withShelters && (
          <Text size="xs" c="dimmed">
            {t('shelter.search.timeHint')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
