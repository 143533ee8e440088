import '@/messages/lost-board';
import { PET_GENDERS, PET_SIZES, REGIONS } from '@pawbridge/shared';

// The board's filters as they live in the address (/lost?kind=MISSING&sido=…): a plain GET form
// sends them, the page reads them back, and the list and the map ask the BFF with the same words.

export const FILTER_FIELDS = ['kind', 'sido', 'sigungu', 'from', 'to', 'breed', 'dogSize', 'gender', 'colour'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
export type LostFilterValues = Record<FilterField, string>;

export const KIND_CHOICES = ['MISSING', 'SIGHTING', 'FOUND', 'SEEN'] as const;
export const EMPTY_FILTERS: LostFilterValues = {
  kind: '',
  sido: '',
  sigungu: '',
  from: '',
  to: '',
  breed: '',
  dogSize: '',
  gender: '',
  colour: '',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = (list: readonly string[]) => (v: string) => (list.includes(v) ? v : '');
const textOf = (max: number) => (v: string) => v.trim().slice(0, max);

/** Each field's clean-up: a value the BFF would refuse is dropped, not sent (an edited address must not break the page). */
const CLEAN: Record<FilterField, (v: string) => string> = {
  kind: oneOf(KIND_CHOICES),
  sido: oneOf(REGIONS),
  sigungu: textOf(30),
  from: (v) => (ISO_DATE.test(v) ? v : ''),
  to: (v) => (ISO_DATE.test(v) ? v : ''),
  breed: textOf(50),
  dogSize: oneOf(PET_SIZES),
  gender: oneOf(PET_GENDERS),
  colour: textOf(100),
};

export function cleanFilters(v: Partial<LostFilterValues>): LostFilterValues {
  const out = { ...EMPTY_FILTERS };
  for (const f of FILTER_FIELDS) out[f] = CLEAN[f](v[f] ?? '');
  return out;
}

export function filtersFromParams(params: URLSearchParams): LostFilterValues {
  const raw: Partial<LostFilterValues> = {};
  for (const f of FILTER_FIELDS) raw[f] = params.get(f) ?? '';
  return cleanFilters(raw);
}

/** Only the fields in use, in a fixed order (the same filters give the same address and the same cache key). */
export function filtersToParams(v: LostFilterValues): URLSearchParams {
  const p = new URLSearchParams();
  for (const f of FILTER_FIELDS) if (v[f]) p.set(f, v[f]);
  return p;
}

export const activeFields = (v: LostFilterValues): FilterField[] => FILTER_FIELDS.filter((f) => v[f] !== '');
