// The api's own words for favourites (issue 28): the legacy-shaped bell `message` (kept for a reader
// without the code; the web words each notification from its code and `about`) and the reminder
// e-mail's template, as lost notices keep theirs (notifications.service.ts, lost.relay.service.ts).
import type { NotificationCode } from '@pawbridge/shared';

const named = (name: string | null) => (name ? `'${name.length > 30 ? `${name.slice(0, 29)}…` : name}'` : '관심 목록에 담은 아이');

export const FAVOURITE_WORDS = {
  noticeEnding: (name: string | null, days: number) =>
    days <= 0 ? `${named(name)} 공고가 오늘 끝나요.` : `${named(name)} 공고가 ${days}일 뒤 끝나요.`,
  adopted: (name: string | null) => `${named(name)}의 입양이 정해졌어요.`,
  returned: (name: string | null) => `${named(name)}이(가) 가족에게 돌아갔어요.`,
  ended: (name: string | null) => `${named(name)}의 보호가 끝났어요.`,
  protected: (name: string | null) => `${named(name)}이(가) 다시 입양을 기다려요.`,
  searchMatched: (count: number) => `저장한 검색 조건에 맞는 새 아이가 ${count}마리 있어요.`,
  mailEndingHint: '공고 기간이 끝나면 보호소의 절차에 따라 입양 여부가 정해져요. 입양을 생각하고 있다면 보호소에 먼저 연락해 보세요.',
} as const;

/** The bell's sentence of a favourite's code. */
export function favouriteMessage(code: NotificationCode, name: string | null, n: number): string {
  switch (code) {
    case 'FAVOURITE_NOTICE_ENDING':
      return FAVOURITE_WORDS.noticeEnding(name, n);
    case 'FAVOURITE_ADOPTED':
      return FAVOURITE_WORDS.adopted(name);
    case 'FAVOURITE_RETURNED':
      return FAVOURITE_WORDS.returned(name);
    case 'FAVOURITE_ENDED':
      return FAVOURITE_WORDS.ended(name);
    case 'FAVOURITE_PROTECTED':
      return FAVOURITE_WORDS.protected(name);
    default:
      return FAVOURITE_WORDS.searchMatched(n);
  }
}
