import { Button, Group, Paper, Switch } from '@mantine/core';

interface NotificationsSaveBarProps {
  muted: boolean;
  onMutedChange: (muted: boolean) => void;
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
  onSave: () => void;
}

/** The mute switch with Discard and Save, kept in reach while the long list scrolls under the app header. */
export function NotificationsSaveBar(props: NotificationsSaveBarProps) {
  const { muted, onMutedChange, dirty, saving, onDiscard, onSave } = props;
  return (
    <Paper withBorder radius="md" p="md" pos="sticky" top={56} style={{ zIndex: 3 }}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Switch
          label="Mute this project"
          description="No notifications from this project at all, whatever is set below."
          checked={muted}
          onChange={(event) => onMutedChange(event.currentTarget.checked)}
        />
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" disabled={!dirty || saving} onClick={onDiscard}>
            Discard
          </Button>
          <Button size="xs" disabled={!dirty} loading={saving} onClick={onSave}>
            Save
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
