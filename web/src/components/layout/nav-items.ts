import type { SessionUser } from '@pawbridge/shared';
import type { MessageKey } from '@/messages';

/** The phone menu's drawer, which the burger controls. */
export const MOBILE_MENU_ID = 'mobile-menu';

export interface NavItem {
  to: string;
  label: MessageKey;
  /** Other screens that belong to this entry (it is shown as the current one there). */
  alsoActiveOn?: string[];
  /** Only the path itself counts, not the paths under it (/mypet, not /mypet/register). */
  exact?: boolean;
}

type Audience = 'everyone' | 'member' | 'admin';

/** The deployment's features that add entries (`/api/config`'s flags); unknown counts as absent. */
export interface NavFeatures {
  lostAndFound?: boolean | undefined;
}

const ALL: (NavItem & { audience: Audience; feature?: keyof NavFeatures })[] = [
  { to: '/pet/register', label: 'nav.petRegister', alsoActiveOn: ['/mypet/register'], audience: 'everyone' },
  { to: '/mypet', label: 'nav.myPets', exact: true, alsoActiveOn: ['/pet/profile', '/pet/edit'], audience: 'member' },
  { to: '/abandoned/register', label: 'nav.strayReport', audience: 'everyone' },
  { to: '/adopt', label: 'nav.adopt', audience: 'everyone' },
  { to: '/lost', label: 'nav.lost', audience: 'everyone', feature: 'lostAndFound' },
  { to: '/community', label: 'nav.community', audience: 'everyone' },
  { to: '/mypage', label: 'nav.myPage', audience: 'member' },
  { to: '/admin/abandoned-pets', label: 'nav.adminReports', audience: 'admin' },
  { to: '/admin/adopt-applications', label: 'nav.adminApplications', audience: 'admin' },
  { to: '/admin/shelter-sync', label: 'nav.adminShelterSync', audience: 'admin' },
];

/**
 * The header's menu entries (spec §2): the five of the spec, plus the dog list for
 * members (spec §2 names no entry for it; without one it is unreachable) and the
 * three admin screens for admins. My page is for logged-in non-admins only (spec §6). The lost-and-found
 * board (issue 27) only where the deployment has it (`/api/config`'s lostAndFound; not on the legacy).
 */
export function navItems(user: SessionUser | null, features: NavFeatures = {}): NavItem[] {
  const audience: Audience | null = user === null ? null : user.isAdmin ? 'admin' : 'member';
  return ALL.filter((item) => item.audience === 'everyone' || item.audience === audience)
    .filter((item) => !item.feature || features[item.feature] === true)
    .map(({ audience: _a, feature: _f, ...item }) => item);
}

const under = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/** Whether a menu entry is the current screen (its sub-paths, e.g. /community/12, and its related screens count). */
export function isActive(pathname: string, item: NavItem): boolean {
  const self = item.exact ? pathname === item.to : under(pathname, item.to);
  return self || (item.alsoActiveOn ?? []).some((p) => under(pathname, p));
}
