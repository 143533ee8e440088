import '@/messages/lost-board';
import { useId, useState } from 'react';
import { Badge, Box, Button, Group, NativeSelect, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconRefresh, IconSearch, IconX } from '@tabler/icons-react';
import { PET_GENDERS, PET_SIZES, REGIONS } from '@pawbridge/shared';
import { t, type MessageKey } from '@/messages';
import {
  activeFields,
  cleanFilters,
  EMPTY_FILTERS,
  filtersToParams,
  KIND_CHOICES,
  type FilterField,
  type LostFilterValues,
} from './filters';
import classes from './LostBoard.module.css';

interface Props {
  /** The filters the page opened with (from its address). */
  applied: LostFilterValues;
  onApply: (v: LostFilterValues) => void;
  searching: boolean;
}

const LABEL: Record<FilterField, MessageKey> = {
  kind: 'lost.filter.kind',
  sido: 'lost.filter.sido',
  sigungu: 'lost.filter.sigungu',
  from: 'lost.filter.from',
  to: 'lost.filter.to',
  breed: 'lost.filter.breed',
  dogSize: 'lost.filter.size',
  gender: 'lost.filter.gender',
  colour: 'lost.filter.colour',
};

const KIND_WORD: Record<(typeof KIND_CHOICES)[number], MessageKey> = {
  MISSING: 'lost.kind.MISSING',
  SIGHTING: 'lost.filter.kindSighting',
  FOUND: 'lost.kind.FOUND',
  SEEN: 'lost.kind.SEEN',
};

/** A chip's words for a value in use (the choice's word, not its code). */
function valueWords(field: FilterField, value: string): string {
  if (field === 'kind') return t(KIND_WORD[value as keyof typeof KIND_WORD]);
  if (field === 'dogSize') return t(`pets.size.${value as (typeof PET_SIZES)[number]}`);
  if (field === 'gender') return t(`pets.gender.${value as (typeof PET_GENDERS)[number]}`);
  if (field === 'from' || field === 'to') return `${t(LABEL[field])} ${value}`;
  return value;
}

/**
 * The board's filters: a plain GET form to /lost (works without JavaScript), folded behind a 44 px
 * filter toggle on phones with the filters in use beside it as removable chips (like /adopt).
 */
export default function LostFilters({ applied, onApply, searching }: Props) {
  const toggleId = useId();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<LostFilterValues>(applied);
  const set = (field: FilterField) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const run = (v: LostFilterValues) => {
    const clean = cleanFilters(v);
    setValues(clean);
    onApply(clean);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    run(values);
    setOpen(false);
  };
  const chips = activeFields(applied);
  const without = (field: FilterField) => {
    const q = filtersToParams({ ...applied, [field]: '' }).toString();
    return q ? `/lost?${q}` : '/lost';
  };

  const select = (field: FilterField, options: { value: string; label: string }[], allLabel: MessageKey = 'lost.filter.any') => (
    <NativeSelect
      name={field}
      label={t(LABEL[field])}
      value={values[field]}
      onChange={(e) => set(field)(e.currentTarget.value)}
      data={[{ value: '', label: t(allLabel) }, ...options]}
    />
  );
  const input = (field: FilterField, max: number, placeholder?: MessageKey) => (
    <TextInput
      name={field}
      label={t(LABEL[field])}
      placeholder={placeholder ? t(placeholder) : undefined}
      maxLength={max}
      value={values[field]}
      onChange={(e) => set(field)(e.currentTarget.value)}
    />
  );

  return (
    <Box pos="relative">
      <input
        id={toggleId}
        type="checkbox"
        className={classes.toggle}
        checked={open}
        onChange={(e) => setOpen(e.currentTarget.checked)}
        aria-label={chips.length > 0 ? t('lost.filter.toggleOn', { count: chips.length }) : t('lost.filter.toggle')}
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
          {t('lost.filter.toggle')}
        </Button>
        {chips.length > 0 && (
          <Group component="ul" gap={6} wrap="wrap" m={0} p={0} aria-label={t('lost.filter.chips')} style={{ listStyle: 'none' }}>
            {chips.map((f) => {
              const words = valueWords(f, applied[f]);
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
                    aria-label={t('lost.filter.removeChip', { label: `${t(LABEL[f])} ${words}` })}
                    onClick={(e: React.MouseEvent) => {
                      e.preventDefault();
                      run({ ...applied, [f]: '' });
                    }}
                  >
                    {words}
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
        action="/lost"
        onSubmit={submit}
        role="search"
        aria-label={t('lost.filter.title')}
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
          {t('lost.filter.toggle')}
        </Button>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" verticalSpacing="sm">
          {select(
            'kind',
            KIND_CHOICES.map((k) => ({ value: k, label: t(KIND_WORD[k]) })),
            'lost.filter.kindAll',
          )}
          {select(
            'sido',
            REGIONS.map((r) => ({ value: r, label: r })),
            'lost.filter.sidoAll',
          )}
          {input('sigungu', 30, 'lost.filter.sigunguPlaceholder')}
          <TextInput
            type="date"
            name="from"
            label={t('lost.filter.from')}
            value={values.from}
            onChange={(e) => set('from')(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            name="to"
            label={t('lost.filter.to')}
            value={values.to}
            onChange={(e) => set('to')(e.currentTarget.value)}
          />
          {input('breed', 50, 'lost.filter.breedPlaceholder')}
          {select(
            'dogSize',
            PET_SIZES.map((s) => ({ value: s, label: t(`pets.size.${s}`) })),
          )}
          {select(
            'gender',
            PET_GENDERS.map((g) => ({ value: g, label: t(`pets.gender.${g}`) })),
          )}
          {input('colour', 100, 'lost.filter.colourPlaceholder')}
          <Group gap="xs" align="flex-end" grow>
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} loading={searching} mih={44}>
              {t('lost.filter.submit')}
            </Button>
            <Button
              type="button"
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => run(EMPTY_FILTERS)}
              mih={44}
            >
              {t('lost.filter.reset')}
            </Button>
          </Group>
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="xs">
          {t('lost.filter.hint')}
        </Text>
      </Paper>
    </Box>
  );
}
