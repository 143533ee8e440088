import { modals } from '@mantine/modals';
import { ApiError } from '@/lib/api-client';
import { t, type MessageKey } from '@/messages';

// Alerts of the old front end become notifications; confirms become modals (architecture.md).
export { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';

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
