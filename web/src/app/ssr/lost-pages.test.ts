import { describe, expect, it } from 'vitest';
import { findPublicPage, pageCache, pageData } from './public-pages';

const at = (url: string) => {
  const found = findPublicPage(url);
  if (!found) throw new Error(`${url} is not in the table`);
  return found;
};

describe('the lost-and-found pages in the render table (issue 27)', () => {
  it('/lost asks for the first page with the address’s filters (cleaned) and embeds it under the board’s key', () => {
    const { page, params, search } = at('/lost?kind=MISSING&sido=%EC%84%9C%EC%9A%B8%ED%8A%B9%EB%B3%84%EC%8B%9C&gender=NOPE');
    const wants = pageData(page, params, search);
    expect(wants.board).toEqual({ kind: 'lost.page', page: 1, size: 20, filters: { kind: 'MISSING', sido: '서울특별시' } });
    const cache = pageCache(page, { board: { ok: true, data: [{ id: 3 }], total: 7 } }, params, search);
    const keys = Object.keys(cache).filter((k) => k.includes('/api/lost/posts'));
    expect(keys.length).toBe(2);
    expect(keys.every((k) => k.includes('/api/lost/posts?kind=MISSING&sido='))).toBe(true);
    expect(Object.values(cache)).toContainEqual({ data: { items: [{ id: 3 }], total: 7 } });
    expect(page.status?.({ board: { ok: true, data: [] } }, params)).toBe(200);
  });

  it('/lost?view=map embeds no list (the map loads on its own)', () => {
    const { page, params, search } = at('/lost?view=map');
    expect(Object.keys(pageData(page, params, search))).toEqual(['session', 'config']);
  });

  it('/lost/:id asks for the post and its first comments; a post not there, a malformed id or no lost and found upstream is 404', () => {
    const { page, params, search } = at('/lost/12');
    expect(pageData(page, params, search)).toMatchObject({
      post: { kind: 'lost.post', id: 12 },
      comments: { kind: 'lost.comments', id: 12, page: 1 },
    });
    const cache = pageCache(page, { post: { ok: true, data: { id: 12 } }, comments: { ok: true, data: [], total: 0 } }, params, search);
    expect(cache['/api/lost/posts/12']).toEqual({ data: { id: 12 } });
    expect(Object.keys(cache).some((k) => k.includes('/api/lost/posts/12/comments'))).toBe(true);
    for (const status of [404, 400, 501])
      expect(page.status?.({ post: { ok: false, status, code: 'X' } }, params), String(status)).toBe(404);
    expect(page.status?.({ post: { ok: false, status: 502, code: 'UPSTREAM_UNAVAILABLE' } }, params)).toBe(502);
    expect(page.status?.({ post: { ok: false, status: 504, code: 'UPSTREAM_TIMEOUT' } }, params)).toBe(504);
    const bad = at('/lost/abc');
    expect(Object.keys(pageData(bad.page, bad.params, bad.search))).toEqual(['session', 'config']);
    expect(bad.page.status?.({}, bad.params)).toBe(404);
  });

  it('the write forms beside the post route are not taken for a post', () => {
    expect(findPublicPage('/lost/new/missing', '/lost/new/missing')).toBeNull();
    expect(findPublicPage('/lost/5', '/lost/:id')?.page.path).toBe('/lost/:id');
  });
});
