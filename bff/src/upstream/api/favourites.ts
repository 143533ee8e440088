import type { FastifyRequest } from 'fastify';
import { parseTotalCount, TOTAL_COUNT_HEADER, type PageQuery } from '@pawbridge/shared';
import {
  FavouriteKeysSchema,
  FavouriteListSchema,
  SavedSearchCreatedSchema,
  SavedSearchListSchema,
  type SavedSearchRequest,
} from '@pawbridge/shared/favourites.schema';
import type { z } from 'zod';
import { BffError } from '../../errors/bff-error';
import { photoPath, strayName } from '../../normalisers/stray.normaliser';
import { isOk, type UpstreamClient, type UpstreamRequestOptions, type UpstreamResponse } from '../client';
import type { FavouritesGateway, FavouriteTarget } from '../favourites.gateway';
import { lostFailure } from './lost';

/** The upstream's answer read with the contract's schema; anything else is a bad response, never passed on. */
function answer<S extends z.ZodType>(res: UpstreamResponse, schema: S): z.infer<S> {
  if (!isOk(res)) throw lostFailure(res);
  const parsed = schema.safeParse(res.json);
  if (!parsed.success)
    throw new BffError(502, 'UPSTREAM_BAD_RESPONSE', undefined, undefined, {
      upstream: { status: res.status, cause: 'favourites answer off contract' },
    });
  return parsed.data;
}

const pathOf = (t: FavouriteTarget) =>
  t.source === 'member' ? `/api/favourites/strays/${t.strayId}` : `/api/favourites/shelter/${encodeURIComponent(t.desertionNo)}`;

/** Favourites on our api: each route one call, answers checked against the shared contract, refusals passed on by code. */
export class ApiFavouritesGateway implements FavouritesGateway {
  readonly available = true;

  constructor(private readonly client: UpstreamClient) {}

  private call(method: string, path: string, from: FastifyRequest, opts: Omit<UpstreamRequestOptions, 'from'> = {}) {
    return this.client.request(method, path, { from, ...opts });
  }

  async list(request: FastifyRequest, q: PageQuery) {
    const res = await this.call('GET', '/api/favourites', request, { query: { page: q.page, size: q.size } });
    // A member's stray as on every stray card: its photo only as the BFF's own /uploads path, an unnamed one by its number.
    const items = answer(res, FavouriteListSchema).map((f) =>
      f.source === 'member' ? { ...f, name: strayName(f.strayId, f.name), imageUrl: photoPath(f.imageUrl) } : f,
    );
    return { items, total: parseTotalCount(res.headers.get(TOTAL_COUNT_HEADER)) ?? items.length };
  }

  async keys(request: FastifyRequest) {
    return answer(await this.call('GET', '/api/favourites/keys', request), FavouriteKeysSchema);
  }

  async set(request: FastifyRequest, target: FavouriteTarget, on: boolean) {
    const res = await this.call(on ? 'PUT' : 'DELETE', pathOf(target), request);
    if (!isOk(res)) throw lostFailure(res);
  }

  async searches(request: FastifyRequest) {
    return answer(await this.call('GET', '/api/saved-searches', request), SavedSearchListSchema);
  }

  async saveSearch(request: FastifyRequest, input: SavedSearchRequest) {
    return answer(await this.call('POST', '/api/saved-searches', request, { json: input }), SavedSearchCreatedSchema);
  }

  async deleteSearch(request: FastifyRequest, id: number) {
    const res = await this.call('DELETE', `/api/saved-searches/${id}`, request);
    if (!isOk(res)) throw lostFailure(res);
  }
}
