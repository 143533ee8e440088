import type { FeedNotification } from '@pawbridge/shared';
import { matchKindLabel, matchReasonsText } from '@/lib/match-reasons';
import { t, tMaybe, type MessageKey } from '@/messages';

/** A post title long enough to crowd the bell is cut (the post itself is one tap away). */
const TITLE_MAX = 24;
const clip = (text: string) => (text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1).trimEnd()}…` : text);

/** Month and day in Korean, without the year (the bell is about recent days); the words come from Intl. */
const monthDay = new Intl.DateTimeFormat('ko-KR', { month: 'long', day: 'numeric', timeZone: 'UTC' });

/** 'yyyy-MM-dd' as the Korean month and day; anything else as it came. */
const koreanDay = (date: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? monthDay.format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : date;
};

/** Whole Seoul days from the instant `from` to the day `end` ('yyyy-MM-dd'); null when either is unreadable. */
function daysUntil(end: string, from: string): number | null {
  const at = new Date(from);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(end) || Number.isNaN(at.getTime())) return null;
  const day = new Date(at.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
  return Math.max(0, Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000));
}

/**
 * The sentence a notification shows (issue 25 item 3): the web words the
 * server's code with what it names (the dog, the post, who did it), picking
 * the most telling form whose names are all known. A notification without a
 * code (an upstream's kind this contract does not know) shows its own words.
 */
export function notificationText(n: Pick<FeedNotification, 'code' | 'about' | 'message'> & { createdAt?: string }): string {
  const sentence = codedText(n);
  // A match notice (decision 0042) adds which candidate, its score and why (the reasons' words).
  const match = n.code === 'LOST_MATCH_FOUND' ? n.about.match : null;
  if (!match) return sentence;
  const reasons = matchReasonsText(match.reasons, match.candidateKind);
  const detail = t('matchNotice.detail', {
    kind: matchKindLabel(match.candidateKind),
    score: t('matchScore', { score: match.score }),
    reasons,
  });
  return `${sentence} — ${reasons ? detail : detail.replace(/ · $/, '')}`;
}

function codedText(n: Pick<FeedNotification, 'code' | 'about' | 'message'> & { createdAt?: string }): string {
  if (!n.code) return n.message;
  const { about } = n;
  const params: Record<string, string> = {};
  if (about.dogName) params.name = about.dogName;
  if (about.actor) params.actor = about.actor;
  if (about.postTitle) params.title = clip(about.postTitle);
  if (about.foundDate) params.date = koreanDay(about.foundDate);
  if (about.count) params.count = String(about.count);
  if (about.noticeEnd && n.createdAt) {
    const days = daysUntil(about.noticeEnd, n.createdAt);
    if (days !== null) params.days = String(days);
  }
  const has = (...names: string[]) => names.every((p) => params[p] !== undefined);
  const forms: [string, string[]][] = [
    ['actorName', ['actor', 'name']],
    ['nameDays', ['name', 'days']],
    ['count', ['count']],
    ['actorTitle', ['actor', 'title']],
    ['actor', ['actor']],
    ['name', ['name']],
    ['title', ['title']],
    ['date', ['date']],
  ];
  for (const [form, needs] of forms) {
    const key = `notifications.text.${n.code}.${form}`;
    if (has(...needs) && tMaybe(key) !== undefined) return t(key as MessageKey, params);
  }
  return t(`notifications.text.${n.code}.plain` as MessageKey);
}
