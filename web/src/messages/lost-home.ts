// Lost and found (issue 27): the few words the entry chunk needs — the screens' titles (the router's
// handles) and my page's tab label. The home strip's words come with it (lost-strip.ts), the rest of the
// writing side with its screens (lost-forms.ts).
export const lostHome = {
  'title.lostMissingNew': '실종 신고',
  'title.lostSightingNew': '발견·목격 글쓰기',
  'title.adminLostFlags': '실종·목격 신고 관리',
  'mypage.tab.lost': '실종·목격',
} as const;
