import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { COMMUNITY_LIMITS, PAGE_LIMITS, SHELTER_LIMITS } from '@pawbridge/shared';

/** At most this many addresses of each kind (a sitemap holds 50,000; the newest come first). */
export const SITEMAP_MAX_PER_KIND = 5000;

/** Public pages crawlers may read; everything a member or admin does, and the API, is theirs alone. */
/** Uploaded photos: the preview image a shared link shows (og:image / twitter:image). */
const PREVIEW_IMAGES = '/uploads/';
const DISALLOWED = [
  '/api/',
  '/admin',
  '/mypage',
  '/mypet',
  '/pet/',
  '/login',
  '/signup',
  '/abandoned/register',
  '/community/createPost',
  PREVIEW_IMAGES,
  '/docs',
  '/ws',
  '/dashboard',
  '/oauth2/',
];

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every item of a paged public list, page after page, up to `max`. */
async function allPages<T>(size: number, max: number, page: (n: number) => Promise<{ items: T[]; total: number }>): Promise<T[]> {
  const out: T[] = [];
  for (let n = 1; out.length < max; n += 1) {
    const { items, total } = await page(n);
    out.push(...items);
    if (items.length < size || out.length >= total) break;
  }
  return out.slice(0, max);
}

/**
 * `/robots.txt` and `/sitemap.xml` (issue 26), from the gateways the pages themselves read: the
 * adopt list's strays, shelter animals still in their notice, community posts, open lost-and-found posts. Absolute URLs from
 * PUBLIC_ORIGIN (the request's own origin when it is unset, as in development).
 */
export const crawlerRoutes: FastifyPluginAsync = async (app) => {
  const origin = (request: FastifyRequest) => app.config.publicOrigin ?? `${request.protocol}://${request.host}`;

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...DISALLOWED.map((p) => `Disallow: ${p}`),
      '',
      // A crawler obeys only the most specific group that names it, so X's card fetcher gets every
      // other rule again, with the preview images (og:image under /uploads/) allowed.
      'User-agent: Twitterbot',
      'Allow: /',
      `Allow: ${PREVIEW_IMAGES}`,
      ...DISALLOWED.filter((p) => p !== PREVIEW_IMAGES).map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${origin(request)}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const { strays, shelter, community, lost } = app.gateways;
    const size = PAGE_LIMITS.sizeMax;
    const [ours, shelters, posts, lostPosts] = await Promise.all([
      allPages(size, SITEMAP_MAX_PER_KIND, (page) => strays.publicPage(request, { page, size })),
      allPages(SHELTER_LIMITS.pageSizeMax, SITEMAP_MAX_PER_KIND, (page) =>
        shelter.list(request, { page, size: SHELTER_LIMITS.pageSizeMax, state: 'active' }),
      ),
      allPages(COMMUNITY_LIMITS.pageSizeMax, SITEMAP_MAX_PER_KIND, (page) =>
        community.list(request, { page, size: COMMUNITY_LIMITS.pageSizeMax }),
      ),
      // Lost and found (issue 27): open posts only (the board never lists a hidden one); none in front of the legacy.
      lost.available ? allPages(size, SITEMAP_MAX_PER_KIND, (page) => lost.board(request, { page, size, status: 'OPEN' })) : [],
    ]);
    const base = origin(request);
    const entry = (path: string, lastmod?: string) =>
      `  <url><loc>${xmlText(base + path)}</loc>${lastmod ? `<lastmod>${xmlText(lastmod.slice(0, 10))}</lastmod>` : ''}</url>`;
    const urls = [
      entry('/'),
      entry('/adopt'),
      entry('/community'),
      ...(lost.available ? [entry('/lost')] : []),
      ...ours.map((s) => entry(`/adopt/${s.id}`)),
      // Only animals still in their notice (or protected without one): an ended notice has no page worth a crawl.
      ...shelters
        .filter((a) => a.status === 'NOTICE' || a.status === 'PROTECTING')
        .map((a) => entry(`/shelter/${encodeURIComponent(a.desertionNo)}`, a.updatedAt)),
      ...posts.map((p) => entry(`/community/${p.id}`, p.createdAt)),
      ...lostPosts.map((p) => entry(`/lost/${p.id}`, p.createdAt)),
    ];
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(xml);
  });
};
