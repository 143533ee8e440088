import type { SessionUser } from '@pawbridge/shared';
import type { MessageKey } from '@/messages';

export interface NavItem {
  to: string;
  label: MessageKey;
}

const ALL: (NavItem & { memberOnly?: boolean })[] = [
  { to: '/pet/register', label: 'nav.petRegister' },
  { to: '/abandoned/register', label: 'nav.strayReport' },
  { to: '/adopt', label: 'nav.adopt' },
  { to: '/community', label: 'nav.community' },
  { to: '/mypage', label: 'nav.myPage', memberOnly: true },
];

/** The header's menu entries (spec §2): my page is for logged-in non-admins only (spec §6). */
export function navItems(user: SessionUser | null): NavItem[] {
  const showMyPage = user !== null && !user.isAdmin;
  return ALL.filter((item) => !item.memberOnly || showMyPage).map(({ to, label }) => ({ to, label }));
}

/** Whether a menu entry is the current screen (sub-paths such as /community/12 count). */
export function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
