import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { isSocialLoginErrorCode } from '@pawbridge/shared';
import { notifyError } from '@/components/feedback/notify';
import { t } from '@/messages';

/**
 * The words for `/login?error=<code>`. Only catalogue text is ever shown: the query
 * is anyone's to write, so an unknown value (or the legacy's empty one) gets the
 * generic reason rather than being echoed.
 */
export function socialLoginErrorMessage(code: string): string {
  if (!isSocialLoginErrorCode(code) || code === 'SOCIAL_LOGIN_FAILED')
    return t('auth.login.socialFailed', { error: t('auth.login.socialFailedUnknown') });
  if (code === 'SOCIAL_LOGIN_UNSUPPORTED') return t('auth.social.unsupported');
  return t('auth.login.socialFailed', { error: t(`auth.social.error.${code}`) });
}

/**
 * A failed social login comes back as `/login?error=…` (the value may be empty).
 * Tell the user once, then drop the query without adding a history entry so
 * reloading or going back does not repeat the message.
 */
export function useSocialLoginError() {
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  const hasError = params.has('error');
  const error = params.get('error') ?? '';

  useEffect(() => {
    if (!hasError) {
      shown.current = false;
      return;
    }
    if (shown.current) return;
    shown.current = true;
    notifyError(socialLoginErrorMessage(error));
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
