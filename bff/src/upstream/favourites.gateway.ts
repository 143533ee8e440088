import type { FastifyRequest } from 'fastify';
import type { PageQuery } from '@pawbridge/shared';
import type { Favourite, FavouriteKeys, SavedSearch, SavedSearchRequest } from '@pawbridge/shared/favourites.schema';
import { BffError } from '../errors/bff-error';
import type { Page } from './paging';

/** The legacy Spring service has no favourites: every call answers this (the web hides the hearts). */
export const favouritesUnsupported = () => BffError.because(501, 'UPSTREAM_UNSUPPORTED', 'FAVOURITES_UNSUPPORTED');

/** What a heart is on: one of our members' strays, or a shelter animal. */
export type FavouriteTarget = { source: 'member'; strayId: number } | { source: 'shelter'; desertionNo: string };

/**
 * Favourites and saved searches on the adopt list (issue 28, docs/decisions/0044). Our api
 * has them (upstream/api/favourites.ts); the legacy answers 501 (upstream/legacy/favourites.ts).
 */
export interface FavouritesGateway {
  /** Whether this upstream has them at all (`/api/config`'s `favourites`). */
  readonly available: boolean;
  list(request: FastifyRequest, q: PageQuery): Promise<Page<Favourite>>;
  keys(request: FastifyRequest): Promise<FavouriteKeys>;
  /** Idempotent both ways. */
  set(request: FastifyRequest, target: FavouriteTarget, on: boolean): Promise<void>;
  searches(request: FastifyRequest): Promise<SavedSearch[]>;
  saveSearch(request: FastifyRequest, input: SavedSearchRequest): Promise<{ id: number }>;
  deleteSearch(request: FastifyRequest, id: number): Promise<void>;
}
