import { matchPath, type Params } from 'react-router';
import { PAGE_LIMITS, POST_TYPES, type PostType } from '@pawbridge/shared';
import type { PageDataRequest } from '@pawbridge/shared/ssr.schema';
import { CONFIG_KEY } from '@/lib/public-config';
import { SESSION_KEY } from '@/lib/session';
import { swrKey, type EmbeddedCache } from '@/lib/ssr-cache';
import {
  criteriaFromParams,
  FEED_PAGE_SIZE,
  feedPage,
  memberFirstKey,
  memberPage,
  memberRequest,
  shelterFirstKey,
  shelterQuery,
} from '@/features/adoption/components/adopt-feed';
import { PAGE_SIZE as POSTS_PAGE_SIZE, POSTS_PATH, postPath } from '@/features/community/api';
import { postIdOf } from '@/features/community/format';
import { STRAYS_KEY } from '@/features/home/api';
import { DONATION_TOTALS_KEY } from '@/features/donations/api';
import type { Stray } from '@pawbridge/shared';
import { ANIMAL_PAGES } from './animal-pages';
import { LOST_PAGES } from './lost-pages';
import { entryOf, firstPage, SCREEN_STYLES, statusOf, withEntries, type PublicPage, type Results } from './page-kit';

export type { PublicPage } from './page-kit';

const isPostType = (v: string | null): v is PostType => v !== null && (POST_TYPES as readonly string[]).includes(v);
const communityQuery = (search: URLSearchParams) => {
  const type = search.get('type');
  return {
    page: Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1),
    postType: isPostType(type) ? type : undefined,
  };
};

const home: Omit<PublicPage, 'path'> = {
  modules: [],
  data: () => ({ strays: { kind: 'strays.page', page: 1, size: PAGE_LIMITS.sizeDefault } }),
  cache: (r) => withEntries([swrKey(STRAYS_KEY), entryOf(r.strays, (x) => x.data)]),
  status: (r) => statusOf(r.strays),
};

const communityList: Omit<PublicPage, 'path'> = {
  modules: ['src/features/community/CommunityListPage.tsx', SCREEN_STYLES],
  data: (_p, search) => {
    const q = communityQuery(search);
    return { posts: { kind: 'community.page', page: q.page, size: POSTS_PAGE_SIZE, ...(q.postType ? { postType: q.postType } : {}) } };
  },
  cache: (r, _p, search) => {
    const q = communityQuery(search);
    return withEntries([
      swrKey([POSTS_PATH, q.page, q.postType ?? '']),
      entryOf(r.posts, (x) => ({ items: x.data, total: Math.max(x.total ?? 0, (x.data as unknown[]).length) })),
    ]);
  },
  status: (r) => statusOf(r.posts),
};

