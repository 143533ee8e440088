import useSWR from 'swr';
import type { PublicConfig } from '@pawbridge/shared';
import { api } from '@/lib/api-client';
import { PublicConfigCheck } from '@/lib/first-load-schemas';

export const CONFIG_KEY = '/api/config';

/** The deployment's public config (which map, which social logins, whether breed prediction runs). */
export function usePublicConfig() {
  const { data, error, isLoading } = useSWR<PublicConfig>(CONFIG_KEY, () => api(CONFIG_KEY, { schema: PublicConfigCheck }), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return { config: data, error, isLoading };
}
