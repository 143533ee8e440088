import type { LostPostDetail } from '@pawbridge/shared/lost.schema';

/**
 * The words of the printed flyer and the square image (issue 27, docs/decisions/0038). A PDF or PNG is a
 * document the server makes, not UI: its words live here, in one table, like an e-mail's. The relay
 * e-mail's warning is the same sentence (lost.relay.service.ts imports it).
 */
export const FLYER_WORDS = {
  heading: '실종 · 찾습니다',
  unnamed: '이름 모름',
  colour: '색깔',
  features: '특징',
  lastSeen: '마지막으로 본 곳',
  lastSeenAt: '본 날짜',
  onSight: '발견하시면',
  reward: '사례금',
  won: '원',
  relay: '포브리지에서 연락하기',
  phone: '연락처',
  qrCaption: 'QR을 찍으면 글로 이동해요',
  brand: '포브리지 Pawbridge · 실종·목격 게시판',
  gender: { MALE: '수컷', FEMALE: '암컷', NEUTER: '중성화' },
  size: { SMALL: '소형견', MEDIUM: '중형견', LARGE: '대형견' },
  weekdays: ['일', '월', '화', '수', '목', '금', '토'],
} as const;

/** Reward scams ("pay first, then I return the dog") are common on lost posts: the flyer and every relay e-mail say so. */
export const LOST_SCAM_WARNING = '강아지를 직접 확인하기 전에는 사례금이나 비용을 먼저 보내지 마세요.';

/** "2026년 6월 30일 (화) 18:30" from the post's Korean date and time. */
export function flyerDate(date: string, time: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = FLYER_WORDS.weekdays[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return `${y}년 ${m}월 ${d}일 (${weekday}) ${time.slice(0, 5)}`;
}

/** "푸들 · 수컷 · 소형견 · 4.2kg": what is known of the dog, in one line. */
export function flyerDogLine(post: Pick<LostPostDetail, 'breed' | 'gender' | 'size' | 'weight'>): string {
  return [
    post.breed,
    post.gender ? FLYER_WORDS.gender[post.gender] : null,
    post.size ? FLYER_WORDS.size[post.size] : null,
    post.weight ? `${post.weight}kg` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "300,000원". */
export const flyerReward = (reward: number): string => `${reward.toLocaleString('en-US')}${FLYER_WORDS.won}`;

/**
 * The place in words only, never coordinates: the address the owner typed, after its 시·군·구 (and 시·도)
 * when it does not name them itself.
 */
export function flyerPlace(post: Pick<LostPostDetail, 'address' | 'sido' | 'sigungu'>): string {
  if (!post.sigungu || post.address.includes(post.sigungu)) return post.address;
  const sido = post.sido && !post.address.includes(post.sido.slice(0, 2)) ? `${post.sido} ` : '';
  return `${sido}${post.sigungu} ${post.address}`;
}
