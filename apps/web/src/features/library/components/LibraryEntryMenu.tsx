import type { LibraryEntry } from '@crossarm/shared';
import { ActionIcon, Menu } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconDotsVertical, IconPencil, IconTrash } from '@tabler/icons-react';

export interface LibraryEntryMenuProps {
  entry: LibraryEntry;
  onEdit: (entry: LibraryEntry) => void;
  onSetArchived: (entry: LibraryEntry, archived: boolean) => void;
  onDelete: (entry: LibraryEntry) => void;
}

/** A row's actions: edit, archive or unarchive, delete. */
export function LibraryEntryMenu({ entry, onEdit, onSetArchived, onDelete }: LibraryEntryMenuProps) {
  const archived = entry.status === 'Archived';
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={170}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Actions for ${entry.name}`}
          onClick={(event) => event.stopPropagation()}
        >
          <IconDotsVertical size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        <Menu.Item leftSection={<IconPencil size={15} />} onClick={() => onEdit(entry)}>
          Edit
        </Menu.Item>
        <Menu.Item
          leftSection={archived ? <IconArchiveOff size={15} /> : <IconArchive size={15} />}
          onClick={() => onSetArchived(entry, !archived)}
        >
          {archived ? 'Unarchive' : 'Archive'}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={15} />} onClick={() => onDelete(entry)}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
