import { describe, expect, it } from 'vitest';
import { findPublicPage, pageCache, pageData } from './public-pages';

const at = (url: string) => {
  const found = findPublicPage(url);
  if (!found) throw new Error(`${url} is not in the table`);
  return found;
};

describe('the animal pages in the render table (issue 26)', () => {
  it('/adopt/:id asks for the stray and the donation totals and embeds them under the hooks’ keys', () => {
    const { page, params, search } = at('/adopt/12');
    expect(pageData(page, params, search)).toMatchObject({
      stray: { kind: 'strays.detail', id: 12 },
      donations: { kind: 'donations.totals' },
    });
    const cache = pageCache(
      page,
      { stray: { ok: true, data: { id: 12 } }, donations: { ok: true, data: { available: false } } },
      params,
      search,
    );
    expect(cache['/api/abandoned/abandoned-pets/12']).toEqual({ data: { id: 12 } });
    expect(page.status?.({ stray: { ok: true, data: { id: 12 } } }, params)).toBe(200);
  });

  it('/shelter/:desertionNo asks for the shelter animal', () => {
    const { page, params, search } = at('/shelter/448567202500123');
    expect(pageData(page, params, search).animal).toEqual({ kind: 'shelter.detail', desertionNo: '448567202500123' });
    const cache = pageCache(page, { animal: { ok: true, data: { desertionNo: '448567202500123' } } }, params, search);
    expect(cache['/api/shelter-animals/448567202500123']).toHaveProperty('data');
  });

  it('not there or malformed: 404 and nothing asked; the data failed: its error embedded, 502 (504 on a timeout)', () => {
    for (const url of ['/adopt/abc', '/adopt/0', '/shelter/bad%20no']) {
      const { page, params, search } = at(url);
      expect(Object.keys(pageData(page, params, search)), url).toEqual(['session', 'config']);
      expect(page.status?.({}, params), url).toBe(404);
    }
    const { page, params, search } = at('/adopt/5');
    expect(page.status?.({ stray: { ok: false, status: 404, code: 'NOT_FOUND' } }, params)).toBe(404);
    expect(page.status?.({ stray: { ok: false, status: 502, code: 'UPSTREAM_UNAVAILABLE' } }, params)).toBe(502);
    expect(page.status?.({ stray: { ok: false, status: 504, code: 'UPSTREAM_TIMEOUT' } }, params)).toBe(504);
    const failed = pageCache(page, { stray: { ok: false, status: 502, code: 'UPSTREAM_UNAVAILABLE' } }, params, search);
    expect(failed['/api/abandoned/abandoned-pets/5']).toEqual({ error: { status: 502, code: 'UPSTREAM_UNAVAILABLE' } });
  });

  it('a route the router ranks first wins over a table page that also matches (/community/createPost is the form)', () => {
    expect(findPublicPage('/community/createPost', '/community/createPost')).toBeNull();
    expect(findPublicPage('/community/3', '/community/:postId')?.page.path).toBe('/community/:postId');
  });
});
