import { useId, useState } from 'react';
import { Badge, Box, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconRefresh, IconSearch, IconX } from '@tabler/icons-react';
import { REGIONS, type Region } from '@pawbridge/shared';
import { t } from '@/messages';
import { criteriaToParams, type AdoptCriteria } from './adopt-feed';
import classes from './AdoptSearch.module.css';

interface Props {
  /** The criteria the page opened with (from its address). */
  initial?: AdoptCriteria | null;
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
const EMPTY: Record<Field, string> = { foundDate: '', foundTime: '', location: '', region: '' };

const criteriaOf = (v: Record<Field, string>): AdoptCriteria => {
  const q: AdoptCriteria = {};
  if (v.foundDate) q.foundDate = v.foundDate;
  if (v.foundTime) q.foundTime = v.foundTime;
  if (v.location.trim()) q.location = v.location.trim();
  if (isRegion(v.region)) q.region = v.region;
  return q;
};

/**
 * Found date, found time, place text and region; all optional, all empty means "everything".
 * A plain GET form too: without JavaScript the server render reads the criteria from the address.
 * On a phone the form folds behind a filter toggle so the first dogs show on the first screen, and the
 * criteria in use stand beside it as chips, each removable (issue 25 item 6); see the CSS module.
 */
export default function AdoptSearch({ initial, onSearch, searching, withShelters }: Props) {
  const toggleId = useId();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ ...EMPTY, ...initial });
  const [applied, setApplied] = useState<AdoptCriteria>(initial ?? {});
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

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
    setValues(EMPTY);
    run(EMPTY);
  };
  const removeChip = (field: Field) => {
    const next = { ...values, [field]: '' };
    setValues(next);
    run(next);
  };

  const chips = FIELDS.filter((f) => applied[f]);
  const without = (field: Field) => {
    const params = criteriaToParams({ ...applied, [field]: undefined }).toString();
    return params ? `/adopt?${params}` : '/adopt';
  };

  return (
    <Box pos="relative">
      <input
        id={toggleId}
        type="checkbox"
        className={classes.toggle}
        checked={open}
        onChange={(e) => setOpen(e.currentTarget.checked)}
        aria-label={chips.length > 0 ? t('adopt.search.filtersOn', { count: chips.length }) : t('adopt.search.filters')}
      />
      <Group gap="xs" wrap="wrap" className={classes.phoneBar}>
        <Button
          component="label"
          htmlFor={toggleId}
          variant="default"
          className={classes.opener}
          leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
          rightSection={
            chips.length > 0 ? (
              <Badge size="sm" circle aria-hidden>
                {chips.length}
              </Badge>
            ) : undefined
          }
          mih={44}
          aria-hidden
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
                    component="a"
                    href={without(f)}
                    variant="light"
                    radius="xl"
                    size="compact-md"
                    mih={44}
                    rightSection={<IconX size={14} aria-hidden />}
                    aria-label={t('adopt.search.removeChip', { label })}
                    onClick={(e: React.MouseEvent) => {
                      e.preventDefault();
                      removeChip(f);
                    }}
                  >
                    {applied[f]}
                  </Button>
                </li>
              );
            })}
          </Group>
        )}
      </Group>
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
        className={classes.form}
      >
        <Button
          component="label"
          htmlFor={toggleId}
          variant="subtle"
          mb="xs"
          mih={44}
          className={classes.closeInForm}
          leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
          aria-hidden
        >
          {t('adopt.search.filters')}
        </Button>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            type="date"
            name="foundDate"
            label={t('adopt.search.foundDate')}
            value={values.foundDate}
            onChange={(e) => set('foundDate')(e.currentTarget.value)}
          />
          <TextInput
            type="time"
            name="foundTime"
            label={t('adopt.search.foundTime')}
            value={values.foundTime}
            onChange={(e) => set('foundTime')(e.currentTarget.value)}
          />
          <TextInput
            name="location"
            label={t('adopt.search.location')}
            placeholder={t('adopt.search.locationPlaceholder')}
            maxLength={100}
            value={values.location}
            onChange={(e) => set('location')(e.currentTarget.value)}
          />
          <NativeSelect
            name="region"
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
    </Box>
  );
}
