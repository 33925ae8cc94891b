/**
 * Where toasts appear (Mantine's Notifications container), loaded after the first screen has painted: toasts are
 * never part of it, and the container's portal and transitions would otherwise add to the first commit. Toasts
 * shown before it is there wait in the notifications store and appear when it mounts.
 */
import { TOAST_AUTOCLOSE_MS } from '@evmap/contract/constants';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';

export function ToastHost() {
  return <Notifications autoClose={TOAST_AUTOCLOSE_MS} position="top-center" />;
}
