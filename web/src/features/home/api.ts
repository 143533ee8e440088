import useSWR from 'swr';
import type { Pet, Stray } from '@pawbridge/shared';
import { api } from '@/lib/api-client';
import { StrayListCheck } from '@/lib/first-load-schemas';

// The same keys as the adopt list and the dog list, so SWR shares their answers.
export const STRAYS_KEY = '/api/abandoned/abandoned-pets';
const MY_DOGS_KEY = '/api/pet/profile/pets';

/** How many strays the home carousel shows (spec §2 Home). */
export const CAROUSEL_MAX = 8;

/** The public stray list; the carousel shows its first {@link CAROUSEL_MAX}. */
export function useHomeStrays() {
  const { data, error, isLoading, mutate } = useSWR<Stray[]>(STRAYS_KEY, () => api(STRAYS_KEY, { schema: StrayListCheck }), {
    shouldRetryOnError: false,
  });
  return { strays: data?.slice(0, CAROUSEL_MAX), error: error as unknown, isLoading, reload: () => mutate() };
}

/** The member's own dogs; nothing is asked while `enabled` is false (visitors, admins). */
export function useMyDogs(enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<Pet[]>(
    enabled ? MY_DOGS_KEY : null,
    () => api(MY_DOGS_KEY, { schema: async () => (await import('@pawbridge/shared')).PetListSchema }),
    { shouldRetryOnError: false },
  );
  return { dogs: data, error: error as unknown, isLoading, reload: () => mutate() };
}
