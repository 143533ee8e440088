import StrayPage from '@/features/adoption/StrayPage';
import { StrayDonation } from '@/features/donations';
import { FavouriteHeart } from '@/features/favourites';

/** /adopt/:id: a stray's page with its donation part and heart composed in (features never import each other). */
export default function StrayRoute() {
  return (
    <StrayPage
      extra={(s) => <StrayDonation stray={s} />}
      heart={(s) => <FavouriteHeart target={{ source: 'member', strayId: s.id }} name={s.name} placement="inline" />}
    />
  );
}
