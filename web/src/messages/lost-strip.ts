// Lost and found (issue 27): the home strip's words. They load with the strip's own chunk (it loads when it
// nears the viewport) and add themselves to the catalogue, so a visitor's first load does not carry them.
import { registerMessages } from './registry';

export const lostStrip = {
  'myLost.unnamed': '이름 모름',
  'lostKind.MISSING': '실종',
  'homeLost.title': '가족을 찾고 있어요',
  'homeLost.listLabel': '최근 실종 신고',
  'homeLost.reunions': '이번 달 {count}마리가 가족을 다시 만났어요',
  'homeLost.more': '실종·목격 게시판',
  'homeLost.report': '실종 신고',
  'homeLost.sighting': '발견·목격 알리기',
  'homeLost.empty': '지금 찾고 있는 아이가 없어요.',
  'homeLost.lastSeen': '{date} · {place}',
  'homeLost.photoAlt': '실종된 {name}',
  'homeLost.reward': '사례금 {amount}원',
} as const;

export type LostStripMessages = typeof lostStrip;
registerMessages(lostStrip);
