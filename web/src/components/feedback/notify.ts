import { modals } from '@mantine/modals';
import type { ErrorCode, ErrorReason } from '@pawbridge/shared';
import { ApiError } from '@/lib/api-client';
import { t, tMaybe, type MessageKey } from '@/messages';
import { ensureModals } from './modals-host';

// Alerts of the old front end become notifications; confirms become modals (architecture.md).
export { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';

/**
 * The only failures whose envelope `message` holds words the web cannot know, so
 * the screen shows them as sent; every other failure is said from the catalogue.
 * - REPORT_FAILED without a reason: the upstream's own refusal sentence (why the
 *   legacy would not take the report).
 * - reason POST_CATEGORY_NOT_ALLOWED: the category's rule as the server states it
 *   (which members may write there); the catalogue's words are the fallback.
 */
const SERVER_WORDS_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['REPORT_FAILED']);
const SERVER_WORDS_REASONS: ReadonlySet<ErrorReason> = new Set<ErrorReason>(['POST_CATEGORY_NOT_ALLOWED']);

const keepsServerWords = (err: ApiError): boolean =>
  Boolean(err.message) && (err.reason ? SERVER_WORDS_REASONS.has(err.reason) : SERVER_WORDS_CODES.has(err.code as ErrorCode));

// The 5xx code that says no more than "the server failed": the screen's own fallback ("couldn't save the pet") tells
// the user more. UPSTREAM_UNAVAILABLE / UPSTREAM_TIMEOUT are not in it: "the server can't be reached" tells the user
// what to do (wait, try again), which "an error occurred" never did.
const GENERIC_SERVER_FAILURES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['INTERNAL']);

/**
 * The sentence to show for a failed call, from the web's catalogue: the reason's
 * words, else the code's; a generic server failure (INTERNAL) gets the screen's fallback.
 */
export function errorMessage(err: unknown, fallback: MessageKey = 'common.unknownError'): string {
  if (!(err instanceof ApiError)) return t(fallback);
  if (err.code === 'NETWORK') return t('common.networkError');
  if (err.code === 'TIMEOUT') return t('common.timeout');
  if (keepsServerWords(err)) return err.message;
  if (err.reason) return t(`errors.reason.${err.reason}`);
  if (err.status >= 500 && GENERIC_SERVER_FAILURES.has(err.code)) return t(fallback);
  return tMaybe(`errors.code.${err.code}`) ?? t(fallback);
}

const UNREACHABLE_CODES: ReadonlySet<ApiError['code']> = new Set<ApiError['code']>([
  'NETWORK',
  'TIMEOUT',
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_TIMEOUT',
]);

/**
 * The catalogue's sentence when the failure is that the server could not be reached (no answer, a timeout, or
 * the BFF's UPSTREAM_UNAVAILABLE / UPSTREAM_TIMEOUT), else null: a screen's own "couldn't save" sentence would
 * suggest something was wrong with what the user did, when waiting and trying again is all there is to do.
 */
export function unreachableMessage(err: unknown): string | null {
  return err instanceof ApiError && UNREACHABLE_CODES.has(err.code) ? errorMessage(err) : null;
}

/** A confirm dialog as a promise: true when the user confirms. */
export function confirm(opts: { title: string; body: string; confirmLabel?: string; danger?: boolean }): Promise<boolean> {
  return ensureModals().then(
    () =>
      new Promise<boolean>((resolve) => {
        modals.openConfirmModal({
          title: opts.title,
          closeButtonProps: { 'aria-label': t('common.close') },
          children: opts.body,
          labels: { confirm: opts.confirmLabel ?? t('common.confirm'), cancel: t('common.cancel') },
          confirmProps: opts.danger ? { color: 'red' } : {},
          onConfirm: () => resolve(true),
          onCancel: () => resolve(false),
          onClose: () => resolve(false),
        });
      }),
  );
}
