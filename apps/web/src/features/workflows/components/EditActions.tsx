import { Button, Group, Paper, Text } from '@mantine/core';
import { IconDeviceFloppy, IconSend } from '@tabler/icons-react';

interface EditActionsProps {
  dirty: boolean;
  busy: 'save' | 'publish' | null;
  onSave: () => void;
  onPublish: () => void;
}

/**
 * A draft's actions, in a bar that stays at the bottom of the window while the stages scroll: the primary
 * action bottom-right, as on every form, and clear of the notifications at the top.
 */
export function EditActions({ dirty, busy, onSave, onPublish }: EditActionsProps) {
  return (
    <Paper
      withBorder
      radius="md"
      px="md"
      py="xs"
      mt="md"
      shadow="sm"
      pos="sticky"
      bottom={8}
      style={{ zIndex: 5 }}
      role="toolbar"
      aria-label="Draft actions"
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c={dirty ? 'yellow.8' : 'dimmed'}>
          {dirty ? 'Unsaved changes' : 'All changes saved'}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            leftSection={<IconDeviceFloppy size={16} />}
            disabled={!dirty || busy === 'publish'}
            loading={busy === 'save'}
            onClick={onSave}
          >
            Save draft
          </Button>
          <Button
            leftSection={<IconSend size={16} />}
            loading={busy === 'publish'}
            disabled={busy === 'save'}
            onClick={onPublish}
          >
            Publish
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
