import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';

interface NotificationsBellProps {
  /** Unread notifications; the count is filled in once notifications are loaded. */
  unreadCount?: number;
}

/** The header's notifications button with its unread count. */
export function NotificationsBell({ unreadCount = 0 }: NotificationsBellProps) {
  const label = unreadCount > 0 ? `Notifications (${unreadCount} unread)` : 'Notifications';
  return (
    <Tooltip label="Notifications">
      <Indicator
        disabled={unreadCount === 0}
        label={unreadCount > 99 ? '99+' : unreadCount}
        size={16}
        offset={4}
        color="red"
      >
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label}>
          <IconBell size={20} stroke={1.6} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
