import { notifications } from '@mantine/notifications';
import { NotificationBody } from './NotificationBody';
import {
  notificationColors,
  notificationDurations,
  SNACKBAR_DURATION_MS,
  type UiNotification,
  type UiNotificationAction,
} from './notification-types';
import { setPageNotification } from './page-notification-store';

let sequence = 0;

/** Shows a notification: a toast at the top right, and for page errors also the page alert. */
export function notify(notification: UiNotification): string {
  const id = `notification-${++sequence}`;
  if (notification.type === 'error' && notification.isPage) setPageNotification(notification);
  if (notification.bubbleHidden) return id;
  notifications.show({
    id,
    position: 'top-right',
    color: notificationColors[notification.type],
    title: notification.title,
    autoClose: notificationDurations[notification.type],
    withBorder: true,
    role: notification.type === 'error' ? 'alert' : 'status',
    message: <NotificationBody notification={notification} onDone={() => notifications.hide(id)} />,
  });
  return id;
}

export interface SnackbarOptions {
  id: string;
  message: string;
  actions: UiNotificationAction[];
  /** Called when the snackbar goes away without one of its actions (timeout or close button). */
  onDismiss?: () => void;
}

/** A bottom-centre message with actions that stays for a minute (e.g. the new-version prompt). */
export function showSnackbar({ id, message, actions, onDismiss }: SnackbarOptions): void {
  let acted = false;
  const wrapped = actions.map((action) => ({
    ...action,
    onClick: () => {
      acted = true;
      action.onClick?.();
    },
  }));
  notifications.show({
    id,
    position: 'bottom-center',
    autoClose: SNACKBAR_DURATION_MS,
    withBorder: true,
    role: 'status',
    message: (
      <NotificationBody
        notification={{ type: 'info', message, actions: wrapped }}
        onDone={() => notifications.hide(id)}
      />
    ),
    onClose: () => {
      if (!acted) onDismiss?.();
    },
  });
}
