import { notifications } from '@mantine/notifications';
import { modals } from '@mantine/modals';
import { ApiError } from '@/lib/api-client';
import { t, type MessageKey } from '@/messages';

// Alerts of the old front end become notifications; confirms become modals (architecture.md).
export const notifySuccess = (message: string) => notifications.show({ color: 'teal', message, autoClose: 3500 });
/**
 * An error notification. The message says what went wrong ("the file is too big"),
 * so there is no generic "an error occurred" heading above it; a caller with a
 * real heading passes one.
 */
export const notifyError = (message: string, title?: string) => notifications.show({ color: 'red', title, message, autoClose: 6000 });
export const notifyInfo = (message: string) => notifications.show({ color: 'blue', message, autoClose: 4000 });

/** The sentence to show for a failed call: the server's Korean message, or a catalogue fallback. */
export function errorMessage(err: unknown, fallback: MessageKey = 'common.unknownError'): string {
  if (err instanceof ApiError) {
    if (err.code === 'NETWORK') return t('common.networkError');
    if (err.code === 'TIMEOUT') return t('common.timeout');
    if (err.status >= 500) return t(fallback);
    return err.message || t(fallback);
  }
  return t(fallback);
}

/** A confirm dialog as a promise: true when the user confirms. */
export function confirm(opts: { title: string; body: string; confirmLabel?: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: opts.title,
      children: opts.body,
      labels: { confirm: opts.confirmLabel ?? t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: opts.danger ? { color: 'red' } : {},
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
