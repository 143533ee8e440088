import { useEffect } from 'react';
import useSWR from 'swr';
import type { Session } from '@pawbridge/shared';
import { api } from '@/lib/api-client';
import { SessionCheck } from '@/lib/first-load-schemas';

export const SESSION_KEY = '/api/users/check-session';

/** While the server cannot be reached, the session check runs again this often (and on focus). */
export const SESSION_RETRY_MS = 5000;
const SESSION_RETRY_LIMIT = 120;

/** Where the tab keeps the last session the server confirmed (sessionStorage: this tab only, gone with it). */
export const REMEMBERED_SESSION_KEY = 'pawbridge.session';

function rememberedMember(): Session | undefined {
  try {
    const raw = window.sessionStorage.getItem(REMEMBERED_SESSION_KEY);
    if (!raw) return undefined;
    const parsed = SessionCheck.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.loggedIn ? parsed.data : undefined;
  } catch {
    return undefined; // storage blocked or a stale shape: nothing remembered
  }
}

function remember(session: Session): void {
  try {
    if (session.loggedIn) window.sessionStorage.setItem(REMEMBERED_SESSION_KEY, JSON.stringify(session));
    else window.sessionStorage.removeItem(REMEMBERED_SESSION_KEY);
  } catch {
    // Storage blocked (private mode quota): the session is simply not remembered across reloads.
  }
}

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
  // Only an answer ends a session (`loggedIn: false`, which a 401 upstream becomes); a network error, 502 or 504
  // does not. So while the check is unanswered, the member the server last confirmed in this tab stays shown
  // (after a reload during an outage too): the header keeps the bell and the logout button, the home its member parts.
  // Every write is still authorised by the BFF; a really ended session answers `loggedIn: false` and is dropped.
  useEffect(() => {
    if (data !== undefined) remember(data);
  }, [data]);
  const unreachable = data === undefined && error !== undefined;
  const session: Session = data ?? rememberedMember() ?? { loggedIn: false };
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
