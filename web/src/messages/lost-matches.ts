// 가능성 있는 아이들 on a missing report (issue 28; decision 0042): the words of
// features/lost/matches/*. The reasons' words are in the entry (lost-match-reasons.ts), as the bell uses them.
import { registerMessages } from './registry';

export const lostMatches = {
  'lostMatches.title': '가능성 있는 아이들',
  'lostMatches.intro':
    '새 발견·목격 글, 회원 제보, 보호소 공고를 이 신고와 견주어 닮은 아이를 모았어요. 점수는 참고용이니 사진과 내용을 직접 확인해 주세요.',
  'lostMatches.adminNote': '관리자 보기: 후보를 지우거나 확인하는 일은 보호자만 할 수 있어요.',
  'lostMatches.empty': '아직 닮은 아이가 없어요. 새 글이나 보호소 공고가 올라오면 바로 견주어 알려 드려요.',
  'lostMatches.loadFailed': '가능성 있는 아이들을 불러오지 못했어요.',
  'lostMatches.kindLabel': '후보 종류: {kind}',
  'lostMatches.photoAlt': '{kind} {breed} 사진',
  'lostMatches.noPhoto': '사진 없음',
  'lostMatches.breedUnknown': '품종 모름',
  'lostMatches.km': '{km} km',
  'lostMatches.against': '다른 점: {reasons}',
  'lostMatches.open': '{kind} 글 보기',
  'lostMatches.openLabel': '{kind} 글 보기: {breed}',
  'lostMatches.dismiss': '아니에요',
  'lostMatches.dismissLabel': '{kind} {breed}: 우리 아이가 아니에요',
  'lostMatches.confirm': '우리 아이예요',
  'lostMatches.confirmLabel': '{kind} {breed}: 우리 아이예요',
  'lostMatches.confirmTitle': '우리 아이가 맞나요?',
  'lostMatches.confirmBody':
    '확인하면 두 글이 서로 이어지고, 글을 올린 분에게 알림이 가요. 만나기 전에는 사례금이나 비용을 먼저 보내지 마세요.',
  'lostMatches.confirmed': '확인한 아이',
  'lostMatches.confirmDone': '우리 아이로 확인했어요. 글을 올린 분에게 알렸어요.',
  'lostMatches.dismissDone': '후보에서 지웠어요. 다시 나오지 않아요.',
  'lostMatches.failed': '처리하지 못했어요. 잠시 뒤에 다시 시도해 주세요.',
  'lostMatches.links.missing': '확인한 아이',
  'lostMatches.links.sighting': '주인을 찾았어요',
  'lostMatches.links.toLost': '실종 신고 보기',
  'lostMatches.links.toRecord': '{kind} 보기',
} as const;

// Not in the entry chunk: the section imports this module, which adds its words to the catalogue (registry.ts).
export type LostMatchesMessages = typeof lostMatches;
registerMessages(lostMatches);
