import type { SavedSearchInput } from '@pawbridge/shared/favourites.schema';
import { t } from '@/messages';

const monthDay = new Intl.DateTimeFormat('ko-KR', { month: 'long', day: 'numeric' });

/** 'yyyy-MM-dd' as a Korean month and day (Intl's words, read as a calendar day: no time-zone shift). */
const day = (date: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? monthDay.format(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : date;
};

/**
 * A saved search named in words from its fields, in the adopt form's order: where the dogs come from,
 * the province, the day and time found and the place or breed words (search.name.* in the catalogue).
 * No field: every dog (search.name.all).
 */
export function searchName(q: SavedSearchInput): string {
  const parts: string[] = [];
  if (q.source === 'member' || q.source === 'shelter') parts.push(t(`shelter.source.${q.source}`));
  if (q.region) parts.push(q.region);
  if (q.foundDate) parts.push(t('search.name.date', { date: day(q.foundDate) }));
  if (q.foundTime) parts.push(t('search.name.time', { time: q.foundTime }));
  if (q.location) parts.push(t('search.name.location', { text: q.location }));
  return parts.length > 0 ? parts.join(t('search.name.sep')) : t('search.name.all');
}

/** The adopt list's address of a saved search (its URL filters). */
export function searchHref(q: SavedSearchInput): string {
  const p = new URLSearchParams();
  if (q.foundDate) p.set('foundDate', q.foundDate);
  if (q.foundTime) p.set('foundTime', q.foundTime);
  if (q.location) p.set('location', q.location);
  if (q.region) p.set('region', q.region);
  const s = p.toString();
  return s ? `/adopt?${s}` : '/adopt';
}
