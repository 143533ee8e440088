import { useCallback, useState } from 'react';
import { EmailSchema, LIMITS } from '@pawbridge/shared';
import { errorMessage } from '@/components/feedback/notify';
import { ApiError } from '@/lib/api-client';
import { t } from '@/messages';
import { sendVerificationEmail, verifyEmailCode } from '../api';
import { useCountdown } from './use-countdown';

/** Spec §4 e-mail verification: not sent → code sent (countdown) → verified. */
export type VerificationStatus = 'idle' | 'sent' | 'verified';

export type StepResult = { ok: true } | { ok: false; message: string };

/** The first client-side problem with an address before sending a code, if any. */
export function emailProblem(email: string): string | null {
  if (email.trim() === '') return t('auth.email.emptyFirst');
  return EmailSchema.safeParse(email).success ? null : t('auth.email.invalidFormat');
}

export function useEmailVerification() {
  const { remaining, start, stop } = useCountdown();
  const [status, setStatus] = useState<VerificationStatus>('idle');
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);

  const send = useCallback(
    async (email: string): Promise<StepResult> => {
      const problem = emailProblem(email);
      if (problem) return { ok: false, message: problem };
      setSending(true);
      try {
        await sendVerificationEmail(email.trim());
        // A new code invalidates the old one and any earlier verification.
        setStatus('sent');
        start(LIMITS.verificationCountdownSeconds);
        return { ok: true };
      } catch (err) {
        return { ok: false, message: errorMessage(err) };
      } finally {
        setSending(false);
      }
    },
    [start],
  );

  const verify = useCallback(
    async (email: string, code: string): Promise<StepResult> => {
      if (code.trim() === '') return { ok: false, message: t('auth.email.codeEmpty') };
      if (remaining === 0) return { ok: false, message: t('auth.email.expired') };
      setVerifying(true);
      try {
        await verifyEmailCode(email.trim(), code.trim());
        setStatus('verified');
        stop();
        return { ok: true };
      } catch (err) {
        if (err instanceof ApiError && (err.code === 'INVALID_CODE' || err.code === 'VALIDATION_FAILED')) {
          return { ok: false, message: t('auth.email.codeWrong') };
        }
        return { ok: false, message: errorMessage(err) };
      } finally {
        setVerifying(false);
      }
    },
    [remaining, stop],
  );

  const reset = useCallback(() => {
    setStatus('idle');
    stop();
  }, [stop]);

  return {
    status,
    sending,
    verifying,
    remaining,
    expired: status === 'sent' && remaining === 0,
    send,
    verify,
    reset,
  };
}
