import { FAVOURITE_LIMITS, type Favourite, type SavedSearch, type SavedSearchRequest } from '@pawbridge/shared/favourites.schema';
import type { ApiContext } from '../../context';
import { lostError } from '../lost/lost.errors';
import { FavouritesRepository, type FavouriteRow, type Target } from './favourites.repository';

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
 * Favourites and saved searches of one member (issue 28, docs/decisions/0044): every read and write is the
 * caller's own; limits are counted under the member's row lock. Refusals are coded like lost and found's.
 */
export class FavouritesService {
  private readonly repo: FavouritesRepository;

  constructor(ctx: ApiContext) {
    this.repo = new FavouritesRepository(ctx.db);
  }

  async list(userPk: number, w: { limit: number; offset: number }): Promise<{ rows: Favourite[]; total: number }> {
    const { rows, total } = await this.repo.list(userPk, w);
    return { rows: rows.map(toFavourite), total };
  }

  keys(userPk: number) {
    return this.repo.keys(userPk);
  }

  /** Idempotent: a heart already there changes nothing. Only public animals (404), at most favouritesMax (409). */
  async add(userPk: number, target: Target): Promise<void> {
    await this.repo.asMember(userPk, async (trx) => {
      const status = await this.repo.statusOf(trx, target);
      if (!status) throw lostError(404, 'NOT_FOUND', 'FAVOURITE_ANIMAL_NOT_FOUND');
      if (await this.repo.has(trx, userPk, target)) return;
      if ((await this.repo.countFavourites(trx, userPk)) >= FAVOURITE_LIMITS.favouritesMax)
        throw lostError(409, 'CONFLICT', 'FAVOURITE_LIMIT');
      await this.repo.add(trx, userPk, target, status);
    });
  }

  remove(userPk: number, target: Target): Promise<void> {
    return this.repo.remove(userPk, target);
  }

  async searches(userPk: number): Promise<SavedSearch[]> {
    const rows = await this.repo.searches(userPk);
    return rows.map((r) => ({
      id: r.id,
      source: r.source,
      region: r.region as SavedSearch['region'],
      foundDate: r.foundDate,
      foundTime: r.foundTime,
      location: r.location,
      createdAt: iso(r.createdAt),
    }));
  }

  saveSearch(userPk: number, q: SavedSearchRequest): Promise<number> {
    return this.repo.asMember(userPk, async (trx) => {
      if ((await this.repo.countSearches(trx, userPk)) >= FAVOURITE_LIMITS.savedSearchesMax)
        throw lostError(409, 'CONFLICT', 'SAVED_SEARCH_LIMIT');
      return this.repo.addSearch(trx, userPk, q, new Date());
    });
  }

  /** 404 when the search is not the member's, as when it does not exist. */
  async deleteSearch(userPk: number, id: number): Promise<void> {
    if (!(await this.repo.removeSearch(userPk, id))) throw lostError(404, 'NOT_FOUND', 'SAVED_SEARCH_NOT_FOUND');
  }
}
