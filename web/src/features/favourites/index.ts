// Favourites and saved searches (issue 28): what the app composes into the adopt list, the animal pages and my page.
export { default as FavouriteHeart } from './FavouriteHeart';
export { default as SaveSearchButton } from './SaveSearchButton';
export { useFavouritesOn } from './api';
