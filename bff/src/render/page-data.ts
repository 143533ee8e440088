import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DesertionNoSchema, PostListQuerySchema, ShelterListQuerySchema, StraySearchQuerySchema, type Session } from '@pawbridge/shared';
import { LostListQuerySchema } from '@pawbridge/shared/lost.schema';
import type { PageDataKind, PageDataRequest, PageDataResult } from '@pawbridge/shared/ssr.schema';
import { BffError } from '../errors/bff-error';
import { publicConfigOf } from '../config/public-config';
import type { PublicDataCache } from './public-cache';

type Of<K extends PageDataKind> = Extract<PageDataRequest, { kind: K }>;
type Answer = Extract<PageDataResult, { ok: true }>;
type Resolver<K extends PageDataKind> = (request: FastifyRequest, want: Of<K>) => Promise<Answer>;

/** A criterion the route's own validation would refuse is the same 400 the browser's call would get. */
const invalid = () => new BffError(400, 'VALIDATION_FAILED');

/** The session for a read that shows per-viewer parts (a post's edit buttons); an unanswered check reads as a visitor. */
const viewer = (request: FastifyRequest): Promise<Session> => request.session().catch(() => ({ loggedIn: false }) as const);

/**
 * How the BFF answers each kind of data a public page asks for (issue 26): straight from its
 * gateways, the same calls the page's API routes make, never an HTTP call back to itself. A new
 * kind is one entry here and one in `PageDataRequestSchema` (shared/src/ssr.schema.ts).
 */
export function pageDataResolvers(app: FastifyInstance): { [K in PageDataKind]: Resolver<K> } {
  const { strays, shelter, community, donations, lost } = app.gateways;
  const publicConfig = publicConfigOf(app);
  return {
    session: async (request) => ({ ok: true, data: await request.session() }),
    config: async () => ({ ok: true, data: await publicConfig() }),
    'strays.page': async (request, { page, size }) => {
      const p = await strays.publicPage(request, { page, size });
      return { ok: true, data: p.items, total: p.total };
    },
    'strays.search': async (request, { page, size, ...criteria }) => {
      const q = StraySearchQuerySchema.safeParse(criteria);
      if (!q.success) throw invalid();
      const p = await strays.search(request, q.data, { page, size });
      return { ok: true, data: p.items, total: p.total };
    },
    'shelter.page': async (request, { kind: _kind, ...query }) => {
      const q = ShelterListQuerySchema.safeParse(query);
      if (!q.success) throw invalid();
      const p = await shelter.list(request, q.data);
      return { ok: true, data: p.items, total: p.total, available: p.available };
    },
    'community.page': async (request, { kind: _kind, ...query }) => {
      const q = PostListQuerySchema.safeParse(query);
      if (!q.success) throw invalid();
      const p = await community.list(request, q.data);
      return { ok: true, data: p.items, total: p.total };
    },
    'community.post': async (request, { id }) => ({ ok: true, data: await community.detail(request, id, await viewer(request)) }),
    'donations.totals': async (request) => ({ ok: true, data: await donations.totals(request) }),
    // The animal pages (decision 0033): the same gateway calls as GET /api/abandoned/abandoned-pets/:petId and /api/shelter-animals/:desertionNo.
    'strays.detail': async (request, { id }) => ({ ok: true, data: await strays.detail(request, id) }),
    'shelter.detail': async (request, { desertionNo }) => {
      if (!DesertionNoSchema.safeParse(desertionNo).success) throw invalid();
      return { ok: true, data: await shelter.detail(request, desertionNo) };
    },
    // Lost and found (issue 27): the same gateway calls as GET /api/lost/posts[/:id[/comments]]; the legacy's gateway answers 501.
    'lost.page': async (request, { page, size, filters }) => {
      const q = LostListQuerySchema.safeParse({ ...filters, page, size });
      if (!q.success) throw invalid();
      const p = await lost.board(request, q.data);
      return { ok: true, data: p.items, total: p.total };
    },
    'lost.post': async (request, { id }) => ({ ok: true, data: await lost.detail(request, id) }),
    'lost.comments': async (request, { id, page, size }) => {
      const p = await lost.comments(request, id, { page, size });
      return { ok: true, data: p.items, total: p.total };
    },
  };
}

/** Every piece at once; a failed one is its status and code (the page shows that list's error state). */
export async function resolvePageData(
  resolvers: ReturnType<typeof pageDataResolvers>,
  request: FastifyRequest,
  wants: Record<string, PageDataRequest>,
  cache?: PublicDataCache,
): Promise<Record<string, PageDataResult>> {
  const entries = await Promise.all(
    Object.entries(wants).map(async ([name, want]): Promise<[string, PageDataResult]> => {
      try {
        const resolve = resolvers[want.kind] as Resolver<typeof want.kind>;
        return [name, await (cache ? cache.get(want, () => resolve(request, want)) : resolve(request, want))];
      } catch (err) {
        if (err instanceof BffError) return [name, { ok: false, status: err.status, code: err.code }];
        request.log.error({ err, kind: want.kind }, 'server render: data failed');
        return [name, { ok: false, status: 502, code: 'UPSTREAM_UNAVAILABLE' }];
      }
    }),
  );
  return Object.fromEntries(entries);
}
