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
  const state = isLoading ? 'checking' : !user ? 'visitor' : user.isAdmin ? 'admin' : 'member';

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
