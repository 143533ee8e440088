import { notifications } from '@mantine/notifications';
import { t } from '@/messages';

// Mantine's close button is an icon only; without a label screen readers announce a nameless button (axe button-name).
const closeButtonProps = { 'aria-label': t('common.close') };

/** When each toast on show was shown, by id (see closeToastsFromEarlierScreens). */
const shownAt = new Map<string, number>();

/**
 * One toast per event (issue 25 item 6): the same words in the same colour
 * while that toast is still up are the same event told twice (a double
 * submit, a retry), so the id is the words and the second call shows nothing.
 */
function show(color: string, message: string, autoClose: number, title?: string): string {
  const id = `toast-${color}-${title ?? ''}-${message}`;
  shownAt.set(id, Date.now());
  return notifications.show({ id, color, title, message, autoClose, closeButtonProps, onClose: () => shownAt.delete(id) });
}

/**
 * How long before a change of screen a toast may have been shown and still go
 * along: an action that ends on another screen (delete, then the list) says
 * its outcome there; a toast left from something earlier stays behind.
 */
export const TOAST_CARRY_MS = 1500;

/** Closes the toasts shown before the screen changed, but those of the action that changed it (issue 25 item 6). */
export function closeToastsFromEarlierScreens(now: number = Date.now()): void {
  for (const [id, at] of [...shownAt]) {
    if (now - at > TOAST_CARRY_MS) {
      shownAt.delete(id);
      notifications.hide(id);
    }
  }
}

// The toasts live here, below components/, so lib's own hooks (the gates) can speak
// without importing a component module; components/feedback/notify re-exports them.
export const notifySuccess = (message: string) => show('teal', message, 3500);
/**
 * An error notification. The message says what went wrong ("the file is too big"),
 * so there is no generic "an error occurred" heading above it; a caller with a
 * real heading passes one.
 */
export const notifyError = (message: string, title?: string) => show('red', message, 6000, title);
export const notifyInfo = (message: string) => show('blue', message, 4000);
