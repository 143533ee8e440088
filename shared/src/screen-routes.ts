/**
 * The SPA's screen routes (spec §2). The BFF answers these with index.html and
 * 200; any other path that looks like a page gets index.html with 404 (the
 * SPA shows its not-found screen), and API-like paths get the 404 envelope.
 * The web router test checks that every route it declares is listed here.
 */
export const SCREEN_ROUTES = [
  '/',
  '/main',
  '/login',
  '/signup',
  '/pet/register',
  '/mypet/register',
  '/mypet',
  '/pet/edit/:petId',
  '/pet/profile/:petId',
  '/abandoned/register',
  '/admin/abandoned-pets',
  '/adopt',
  '/adopt/:id',
  '/shelter/:desertionNo',
  '/admin/adopt-applications',
  '/admin/shelter-sync',
  '/community',
  '/community/createPost',
  '/community/posts',
  '/community/:postId',
  '/community/:postId/edit',
  '/mypage',
  '/mypage/:tab',
  '/lost',
  '/lost/new/missing',
  '/lost/new/sighting',
  '/admin/lost-flags',
  '/lost/:id',
  // The one-link e-mail unsubscribe (issue 28): no login.
  '/unsubscribe',
] as const;

const patterns = SCREEN_ROUTES.map((route) => new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`));

/** True when `pathname` (no query) is one of the SPA's screens. */
export function isScreenRoute(pathname: string): boolean {
  return patterns.some((re) => re.test(pathname));
}

/**
 * Paths that belong to servers, never to the SPA: whatever the case, with or
 * without repeated slashes. A miss here answers the 404 envelope, not HTML.
 */
export function isServerPath(pathname: string): boolean {
  const p = pathname.replace(/\/{2,}/g, '/').toLowerCase();
  return /^\/(api|uploads|shelter-images|docs|ws|socket\.io|dashboard|oauth2|login\/oauth2|healthz|readyz|metrics)(\/|$)/.test(p);
}
