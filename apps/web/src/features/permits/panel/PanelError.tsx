import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

interface PanelErrorProps {
  /** "The comments", "The files". */
  what: string;
  onRetry: () => void;
}

/** A tab whose list did not load: what happened and what to do. */
export function PanelError({ what, onRetry }: PanelErrorProps) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={16} />}
      title={`${what} did not load`}
      role="alert"
    >
      <Text size="xs" mb="xs">
        Check your connection and try again. If it keeps failing, reload the page.
      </Text>
      <Button size="compact-xs" variant="default" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
