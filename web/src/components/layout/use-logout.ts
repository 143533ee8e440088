import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import type { Session } from '@pawbridge/shared';
import { SESSION_KEY } from '@/lib/session';
import { errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { api } from '@/lib/api-client';
import { endLiveConnections } from '@/lib/live-connections';
import { t } from '@/messages';

const LOGGED_OUT: Session = { loggedIn: false };

/** Logout (spec §8): back to the logged-out state and the home screen. */
export function useLogout() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState(false);

  const logout = async () => {
    setPending(true);
    // The tab's sockets end first, while the session still stands (lib/live-connections.ts).
    const live = await endLiveConnections();
    try {
      await api('/api/users/logout', { method: 'POST', schema: async () => (await import('@pawbridge/shared')).OkSchema });
      // Drop every cached answer that belonged to the user, then the session itself.
      await mutate((key) => key !== SESSION_KEY, undefined, { revalidate: false });
      await mutate(SESSION_KEY, LOGGED_OUT, { revalidate: false });
      notifySuccess(t('header.logoutSuccess'));
      navigate('/');
      // What the visitor's screen still shows (the home's lists, the public config) is asked again, once the
      // member's parts are gone: dropped and not asked, a list on the home said it could not load.
      window.setTimeout(() => void mutate((key) => key !== SESSION_KEY), 0);
    } catch (err) {
      // An unreachable server is said as such (the catalogue's words for the code), not as "an error occurred".
      notifyError(errorMessage(err, 'header.logoutFailed'));
      live.reopen();
      void mutate(SESSION_KEY);
    } finally {
      live.release();
      setPending(false);
    }
  };

  return { logout, pending };
}
