import useSWR from 'swr';
import { PublicConfigSchema, type PublicConfig } from '@pawbridge/shared';
import { api } from '@/lib/api-client';

export const CONFIG_KEY = '/api/config';

/** The deployment's public config (which map, which social logins, whether breed prediction runs). */
export function usePublicConfig() {
  const { data, error, isLoading } = useSWR<PublicConfig>(CONFIG_KEY, () => api(CONFIG_KEY, { schema: PublicConfigSchema }), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return { config: data, error, isLoading };
}
