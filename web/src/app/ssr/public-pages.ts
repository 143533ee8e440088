import { matchPath, type Params } from 'react-router';
import type { Key } from 'swr';
import { PAGE_LIMITS, POST_TYPES, type PostType } from '@pawbridge/shared';
import type { PageDataRequest, PageDataResult } from '@pawbridge/shared/ssr.schema';
import { CONFIG_KEY } from '@/lib/public-config';
import { SESSION_KEY } from '@/lib/session';
import { infiniteKeys, swrKey, type EmbeddedCache, type EmbeddedEntry } from '@/lib/ssr-cache';
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

type Results = Record<string, PageDataResult>;

/**
 * One server-rendered public page (issue 26, docs/decisions/0032). Adding a page is one entry
 * in {@link PUBLIC_PAGES}: its router path, the modules its route loads lazily (so the first
 * HTML links their scripts and styles), what data its first screen needs (the BFF fetches each
 * kind from its gateways), and under which SWR keys the page's hooks find those answers. A page
 * renders `PageMeta` (its description, canonical and preview tags).
 */
export interface PublicPage {
  path: string;
  /** Vite manifest keys (paths from web/) of the route's lazily loaded modules. */
  modules: string[];
  data(params: Params, search: URLSearchParams): Record<string, PageDataRequest>;
  cache(results: Results, params: Params, search: URLSearchParams): EmbeddedCache;
  /** The answer's status: 200 unless the page's own data says otherwise. */
  status?(results: Results, params: Params): number;
}

const SCREEN_STYLES = 'src/components/styles/screens.ts';

/** The answer, or the failure the hook's error state shows (the same as when the browser's call fails). */
export function entryOf(
  result: PageDataResult | undefined,
  data: (r: Extract<PageDataResult, { ok: true }>) => unknown,
): EmbeddedEntry | null {
  if (!result) return null;
  return result.ok ? { data: data(result) } : { error: { status: result.status, code: result.code } };
}

/** 502/504 when the page's main list failed (the page still renders its error state), else 200. */
const statusOf = (result: PageDataResult | undefined): number => (result && !result.ok ? (result.status === 504 ? 504 : 502) : 200);

function withEntries(...pairs: [string, EmbeddedEntry | null][]): EmbeddedCache {
  const out: EmbeddedCache = {};
  for (const [k, v] of pairs) if (v) out[k] = v;
  return out;
}

/** An infinite list's first page: under the list's key (all pages) and the page's own key. */
function firstPage(firstKey: Key, entry: EmbeddedEntry | null): [string, EmbeddedEntry | null][] {
  const [list, page] = infiniteKeys(firstKey);
  if (!entry) return [];
  return 'data' in entry
    ? [
        [list, { data: [entry.data] }],
        [page, entry],
      ]
    : [[list, entry]];
}

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
        // The cards' "N원 후원받았어요" line: in the first HTML, or it would push the cards down after hydration.
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
];

/**
 * What a member's frame loads at once after hydration (the bell): its styles go into the first HTML,
 * so no stylesheet arrives after the first paint (a late one re-lays the text out: measured CLS 0.012
 * on a member's home when the UI font had come after the first paint).
 */
export const MEMBER_MODULES = ['src/features/notifications/NotificationBell.tsx'];

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

/** The public page at `url` (path and query), with its path parameters; null: not server-rendered. */
export function findPublicPage(url: string): { page: PublicPage; params: Params; search: URLSearchParams; pathname: string } | null {
  const u = new URL(url, 'http://x');
  for (const page of PUBLIC_PAGES) {
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
