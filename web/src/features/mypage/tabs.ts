/** My page's tabs, each its own URL (`/mypage/<tab>`), in order; the first is where `/mypage` lands. */
export const MYPAGE_TABS = ['info', 'pets', 'applications', 'donations', 'lost', 'favourites', 'alerts'] as const;
export type MyPageTab = (typeof MYPAGE_TABS)[number];

export const isMyPageTab = (v: string | undefined): v is MyPageTab => (MYPAGE_TABS as readonly string[]).includes(v ?? '');
