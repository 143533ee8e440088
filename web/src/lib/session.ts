import useSWR from 'swr';
import type { Session } from '@pawbridge/shared';
import { api } from '@/lib/api-client';
import { SessionCheck } from '@/lib/first-load-schemas';

export const SESSION_KEY = '/api/users/check-session';

/** While the server cannot be reached, the session check runs again this often (and on focus). */
export const SESSION_RETRY_MS = 5000;
const SESSION_RETRY_LIMIT = 120;

/**
 * The session, checked at app start and re-checked after login (spec §4 Session).
 *
 * A failed check is not a logout: until an answer arrives the session is unknown,
 * so `isLoading` stays true (screens keep waiting instead of treating the member as
 * a visitor) and `unreachable` tells the layout to say so and offer a retry.
 */
export function useSession() {
  const { data, error, isLoading, isValidating, mutate } = useSWR<Session>(SESSION_KEY, () => api(SESSION_KEY, { schema: SessionCheck }), {
    revalidateOnFocus: true,
    // A steady retry, not SWR's exponential back-off: the server usually comes back within seconds.
    onErrorRetry: (_err, _key, _config, revalidate, { retryCount }) => {
      if (retryCount > SESSION_RETRY_LIMIT) return;
      setTimeout(() => void revalidate({ retryCount }), SESSION_RETRY_MS);
    },
  });
  const unreachable = data === undefined && error !== undefined;
  const session: Session = data ?? { loggedIn: false };
  return {
    session,
    user: session.loggedIn ? session : null,
    isLoading: data === undefined && (isLoading || unreachable),
    unreachable,
    retrying: unreachable && isValidating,
    error,
    refresh: () => mutate(),
  };
}
