import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { NotificationBody } from './NotificationBody';
import { clearPageNotification } from './page-notification-store';
import { usePageNotification } from './use-page-notification';

/** The last page-level error, shown above the page content until closed or cleared. */
export function PageNotificationAlert() {
  const notification = usePageNotification();
  if (!notification) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={notification.title}
      icon={<IconAlertTriangle size={18} />}
      withCloseButton
      closeButtonLabel="Close alert"
      onClose={clearPageNotification}
      mb="md"
      role="alert"
    >
      <NotificationBody notification={notification} onDone={clearPageNotification} />
    </Alert>
  );
}
