import { Button, Group } from '@mantine/core';
import { IconCopy, IconPlus } from '@tabler/icons-react';

/** The managers' ways to add templates: a new one, or copies from a project. */
export function GroupListActions({ onNew, onCopy }: { onNew: () => void; onCopy: () => void }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="default" leftSection={<IconCopy size={14} />} onClick={onCopy}>
        Copy from a project
      </Button>
      <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onNew}>
        New template
      </Button>
    </Group>
  );
}
