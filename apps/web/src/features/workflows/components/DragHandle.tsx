import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { DragHandleProps } from './SortableItem';

/** The grip an item is dragged by; hidden when the list cannot change. */
export function DragHandle({ handle, label }: { handle: DragHandleProps; label: string }) {
  if (handle.disabled) return null;
  return (
    <ActionIcon
      ref={handle.ref}
      variant="subtle"
      color="gray"
      size="sm"
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...handle.attributes}
      {...handle.listeners}
      aria-label={label}
    >
      <IconGripVertical size={16} />
    </ActionIcon>
  );
}
