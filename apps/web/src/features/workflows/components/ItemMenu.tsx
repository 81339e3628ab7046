import { ActionIcon, Menu } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconDotsVertical, IconSettings, IconTrash } from '@tabler/icons-react';

interface ItemMenuProps {
  /** Names the item: 'stage Intake'. */
  name: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onOpen: () => void;
  onRemove: () => void;
}

/** A stage's or task's actions: settings, move up or down (the keyboard's way to reorder), remove. */
export function ItemMenu({ name, index, count, onMove, onOpen, onRemove }: ItemMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={180}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Actions for ${name}`}>
          <IconDotsVertical size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconSettings size={15} />} onClick={onOpen}>
          Settings
        </Menu.Item>
        <Menu.Item
          leftSection={<IconArrowUp size={15} />}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          Move up
        </Menu.Item>
        <Menu.Item
          leftSection={<IconArrowDown size={15} />}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          Move down
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={15} />} onClick={onRemove}>
          Remove
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
