import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import type { Session } from '@pawbridge/shared';
import { LIMITS } from '@pawbridge/shared/constants';
import { SESSION_KEY } from '@/lib/session';
import { notifyError, notifySuccess } from '@/components/feedback/notify';
import { t } from '@/messages';

/**
 * `?socialLogin=success` on any screen: the provider round trip just set the
 * session cookie, so re-check the session after a short pause (spec §9) and go home.
 */
export function useSocialLoginReturn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const flagged = params.get('socialLogin') === 'success';

  useEffect(() => {
    if (!flagged) return undefined;
    const timer = window.setTimeout(async () => {
      const session = (await mutate(SESSION_KEY).catch(() => undefined)) as Session | undefined;
      if (session?.loggedIn) {
        notifySuccess(t('auth.login.success'));
        navigate('/', { replace: true });
      } else {
        notifyError(t('auth.login.socialSessionMissing'));
        navigate('/login', { replace: true });
      }
    }, LIMITS.socialLoginRecheckMs);
    return () => window.clearTimeout(timer);
  }, [flagged, mutate, navigate]);
}
