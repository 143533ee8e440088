// Lost and found (issue 27): the few words the entry chunk needs — the screens' titles (the router's
// handles), my page's tab label and the home strip. The rest of the writing side is in lost-forms.ts.
export const lostHome = {
  'title.lostMissingNew': '실종 신고',
  'title.lostSightingNew': '발견·목격 글쓰기',
  'title.adminLostFlags': '실종·목격 신고 관리',
  'mypage.tab.lost': '실종·목격',
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
