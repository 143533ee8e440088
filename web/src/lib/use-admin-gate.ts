import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '@/lib/session';
import { notifyError, notifyInfo } from '@/lib/notify';
import { t } from '@/messages';

/**
 * Admin screens: visitors go to /login, members to / with "only admins can
 * access". The BFF refuses the calls anyway; this only spares a broken page.
 */
export function useAdminGate(): boolean {
  const { user, isLoading } = useSession();
  const navigate = useNavigate();
  const told = useRef(false);
  // A member the server last confirmed (lib/session) passes while the check is unanswered: an unreachable
  // server does not make a member a visitor; only an answer that the session ended does.
  const state = user ? (user.isAdmin ? 'admin' : 'member') : isLoading ? 'checking' : 'visitor';

  useEffect(() => {
    if (state === 'checking' || state === 'admin' || told.current) return;
    told.current = true;
    if (state === 'visitor') {
      notifyInfo(t('common.loginRequired'));
      navigate('/login', { replace: true });
    } else {
      notifyError(t('common.adminOnly'));
      navigate('/', { replace: true });
    }
  }, [state, navigate]);

  return state === 'admin';
}
