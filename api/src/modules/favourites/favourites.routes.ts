import type { FastifyRequest } from 'fastify';
import { PAGE_LIMITS, TOTAL_COUNT_HEADER, pageQueryFields, pageWindow } from '@pawbridge/shared';
import {
  FAVOURITE_LIMITS,
  FavouriteShelterParamsSchema,
  FavouriteStrayParamsSchema,
  SavedSearchParamsSchema,
  SavedSearchRequestSchema,
  type Favourite,
  type SavedSearch,
} from '@pawbridge/shared/favourites.schema';
import { z } from 'zod';
import type { SessionUserRow } from '../../context';
import type { ApiModule } from '../index';
import { invalid, lostError } from '../lost/lost.errors';
import { FavouritesRepository, type FavouriteRow, type Target } from './favourites.repository';
import { FavouritesSweep } from './favourites.sweep';

declare module 'fastify' {
  interface FastifyInstance {
    /** The favourites sweep of this instance (tests drive it with their own clock). */
    favouritesSweep: FavouritesSweep;
  }
}

const PageSchema = z.object(pageQueryFields(PAGE_LIMITS));

function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}

const member = (request: FastifyRequest): SessionUserRow => {
  if (!request.user) throw lostError(401, 'UNAUTHENTICATED');
  return request.user;
};

const iso = (d: Date | string) => new Date(d).toISOString();

function toFavourite(r: FavouriteRow): Favourite {
  if (r.strayId !== null)
    return {
      source: 'member',
      strayId: r.strayId,
      name: r.name ?? '',
      breed: r.breed,
      imageUrl: r.imageUrl,
      status: r.status,
      createdAt: iso(r.createdAt),
    };
  return {
    source: 'shelter',
    desertionNo: r.desertionNo ?? '',
    breed: r.breed ?? '',
    noticeNo: r.noticeNo,
    imageUrl: r.hasImage ? `/shelter-images/${r.desertionNo}/1` : null,
    status: r.status,
    noticeEnd: r.noticeEnd,
    createdAt: iso(r.createdAt),
  };
}

/**
 * Favourites and saved searches (issue 28, docs/decisions/0044): our api's own paths, coded
 * failures like lost and found's. Every row is the caller's own: others' are never read, and deleting
 * one that is not yours is the same 404 as one that does not exist. The background notices run in
 * favourites.sweep.ts on every instance.
 */
export const favouritesModule: ApiModule = async (app, ctx) => {
  const repo = new FavouritesRepository(ctx.db);
  const sweep = new FavouritesSweep(ctx, app.log);
  const schedule = sweep.schedule();
  app.addHook('onClose', async () => schedule.stop());
  app.decorate('favouritesSweep', sweep);

  app.get('/api/favourites', async (request, reply) => {
    const user = member(request);
    const w = pageWindow(parse(PageSchema, request.query));
    const { rows, total } = await repo.list(user.pk, w ?? { limit: PAGE_LIMITS.sizeDefault, offset: 0 });
    return reply.header(TOTAL_COUNT_HEADER, String(total)).header('cache-control', 'no-store').send(rows.map(toFavourite));
  });

  app.get('/api/favourites/keys', async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await repo.keys(member(request).pk)),
  );

  const hearts: [string, (request: FastifyRequest) => Target][] = [
    ['/api/favourites/strays/:id', (r) => ({ source: 'member', strayId: parse(FavouriteStrayParamsSchema, r.params).id })],
    [
      '/api/favourites/shelter/:desertionNo',
      (r) => ({ source: 'shelter', desertionNo: parse(FavouriteShelterParamsSchema, r.params).desertionNo }),
    ],
  ];
  for (const [path, targetOf] of hearts) {
    // Idempotent: a second PUT of a heart already there changes nothing (204 either way).
    app.put(path, async (request, reply) => {
      const user = member(request);
      const target = targetOf(request);
      await repo.asMember(user.pk, async (trx) => {
        const status = await repo.statusOf(trx, target);
        if (!status) throw lostError(404, 'NOT_FOUND', 'FAVOURITE_ANIMAL_NOT_FOUND');
        if (await repo.has(trx, user.pk, target)) return;
        if ((await repo.countFavourites(trx, user.pk)) >= FAVOURITE_LIMITS.favouritesMax)
          throw lostError(409, 'CONFLICT', 'FAVOURITE_LIMIT');
        await repo.add(trx, user.pk, target, status);
      });
      return reply.code(204).send();
    });
    app.delete(path, async (request, reply) => {
      const user = member(request);
      await repo.remove(user.pk, targetOf(request));
      return reply.code(204).send();
    });
  }

  app.get('/api/saved-searches', async (request, reply) => {
    const rows = await repo.searches(member(request).pk);
    const list: SavedSearch[] = rows.map((r) => ({
      id: r.id,
      source: r.source,
      region: r.region as SavedSearch['region'],
      foundDate: r.foundDate,
      foundTime: r.foundTime,
      location: r.location,
      createdAt: iso(r.createdAt),
    }));
    return reply.header('cache-control', 'no-store').send(list);
  });

  app.post('/api/saved-searches', async (request, reply) => {
    const user = member(request);
    const q = parse(SavedSearchRequestSchema, request.body ?? {});
    const id = await repo.asMember(user.pk, async (trx) => {
      if ((await repo.countSearches(trx, user.pk)) >= FAVOURITE_LIMITS.savedSearchesMax)
        throw lostError(409, 'CONFLICT', 'SAVED_SEARCH_LIMIT');
      return repo.addSearch(trx, user.pk, q, new Date());
    });
    return reply.code(201).send({ id });
  });

  app.delete('/api/saved-searches/:id', async (request, reply) => {
    const user = member(request);
    const { id } = parse(SavedSearchParamsSchema, request.params);
    if (!(await repo.removeSearch(user.pk, id))) throw lostError(404, 'NOT_FOUND', 'SAVED_SEARCH_NOT_FOUND');
    return reply.code(204).send();
  });
};
