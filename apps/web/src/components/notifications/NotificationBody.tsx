import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { SanitizedHtml } from '../SanitizedHtml';
import type { UiNotification } from './notification-types';

interface NotificationBodyProps {
  notification: UiNotification;
  /** Called after an action ran, to close the toast or alert. */
  onDone?: () => void;
}

/** The content of a toast or page alert: text, rich text, help-centre link and actions. */
export function NotificationBody({ notification, onDone }: NotificationBodyProps) {
  const helpCenterUrl = getRuntimeConfig()?.helpCenterUrl;
  const actions = notification.actions ?? [];
  return (
    <Stack gap={6}>
      {notification.message ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {notification.message}
        </Text>
      ) : null}
      {notification.html ? <SanitizedHtml html={notification.html} fz="sm" /> : null}
      {notification.showHelpCenterLink && helpCenterUrl ? (
        <Anchor href={helpCenterUrl} target="_blank" rel="noopener noreferrer" size="sm">
          Visit the Help Center
        </Anchor>
      ) : null}
      {actions.length > 0 ? (
        <Group gap="xs" justify="flex-end">
          {actions.map((action) => (
            <Button
              key={action.label}
              size="compact-sm"
              variant="subtle"
              onClick={() => {
                action.onClick?.();
                onDone?.();
              }}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
