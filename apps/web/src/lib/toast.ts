/**
 * Toasts of spec section 2: success, error, warning and default, hidden after TOAST_AUTOCLOSE_MS
 * (3 seconds; set once on the Notifications container). Messages are already translated.
 *
 * The toasts' code (Mantine's notifications, their container and transitions: 9 KB gzipped) is loaded by
 * the first toast, not by every screen: most visits show none. The first one asks for it and for the container
 * (`toastsRequested`, which the providers watch); toasts keep their order, since each waits for the same import.
 */
import { TOAST_AUTOCLOSE_MS } from '@evmap/contract/constants';
import { i18n } from '@/i18n/i18n';

export type ToastType = 'success' | 'error' | 'warning' | 'default';

const COLORS: Record<ToastType, string | undefined> = {
  success: 'green',
  error: 'red',
  warning: 'yellow',
  default: undefined,
};

let requested = false;
const listeners = new Set<() => void>();

/** Whether a toast was shown in this page (the providers mount the container from then on). */
export const toastsRequested = () => requested;

/** Calls `listener` when the first toast is asked for; returns the unsubscription. */
export function onToastsRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a toast of `type`, once the toasts' code is in (at once after the first toast of the page). */
export function showToast(type: ToastType, message: string, title?: string): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void import('@/components/toast-host').then(({ notifications }) =>
    notifications.show({
      message,
      title,
      color: COLORS[type],
      autoClose: TOAST_AUTOCLOSE_MS,
      // Errors interrupt screen readers; the others wait their turn.
      role: type === 'error' ? 'alert' : 'status',
      'data-toast': type,
      closeButtonProps: { 'aria-label': i18n.t('common.close') },
    }),
  );
}

/** Shorthands by type. */
export const toast = {
  success: (message: string, title?: string) => showToast('success', message, title),
  error: (message: string, title?: string) => showToast('error', message, title),
  warning: (message: string, title?: string) => showToast('warning', message, title),
  show: (message: string, title?: string) => showToast('default', message, title),
};
