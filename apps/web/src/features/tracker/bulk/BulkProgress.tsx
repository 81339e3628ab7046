import { Alert, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

interface BulkProgressProps {
  /** While set, the action runs: the text shown over an indeterminate bar. */
  running: string | null;
  /** The API's refusal, shown as it came back. */
  failure: string | null;
}

/** A bulk dialog's status: progress while the call runs, the refusal after it failed. */
export function BulkProgress({ running, failure }: BulkProgressProps) {
  if (running) {
    return (
      <Stack gap={4} role="status" aria-live="polite">
        <Text size="sm" c="dimmed">
          {running}
        </Text>
        <Progress value={100} animated striped size="sm" aria-label={running} />
      </Stack>
    );
  }
  if (!failure) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />}>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {failure}
      </Text>
    </Alert>
  );
}
