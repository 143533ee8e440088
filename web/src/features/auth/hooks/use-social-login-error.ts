import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { notifyError } from '@/components/feedback/notify';
import { t } from '@/messages';

/**
 * A failed social login comes back as `/login?error=…` (the value may be empty).
 * Tell the user once, then drop the query without adding a history entry so
 * reloading or going back does not repeat the message.
 */
export function useSocialLoginError() {
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  const hasError = params.has('error');
  const error = params.get('error');

  useEffect(() => {
    if (!hasError) {
      shown.current = false;
      return;
    }
    if (shown.current) return;
    shown.current = true;
    notifyError(t('auth.login.socialFailed', { error: error || t('auth.login.socialFailedUnknown') }));
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [hasError, error, setParams]);
}
