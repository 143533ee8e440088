import '@/messages/lost-board';
import type { LostPostKind, LostPostStatus } from '@pawbridge/shared/lost.schema';
import { t } from '@/messages';

// Words and colours for a post's kind and status. The colour only repeats the word (never the only signal).

export const KIND_COLOR: Record<LostPostKind, string> = { MISSING: 'red', FOUND: 'teal', SEEN: 'blue' };

export const kindLabel = (kind: LostPostKind): string => t(`lost.kind.${kind}`);

export function statusLabel(status: LostPostStatus, kind: LostPostKind): string {
  if (status === 'OPEN') return t(kind === 'MISSING' ? 'lost.status.OPEN.MISSING' : 'lost.status.OPEN');
  return t(`lost.status.${status}`);
}

export const STATUS_COLOR: Record<LostPostStatus, string> = { OPEN: 'orange', REUNITED: 'green', CANCELLED: 'gray', CLOSED: 'gray' };

/** The post's title on cards and its page: the dog's name, else its breed, else the catalogue's unknown-name words. */
export function postTitle(p: { name: string | null; breed: string | null }): string {
  return p.name?.trim() || p.breed?.trim() || t('lost.card.nameless');
}

const won = new Intl.NumberFormat('ko-KR');
export const formatWon = (n: number): string => t('lost.post.rewardAmount', { amount: won.format(n) });

/** 2026-11-20 → 2026. 11. 20.; the time as HH:mm. */
export function whenText(date: string, time: string): string {
  const [y, m, d] = date.split('-');
  return t('lost.card.when', { date: `${y}. ${Number(m)}. ${Number(d)}.`, time: time.slice(0, 5) });
}
