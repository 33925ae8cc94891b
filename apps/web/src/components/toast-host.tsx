/**
 * Where toasts appear (Mantine's Notifications container), loaded with the page's first toast (lib/toast.ts): most
 * visits show none, and the container's portal and transitions would otherwise add to every screen. Toasts shown
 * before it is there wait in the notifications store and appear when it mounts.
 */
import { TOAST_AUTOCLOSE_MS } from '@evmap/contract/constants';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';

/** The toasts' store, for lib/toast.ts, which imports this chunk with the first toast. */
export { notifications } from '@mantine/notifications';

export function ToastHost() {
  return <Notifications autoClose={TOAST_AUTOCLOSE_MS} position="top-center" />;
}
