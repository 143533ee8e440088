import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '@/lib/session';
import { notifyInfo } from '@/lib/notify';
import { t } from '@/messages';

/**
 * Member-only screens (my page, spec §6): visitors go to /login with "login
 * required", admins home, where their dashboard and admin menu are, with a word why.
 */
export function useMemberGate(): boolean {
  const { user, isLoading } = useSession();
  const navigate = useNavigate();
  const told = useRef(false);
  // A member the server last confirmed (lib/session) passes while the check is unanswered: an unreachable
  // server does not make a member a visitor; only an answer that the session ended does.
  const state = user ? (user.isAdmin ? 'admin' : 'member') : isLoading ? 'checking' : 'visitor';

  useEffect(() => {
    if (state === 'checking' || state === 'member' || told.current) return;
    told.current = true;
    if (state === 'visitor') {
      notifyInfo(t('common.loginRequired'));
      navigate('/login', { replace: true });
    } else {
      notifyInfo(t('common.myPageMembersOnly'));
      navigate('/', { replace: true });
    }
  }, [state, navigate]);

  return state === 'member';
}
