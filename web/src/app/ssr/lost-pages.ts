import type { Params } from 'react-router';
import { PAGE_LIMITS } from '@pawbridge/shared';
import type { PageDataRequest } from '@pawbridge/shared/ssr.schema';
import { swrKey } from '@/lib/ssr-cache';
import { lostBoardPath, lostPostIdOf, lostPostKey } from '@/features/lost/api';
import { filtersFromParams, filtersToParams } from '@/features/lost/board/filters';
import { lostCommentsPath } from '@/features/lost/comments/lost-comments.api';
import { entryOf, firstPage, SCREEN_STYLES, statusOf, withEntries, type PageDataResultOf, type PublicPage } from './page-kit';

/*
 * The lost-and-found pages (issue 27) in the render table (docs/decisions/0032): the board's first
 * page with the address's filters, and a post with its first comments, under the keys the screens'
 * hooks read. In front of the legacy (no lost and found) every piece answers 501: the screens show the
 * not-found state (config says `lostAndFound: false`) and the answer is 404, as for a post not there.
 */

/** The first page of a paged list as `usePagedList` keeps it: its items and total. */
const pageOf = (x: { data: unknown; total?: number }) => {
  const items = x.data as unknown[];
  return { items, total: Math.max(x.total ?? 0, items.length) };
};

/** The board (or a post) is not there: a post not there or hidden (404), a malformed id (400), no lost and found upstream (501). */
const notThere = (result: PageDataResultOf): boolean =>
  !!result && !result.ok && (result.status === 404 || result.status === 400 || result.status === 501);

/** The map is not in the first HTML (it loads only when chosen): `?view=map` embeds no list. */
const listShown = (search: URLSearchParams): boolean => search.get('view') !== 'map';

const postId = (params: Params) => lostPostIdOf(params.id);

export const LOST_PAGES: PublicPage[] = [
  {
    path: '/lost',
    modules: ['src/features/lost/board/LostBoardPage.tsx', SCREEN_STYLES],
    data: (_params, search): Record<string, PageDataRequest> => {
      const filters = Object.fromEntries(filtersToParams(filtersFromParams(search)));
      return listShown(search) ? { board: { kind: 'lost.page', page: 1, size: PAGE_LIMITS.sizeDefault, filters } } : {};
    },
    cache: (r, _params, search) => {
      if (!listShown(search)) return {};
      const path = lostBoardPath(filtersFromParams(search));
      return withEntries(...firstPage([path, 1, PAGE_LIMITS.sizeDefault], entryOf(r.board, pageOf)));
    },
    status: (r) => (notThere(r.board) ? 404 : statusOf(r.board)),
  },
  {
    path: '/lost/:id',
    modules: ['src/features/lost/post/LostPostPage.tsx', SCREEN_STYLES],
    data: (params): Record<string, PageDataRequest> => {
      const id = postId(params);
      return id === null
        ? {}
        : {
            post: { kind: 'lost.post', id },
            // The comments under the timeline: in the first HTML, or they push the page down after hydration.
            comments: { kind: 'lost.comments', id, page: 1, size: PAGE_LIMITS.sizeDefault },
          };
    },
    cache: (r, params) => {
      const id = postId(params);
      if (id === null) return {};
      return withEntries(
        [swrKey(lostPostKey(id)), entryOf(r.post, (x) => x.data)],
        // A post not there has no comments to show: nothing is embedded for them.
        ...(r.post?.ok ? firstPage([lostCommentsPath(id), 1, PAGE_LIMITS.sizeDefault], entryOf(r.comments, pageOf)) : []),
      );
    },
    status: (r, params) => {
      if (postId(params) === null || notThere(r.post)) return 404;
      return statusOf(r.post);
    },
  },
];
