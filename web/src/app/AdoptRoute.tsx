import AdoptPage from '@/features/adoption/AdoptPage';
import { MyDonations, StrayDonation } from '@/features/donations';
import { FavouriteHeart, SaveSearchButton } from '@/features/favourites';
import { t } from '@/messages';

/**
 * /adopt: the adopt list with each card's donation part and heart, the save-search button beside a search in use, and the
 * member's donation history (until my page has its tab).
 */
export default function AdoptRoute() {
  return (
    <AdoptPage
      cardExtra={(s) => <StrayDonation stray={s} />}
      memberSections={<MyDonations hideWhenEmpty />}
      heart={(h) =>
        h.source === 'member' ? (
          <FavouriteHeart target={{ source: 'member', strayId: h.stray.id }} name={h.stray.name} />
        ) : (
          <FavouriteHeart
            target={{ source: 'shelter', desertionNo: h.animal.desertionNo }}
            name={t('fav.shelterName', { kind: h.animal.kind, no: h.animal.noticeNo ?? h.animal.desertionNo })}
          />
        )
      }
      searchExtra={(search, source) =>
        search || source !== 'all' ? (
          <SaveSearchButton
            search={{
              source,
              region: search?.region ?? null,
              foundDate: search?.foundDate ?? null,
              foundTime: search?.foundTime ?? null,
              location: search?.location ?? null,
            }}
          />
        ) : null
      }
    />
  );
}
