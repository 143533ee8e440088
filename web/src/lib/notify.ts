import { notifications } from '@mantine/notifications';
import { t } from '@/messages';

// Mantine's close button is an icon only; without a label screen readers announce a nameless button (axe button-name).
const closeButtonProps = { 'aria-label': t('common.close') };

// The toasts live here, below components/, so lib's own hooks (the gates) can speak
// without importing a component module; components/feedback/notify re-exports them.
export const notifySuccess = (message: string) => notifications.show({ color: 'teal', message, autoClose: 3500, closeButtonProps });
/**
 * An error notification. The message says what went wrong ("the file is too big"),
 * so there is no generic "an error occurred" heading above it; a caller with a
 * real heading passes one.
 */
export const notifyError = (message: string, title?: string) =>
  notifications.show({ color: 'red', title, message, autoClose: 6000, closeButtonProps });
export const notifyInfo = (message: string) => notifications.show({ color: 'blue', message, autoClose: 4000, closeButtonProps });
