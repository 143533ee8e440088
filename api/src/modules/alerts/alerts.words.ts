import type { AlertSourceKind } from './alerts.tables';

/**
 * The neighbourhood alert's sentences on the server: the bell row's legacy-shaped `message` (what an
 * older client shows; the web words the alert from its code) and the e-mails, which are the api's own
 * templates like the lost notices'. Never an exact position: the place in words and whole kilometres.
 */
const WHAT: Record<AlertSourceKind, string> = {
  MISSING: '실종 신고',
  FOUND: '발견 글',
  SEEN: '목격 글',
  STRAY: '유기견 제보',
  SHELTER: '보호소 공고',
};

/** Under a kilometre 'within 1 km', else 'about N km' (in Korean). */
export const distanceWords = (km: number): string => (km < 1 ? '1 km 안' : `약 ${km} km`);

export const ALERT_WORDS = {
  bell: (kind: AlertSourceKind, name: string | null) =>
    `내 동네에 새 ${WHAT[kind]}가 올라왔습니다.${name ? ` (${name.length > 30 ? `${name.slice(0, 29)}…` : name})` : ''}`,
  subject: (kind: AlertSourceKind, km: number) => `[포브리지] 내 동네 ${distanceWords(km)} 거리에 새 ${WHAT[kind]}가 올라왔어요`,
  body: (kind: AlertSourceKind, name: string | null, place: string | null, km: number) =>
    [
      `내 동네 알림: 새 ${WHAT[kind]}${name ? ` (${name})` : ''}`,
      `${place ? `${place}, ` : ''}내 동네 중심에서 ${distanceWords(km)} 떨어진 곳이에요.`,
    ].join('\n'),
  digestSubject: (n: number) => `[포브리지] 지난 하루 내 동네 새 글 ${n}건`,
  digestIntro: '지난 하루 동안 내 동네에 올라온 글이에요.',
  digestLine: (kind: AlertSourceKind, name: string | null, place: string | null, km: number) =>
    `· ${WHAT[kind]}${name ? ` (${name})` : ''} — ${place ? `${place}, ` : ''}${distanceWords(km)}`,
} as const;
