import { useState } from 'react';
import { Badge, Button, em, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconRefresh, IconSearch, IconX } from '@tabler/icons-react';
import { REGIONS, type Region } from '@pawbridge/shared';
import { t } from '@/messages';
import type { AdoptCriteria } from './adopt-feed';

interface Props {
  onSearch: (q: AdoptCriteria | null) => void;
  searching: boolean;
  /** Shelter animals are listed too: say which criteria apply to them. */
  withShelters: boolean;
}

const isRegion = (v: string): v is Region => (REGIONS as readonly string[]).includes(v);

type Field = keyof AdoptCriteria;
const FIELDS: Field[] = ['foundDate', 'foundTime', 'location', 'region'];
const FIELD_LABEL: Record<Field, string> = {
  foundDate: t('adopt.search.foundDate'),
  foundTime: t('adopt.search.foundTime'),
  location: t('adopt.search.location'),
  region: t('shelter.search.region'),
};

/**
 * Found date, found time, place text and region; all optional, all empty means "everything".
 * On a phone the form folds behind a 필터 button, so the first dogs show on the first screen,
 * and the criteria in use stand above the list as chips, each removable (issue 25 item 6).
 */
export default function AdoptSearch({ onSearch, searching, withShelters }: Props) {
  const phone = useMediaQuery(`(max-width: ${em(767)})`, false, { getInitialValueInEffect: false });
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ foundDate: '', foundTime: '', location: '', region: '' });
  const [applied, setApplied] = useState<AdoptCriteria>({});
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const criteriaOf = (v: Record<Field, string>): AdoptCriteria => {
    const q: AdoptCriteria = {};
    if (v.foundDate) q.foundDate = v.foundDate;
    if (v.foundTime) q.foundTime = v.foundTime;
    if (v.location.trim()) q.location = v.location.trim();
    if (isRegion(v.region)) q.region = v.region;
    return q;
  };
  const run = (v: Record<Field, string>) => {
    const q = criteriaOf(v);
    setApplied(q);
    onSearch(Object.keys(q).length > 0 ? q : null);
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    run(values);
    setOpen(false);
  };

  const reset = () => {
    const empty = { foundDate: '', foundTime: '', location: '', region: '' };
    setValues(empty);
    run(empty);
  };

  const removeChip = (field: Field) => {
    const next = { ...values, [field]: '' };
    setValues(next);
    run(next);
  };

  const chips = FIELDS.filter((f) => applied[f]);
  if (phone && !open) {
    return (
      <Stack gap="xs" role="search" aria-label={t('adopt.search.title')}>
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
            rightSection={
              chips.length > 0 ? (
                <Badge size="sm" circle aria-hidden>
                  {chips.length}
                </Badge>
              ) : undefined
            }
            aria-expanded={false}
            aria-label={chips.length > 0 ? t('adopt.search.filtersOn', { count: chips.length }) : t('adopt.search.filters')}
            onClick={() => setOpen(true)}
            mih={44}
          >
            {t('adopt.search.filters')}
          </Button>
          {chips.length > 0 && (
            <Group component="ul" gap={6} wrap="wrap" m={0} p={0} aria-label={t('adopt.search.chipsLabel')} style={{ listStyle: 'none' }}>
              {chips.map((f) => {
                const label = `${FIELD_LABEL[f]} ${applied[f]}`;
                return (
                  <li key={f}>
                    <Button
                      variant="light"
                      radius="xl"
                      size="compact-md"
                      mih={44}
                      rightSection={<IconX size={14} aria-hidden />}
                      aria-label={t('adopt.search.removeChip', { label })}
                      onClick={() => removeChip(f)}
                    >
                      {applied[f]}
                    </Button>
                  </li>
                );
              })}
            </Group>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} role="search" aria-label={t('adopt.search.title')}>
      {phone && (
        <Button
          variant="subtle"
          mb="xs"
          mih={44}
          leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
          aria-expanded
          onClick={() => setOpen(false)}
        >
          {t('adopt.search.filters')}
        </Button>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          type="date"
          label={t('adopt.search.foundDate')}
          value={values.foundDate}
          onChange={(e) => set('foundDate')(e.currentTarget.value)}
        />
        <TextInput
          type="time"
          label={t('adopt.search.foundTime')}
          value={values.foundTime}
          onChange={(e) => set('foundTime')(e.currentTarget.value)}
        />
        <TextInput
          label={t('adopt.search.location')}
          placeholder={t('adopt.search.locationPlaceholder')}
          maxLength={100}
          value={values.location}
          onChange={(e) => set('location')(e.currentTarget.value)}
        />
        <NativeSelect
          label={t('shelter.search.region')}
          value={values.region}
          onChange={(e) => set('region')(e.currentTarget.value)}
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
