/**
 * Toasts of spec section 2: success, error, warning and default, hidden after TOAST_AUTOCLOSE_MS
 * (3 seconds; set once on the Notifications container). Messages are already translated.
 */
import { TOAST_AUTOCLOSE_MS } from '@evmap/contract/constants';
import { notifications } from '@mantine/notifications';
import { i18n } from '@/i18n/i18n';

export type ToastType = 'success' | 'error' | 'warning' | 'default';

const COLORS: Record<ToastType, string | undefined> = {
  success: 'green',
  error: 'red',
  warning: 'yellow',
  default: undefined,
};

/** Shows a toast of `type`; returns its id. */
export function showToast(type: ToastType, message: string, title?: string): string {
  return notifications.show({
    message,
    title,
    color: COLORS[type],
    autoClose: TOAST_AUTOCLOSE_MS,
    // Errors interrupt screen readers; the others wait their turn.
    role: type === 'error' ? 'alert' : 'status',
    'data-toast': type,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}

/** Shorthands by type. */
export const toast = {
  success: (message: string, title?: string) => showToast('success', message, title),
  error: (message: string, title?: string) => showToast('error', message, title),
  warning: (message: string, title?: string) => showToast('warning', message, title),
  show: (message: string, title?: string) => showToast('default', message, title),
};
