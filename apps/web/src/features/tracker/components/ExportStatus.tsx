import { Alert, Button, CloseButton, Group, Paper, Progress, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { exportPercent, exportProgressText } from '../export-stream';
import type { ExportState } from '../use-overview-export';

interface ExportStatusProps {
  state: ExportState;
  onCancel: () => void;
  onDismiss: () => void;
}

/** Below the toolbar while an export runs: how far it has come and a Cancel; then why it failed, if it did. */
export function ExportStatus({ state, onCancel, onDismiss }: ExportStatusProps) {
  if (state.kind === 'running') {
    const text = exportProgressText(state.progress);
    const percent = exportPercent(state.progress);
    return (
      <Paper withBorder radius="md" px="sm" py={6} mb="sm" role="status" aria-label="Export progress">
        <Group gap="sm" wrap="nowrap">
          <Text
            size="sm"
            style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
            aria-live="polite"
          >
            {text}
          </Text>
          <Progress
            style={{ flex: 1 }}
            size="sm"
            value={percent ?? 100}
            animated={percent === null}
            striped={percent === null}
            aria-label="Export"
          />
          <Button size="compact-sm" variant="default" onClick={onCancel}>
            Cancel export
          </Button>
        </Group>
      </Paper>
    );
  }
  if (state.kind === 'cancelled') {
    return (
      <Group gap="xs" mb="sm" role="status">
        <Text size="sm" c="dimmed">
          Export cancelled.
        </Text>
        <CloseButton size="sm" aria-label="Dismiss" onClick={onDismiss} />
      </Group>
    );
  }
  if (state.kind === 'failed') {
    return (
      <Alert
        color="red"
        variant="light"
        mb="sm"
        icon={<IconAlertTriangle size={16} />}
        title="The export failed"
        withCloseButton
        closeButtonLabel="Dismiss"
        onClose={onDismiss}
      >
        <Text size="sm">{state.message}</Text>
      </Alert>
    );
  }
  return null;
}
