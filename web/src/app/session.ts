import useSWR from 'swr';
import { SessionSchema, type Session } from '@pawbridge/shared';
import { api } from '@/lib/api-client';

export const SESSION_KEY = '/api/users/check-session';

/** The session, checked at app start and re-checked after login (spec §4 Session). */
export function useSession() {
  const { data, error, isLoading, mutate } = useSWR<Session>(SESSION_KEY, () => api(SESSION_KEY, { schema: SessionSchema }), {
    revalidateOnFocus: true,
    shouldRetryOnError: false,
  });
  const session: Session = data ?? { loggedIn: false };
  return { session, user: session.loggedIn ? session : null, isLoading, error, refresh: () => mutate() };
}
