import { favouritesUnsupported, type FavouritesGateway } from '../favourites.gateway';

const refuse = (): Promise<never> => Promise.reject(favouritesUnsupported());

/** The legacy Spring service has no favourites or saved searches: every call is 501, nothing goes upstream. */
export class LegacyFavouritesGateway implements FavouritesGateway {
  readonly available = false;
  list = refuse;
  keys = refuse;
  set = refuse;
  searches = refuse;
  saveSearch = refuse;
  deleteSearch = refuse;
}