export const PUBLIC_PAGES: PublicPage[] = [
  { path: '/', ...home },
  { path: '/main', ...home },
  {
    path: '/adopt',
    modules: ['src/app/AdoptRoute.tsx', SCREEN_STYLES],
    data: (_params, search) => {
      const c = criteriaFromParams(search);
      const m = memberRequest(c, 1);
      const { page, size, ...shelter } = shelterQuery(c, 1);
      const { foundDate, foundTime, location } = m.query as { foundDate?: string; foundTime?: string; location?: string };
      const memberCriteria = { foundDate, foundTime, location };
      const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
      return {
        member: m.searching
          ? { kind: 'strays.search', page: 1, size: FEED_PAGE_SIZE, ...defined(memberCriteria) }
          : { kind: 'strays.page', page: 1, size: FEED_PAGE_SIZE },
        shelter: { kind: 'shelter.page', page, size, ...defined(shelter) },
        // The cards' amount-donated line: in the first HTML, or it would push the cards down after hydration.
        donations: { kind: 'donations.totals' },
      };
    },
    cache: (r, _p, search) => {
      const c = criteriaFromParams(search);
      return withEntries(
        ...firstPage(
          memberFirstKey(c),
          entryOf(r.member, (x) => memberPage(c, x.data as Stray[], x.total ?? null)),
        ),
        ...firstPage(
          shelterFirstKey(c),
          entryOf(r.shelter, (x) => feedPage(x.data as unknown[], (x.data as unknown[]).length, x.total ?? null, x.available ?? true)),
        ),
        [swrKey(DONATION_TOTALS_KEY), entryOf(r.donations, (x) => x.data)],
      );
    },
    status: (r) => statusOf(r.member),
  },
  { path: '/community', ...communityList },
  { path: '/community/posts', ...communityList },
  {
    path: '/community/:postId',
    modules: ['src/features/community/PostDetailPage.tsx', SCREEN_STYLES],
    data: (params): Record<string, PageDataRequest> => {
      const id = postIdOf(params.postId);
      return id === null ? {} : { post: { kind: 'community.post', id } };
    },
    cache: (r, params) => {
      const id = postIdOf(params.postId);
      return id === null ? {} : withEntries([swrKey(postPath(id)), entryOf(r.post, (x) => x.data)]);
    },
    status: (r, params) => {
      if (postIdOf(params.postId) === null) return 404;
      const post = r.post;
      if (post && !post.ok && (post.status === 404 || post.status === 400)) return 404;
      return statusOf(post);
    },
  },
  // A page per animal (/adopt/:id, /shelter/:desertionNo). More kinds of page join the same way: a list in its own file, spread in here.
  ...ANIMAL_PAGES,
  // Lost and found (issue 27): the board and a post's page.
  ...LOST_PAGES,
];

/**
 * What a member's frame loads at once after hydration: the bell, and the screens' styles it loads
 * beside it (app/live-bell.tsx). Their styles go into the first HTML, so no stylesheet arrives after
 * the first paint: a late one makes Chrome match fonts again, and a UI font that came after the first
 * paint (font-display: optional) is then used after all — the text re-laid out, CLS 0.012 on a
 * member's home on a slow phone (measured at 8× CPU throttling).
 */
export const MEMBER_MODULES = ['src/features/notifications/NotificationBell.tsx', SCREEN_STYLES];

/** Whether the page is rendered for a member (the session answered, logged in). */
export const forMember = (results: Results): boolean => {
  const s = results.session;
  return !!s && s.ok && (s.data as { loggedIn?: boolean } | null)?.loggedIn === true;
};

/** What every page's frame needs: the session (the header is the member's from the first paint) and the public config. */
const FRAME: Record<string, PageDataRequest> = { session: { kind: 'session' }, config: { kind: 'config' } };

function frameCache(r: Results): EmbeddedCache {
  return withEntries([swrKey(SESSION_KEY), entryOf(r.session, (x) => x.data)], [swrKey(CONFIG_KEY), entryOf(r.config, (x) => x.data)]);
}

/**
 * The public page at `url` (path and query), with its path parameters; null: not server-rendered.
 * `routed` is the path of the app's route that React Router ranks first for the URL: a page of the
 * table answers only when it is that route (so `/community/createPost` is the form's, not a post's).
 */
export function findPublicPage(
  url: string,
  routed?: string,
): { page: PublicPage; params: Params; search: URLSearchParams; pathname: string } | null {
  const u = new URL(url, 'http://x');
  for (const page of PUBLIC_PAGES) {
    if (routed !== undefined && page.path !== routed) continue;
    const m = matchPath({ path: page.path, end: true }, u.pathname);
    if (m) return { page, params: m.params, search: u.searchParams, pathname: u.pathname };
  }
  return null;
}

/** The data a public page's first screen needs (the frame's and its own), by name. */
export function pageData(page: PublicPage, params: Params, search: URLSearchParams): Record<string, PageDataRequest> {
  return { ...FRAME, ...page.data(params, search) };
}

/** SWR's cache as the page's hooks will read it: the frame's answers and the page's own. */
export function pageCache(page: PublicPage, results: Results, params: Params, search: URLSearchParams): EmbeddedCache {
  // A session the server could not check is not written: the browser checks it itself (never "logged out" by mistake).
  const frame = frameCache(results);
  if (results.session && !results.session.ok) delete frame[swrKey(SESSION_KEY)];
  return { ...frame, ...page.cache(results, params, search) };
}
