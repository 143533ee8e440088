import type { FastifyRequest } from 'fastify';
import { PAGE_LIMITS, TOTAL_COUNT_HEADER, pageQueryFields, pageWindow } from '@pawbridge/shared';
import {
  FavouriteShelterParamsSchema,
  FavouriteStrayParamsSchema,
  SavedSearchParamsSchema,
  SavedSearchRequestSchema,
} from '@pawbridge/shared/favourites.schema';
import { z } from 'zod';
import type { SessionUserRow } from '../../context';
import type { ApiModule } from '../index';
import { invalid, lostError } from '../lost/lost.errors';
import type { Target } from './favourites.repository';
import { FavouritesService } from './favourites.service';
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

/**
 * Favourites and saved searches (issue 28, docs/decisions/0044): our api's own paths, coded failures like
 * lost and found's. Every row is the caller's own (favourites.service.ts). The background notices run in
 * favourites.sweep.ts on every instance.
 */
export const favouritesModule: ApiModule = async (app, ctx) => {
  const favourites = new FavouritesService(ctx);
  const sweep = new FavouritesSweep(ctx, app.log);
  const schedule = sweep.schedule();
  app.addHook('onClose', async () => schedule.stop());
  app.decorate('favouritesSweep', sweep);

  app.get('/api/favourites', async (request, reply) => {
    const user = member(request);
    const w = pageWindow(parse(PageSchema, request.query));
    const { rows, total } = await favourites.list(user.pk, w ?? { limit: PAGE_LIMITS.sizeDefault, offset: 0 });
    return reply.header(TOTAL_COUNT_HEADER, String(total)).header('cache-control', 'no-store').send(rows);
  });

  app.get('/api/favourites/keys', async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await favourites.keys(member(request).pk)),
  );

  const hearts: [string, (request: FastifyRequest) => Target][] = [
    ['/api/favourites/strays/:id', (r) => ({ source: 'member', strayId: parse(FavouriteStrayParamsSchema, r.params).id })],
    [
      '/api/favourites/shelter/:desertionNo',
      (r) => ({ source: 'shelter', desertionNo: parse(FavouriteShelterParamsSchema, r.params).desertionNo }),
    ],
  ];
  for (const [path, targetOf] of hearts) {
    // Idempotent both ways: 204 whether or not the heart was there.
    app.put(path, async (request, reply) => {
      await favourites.add(member(request).pk, targetOf(request));
      return reply.code(204).send();
    });
    app.delete(path, async (request, reply) => {
      await favourites.remove(member(request).pk, targetOf(request));
      return reply.code(204).send();
    });
  }

  app.get('/api/saved-searches', async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await favourites.searches(member(request).pk)),
  );

  app.post('/api/saved-searches', async (request, reply) => {
    const user = member(request);
    const id = await favourites.saveSearch(user.pk, parse(SavedSearchRequestSchema, request.body ?? {}));
    return reply.code(201).send({ id });
  });

  app.delete('/api/saved-searches/:id', async (request, reply) => {
    const user = member(request);
    await favourites.deleteSearch(user.pk, parse(SavedSearchParamsSchema, request.params).id);
    return reply.code(204).send();
  });
};
