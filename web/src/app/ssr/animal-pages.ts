import type { PageDataRequest } from '@pawbridge/shared/ssr.schema';
import { DesertionNoSchema } from '@pawbridge/shared';
import { swrKey } from '@/lib/ssr-cache';
import { shelterAnimalKey, strayIdOf, strayKey } from '@/features/adoption/api';
import { DONATION_TOTALS_KEY } from '@/features/donations/api';
import { entryOf, SCREEN_STYLES, statusOf, withEntries, type PageDataResultOf, type PublicPage } from './page-kit';

/** The shelter animal's number as its page reads it; null: not an animal's page. */
const desertionNoOf = (raw: string | undefined): string | null => (raw && DesertionNoSchema.safeParse(raw).success ? raw : null);

/** Not there (or a malformed number the BFF refuses): the not-found page, 404; the data failed: its error state, 502/504. */
function animalStatus(key: unknown, result: PageDataResultOf): number {
  if (key === null) return 404;
  if (result && !result.ok && (result.status === 404 || result.status === 400)) return 404;
  return statusOf(result);
}

/**
 * The animal pages (decision 0033) in the render table: the first HTML carries the animal, its
 * preview tags (PageMeta) and the answer embedded under the key `useStray` / `useShelterAnimal` reads.
 */
export const ANIMAL_PAGES: PublicPage[] = [
  {
    path: '/adopt/:id',
    modules: ['src/app/StrayRoute.tsx', SCREEN_STYLES],
    data: (params): Record<string, PageDataRequest> => {
      const id = strayIdOf(params.id);
      // The donation total under the apply button: in the first HTML, or it pushes the page down after hydration.
      return id === null ? {} : { stray: { kind: 'strays.detail', id }, donations: { kind: 'donations.totals' } };
    },
    cache: (r, params) => {
      const id = strayIdOf(params.id);
      return id === null
        ? {}
        : withEntries(
            [swrKey(strayKey(id)), entryOf(r.stray, (x) => x.data)],
            [swrKey(DONATION_TOTALS_KEY), entryOf(r.donations, (x) => x.data)],
          );
    },
    status: (r, params) => animalStatus(strayIdOf(params.id), r.stray),
  },
  {
    path: '/shelter/:desertionNo',
    modules: ['src/app/ShelterRoute.tsx', SCREEN_STYLES],
    data: (params): Record<string, PageDataRequest> => {
      const no = desertionNoOf(params.desertionNo);
      return no === null ? {} : { animal: { kind: 'shelter.detail', desertionNo: no } };
    },
    cache: (r, params) => {
      const no = desertionNoOf(params.desertionNo);
      return no === null ? {} : withEntries([swrKey(shelterAnimalKey(no)), entryOf(r.animal, (x) => x.data)]);
    },
    status: (r, params) => animalStatus(desertionNoOf(params.desertionNo), r.animal),
  },
];
