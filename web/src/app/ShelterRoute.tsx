import ShelterAnimalPage from '@/features/adoption/ShelterAnimalPage';
import { FavouriteHeart } from '@/features/favourites';
import { t } from '@/messages';

/** /shelter/:desertionNo: a shelter animal's page with its heart composed in (features never import each other). */
export default function ShelterRoute() {
  return (
    <ShelterAnimalPage
      heart={(a) => (
        <FavouriteHeart
          target={{ source: 'shelter', desertionNo: a.desertionNo }}
          name={t('fav.shelterName', { kind: a.kind, no: a.noticeNo ?? a.desertionNo })}
          placement="inline"
        />
      )}
    />
  );
}
