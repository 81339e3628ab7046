import type { FavoriteFolder, FavoriteView } from '@crossarm/shared';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import {
  ActionIcon,
  Box,
  Button,
  Drawer,
  Group,
  Menu,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconDots,
  IconFolder,
  IconFolderPlus,
  IconGripVertical,
  IconLayoutList,
  IconPencil,
  IconStarOff,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { confirm } from '../../../components/dialogs/confirm';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { SortableItem } from '../../workflows/components/SortableItem';
import { newTemplateKey } from '../../workflows/template-key';
import { dropItem, emptyKey, intoKey, TOP_END } from '../favorite-drag';
import {
  addFolder,
  canAddFolder,
  deleteFolder,
  type FavoriteTree,
  favoriteCount,
  findFolder,
  folderChoices,
  itemKey,
  type Level,
  levelItems,
  moveView,
  removeView,
  renameFolder,
} from '../favorite-tree';
import { useFavorites } from '../use-favorites';
import { DragCue, DropZone, FavoriteDrag } from './FavoriteDrag';
import { FolderNameDialog } from './FolderNameDialog';

interface FavoritesPanelProps {
  opened: boolean;
  onClose: () => void;
  /** The open view, marked in the list. */
  currentViewId: string;
  onOpenView: (id: string) => void;
}

/** What the folder dialog is doing: a new folder in a level, or renaming one. */
type Naming = { mode: 'create'; parent: Level } | { mode: 'rename'; folder: FavoriteFolder } | null;

/**
 * The side panel of favourites: folders and sub-folders (create, rename, delete), and favourites and folders
 * dragged by their grip (or with the keyboard) along their level, onto a folder's row to go into it, or among
 * the entries of another level; a favourite's menu moves it into a folder too. Every change is saved at once.
 */
export function FavoritesPanel({ opened, onClose, currentViewId, onOpenView }: FavoritesPanelProps) {
  const { prefs, tree, change } = useFavorites(opened);
  const [naming, setNaming] = useState<Naming>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());

  const toggle = (id: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const removeFolder = async (folder: FavoriteFolder) => {
    const count = favoriteCount(folder);
    const sure = await confirm({
      title: 'Delete folder',
      message:
        count + folder.subFolders.length === 0
          ? `Delete the folder ${folder.name}?`
          : `Delete the folder ${folder.name}? What it holds (${count === 1 ? '1 favourite' : `${count} favourites`}${folder.subFolders.length > 0 ? ' and its sub-folders' : ''}) moves up a level; no favourite is removed.`,
      confirmLabel: 'Delete folder',
      confirmColor: 'red',
    });
    if (!sure) return;
    if (await change((t) => deleteFolder(t, folder.id))) notifySuccess('Folder deleted');
  };

  const unfavorite = async (view: FavoriteView) => {
    if (await change((t) => removeView(t, view.id))) notifySuccess('Removed from favourites', view.name);
  };

  const drop = (key: string, target: string) => {
    if (tree && dropItem(tree, key, target) !== tree) void change((t) => dropItem(t, key, target));
  };

  const renderLevel = (current: FavoriteTree, level: Level, depth: number): ReactNode => {
    const items = levelItems(current, level);
    if (items.length === 0) {
      return level === null ? null : (
        <DropZone id={emptyKey(level)} pl={28 + depth * 16} py={2}>
          <Text size="xs" c="dimmed">
            Empty folder: drag a favourite or a folder here, or move a favourite here from its menu.
          </Text>
        </DropZone>
      );
    }
    return (
      <SortableContext items={items.map(itemKey)} strategy={verticalListSortingStrategy}>
        {items.map((item) => (
          <SortableItem key={itemKey(item)} id={itemKey(item)} disabled={false}>
            {(handle) => {
              const grip = (
                <ActionIcon
                  ref={handle.ref}
                  {...handle.attributes}
                  {...handle.listeners}
                  size="sm"
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${item.kind === 'view' ? item.view.name : `folder ${item.folder.name}`}`}
                  style={{ cursor: 'grab', touchAction: 'none' }}
                >
                  <IconGripVertical size={14} />
                </ActionIcon>
              );
              return (
                <DragCue id={itemKey(item)}>
                  {item.kind === 'view'
                    ? viewRow(current, item.view, level, depth, grip)
                    : folderRow(current, item.folder, depth, grip)}
                </DragCue>
              );
            }}
          </SortableItem>
        ))}
      </SortableContext>
    );
  };

  const viewRow = (
    current: FavoriteTree,
    view: FavoriteView,
    level: Level,
    depth: number,
    grip: ReactNode,
  ) => {
    const targets = folderChoices(current).filter((choice) => choice.id !== level);
    return (
      <Group
        gap={4}
        wrap="nowrap"
        pl={depth * 16}
        py={1}
        role="listitem"
        aria-label={view.name}
        bg={view.id === currentViewId ? 'var(--mantine-primary-color-light)' : undefined}
        style={{ borderRadius: 4 }}
      >
        {grip}
        <UnstyledButton
          onClick={() => onOpenView(view.id)}
          style={{ flex: 1, minWidth: 0 }}
          aria-current={view.id === currentViewId ? 'page' : undefined}
        >
          <Group gap={6} wrap="nowrap">
            <IconLayoutList size={14} style={{ flexShrink: 0 }} />
            <Text size="sm" truncate="end">
              {view.name}
            </Text>
            {view.isDefault ? (
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                default
              </Text>
            ) : null}
          </Group>
        </UnstyledButton>
        <Menu position="bottom-end" width={240} withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`Options of ${view.name}`}>
              <IconDots size={14} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Move to folder</Menu.Label>
            {level !== null ? (
              <Menu.Item
                leftSection={<IconLayoutList size={14} />}
                onClick={() => void change((t) => moveView(t, view.id, null))}
              >
                Out of folders (top level)
              </Menu.Item>
            ) : null}
            {targets.map((choice) => (
              <Menu.Item
                key={choice.id}
                leftSection={<IconFolder size={14} />}
                onClick={() => void change((t) => moveView(t, view.id, choice.id))}
              >
                {choice.path}
              </Menu.Item>
            ))}
            {targets.length === 0 && level === null ? (
              <Text size="xs" c="dimmed" px="sm" py={4}>
                No folders yet: create one with New folder.
              </Text>
            ) : null}
            <Menu.Divider />
            <Menu.Item leftSection={<IconStarOff size={14} />} onClick={() => void unfavorite(view)}>
              Remove from favourites
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    );
  };

  const folderRow = (current: FavoriteTree, folder: FavoriteFolder, depth: number, grip: ReactNode) => {
    const open = !collapsed.has(folder.id);
    const count = favoriteCount(folder);
    return (
      // An item of its level's list, holding the folder's own list.
      <Box role="listitem">
        <Box role="group" aria-label={`Folder ${folder.name}`}>
          <DropZone id={intoKey(folder.id)}>
            <Group gap={4} wrap="nowrap" pl={depth * 16} py={1}>
              {grip}
              <UnstyledButton
                onClick={() => toggle(folder.id)}
                aria-expanded={open}
                style={{ flex: 1, minWidth: 0 }}
              >
                <Group gap={6} wrap="nowrap">
                  {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                  <IconFolder size={14} style={{ flexShrink: 0 }} />
                  <Text size="sm" fw={500} truncate="end">
                    {folder.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {count}
                  </Text>
                </Group>
              </UnstyledButton>
              <Menu position="bottom-end" width={200} withinPortal shadow="md">
                <Menu.Target>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    aria-label={`Options of folder ${folder.name}`}
                  >
                    <IconDots size={14} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {canAddFolder(current, folder.id) ? (
                    <Menu.Item
                      leftSection={<IconFolderPlus size={14} />}
                      onClick={() => setNaming({ mode: 'create', parent: folder.id })}
                    >
                      New sub-folder…
                    </Menu.Item>
                  ) : null}
                  <Menu.Item
                    leftSection={<IconPencil size={14} />}
                    onClick={() => setNaming({ mode: 'rename', folder })}
                  >
                    Rename…
                  </Menu.Item>
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => void removeFolder(folder)}
                  >
                    Delete folder
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </DropZone>
          {open ? <Box role="list">{renderLevel(current, folder.id, depth + 1)}</Box> : null}
        </Box>
      </Box>
    );
  };

  const empty = tree && levelItems(tree, null).length === 0;

  return (
    <>
      <Drawer
        opened={opened}
        onClose={onClose}
        position="right"
        size={380}
        title={<Text fw={600}>Favourites</Text>}
      >
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              Drag the grip to reorder, onto a folder to move into it, or into another level; a favourite's
              menu moves it too.
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconFolderPlus size={14} />}
              onClick={() => setNaming({ mode: 'create', parent: null })}
            >
              New folder
            </Button>
          </Group>
          {prefs.isPending ? (
            <Stack gap={4} aria-busy="true" aria-label="Loading favourites">
              {Array.from({ length: 5 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows
                <Skeleton key={index} h={24} />
              ))}
            </Stack>
          ) : prefs.error ? (
            <Text size="sm" c="red">
              Your favourites did not load. Close the panel and open it again to retry.
            </Text>
          ) : tree ? (
            <FavoriteDrag tree={tree} isOpen={(id) => !collapsed.has(id)} onDrop={drop}>
              <DropZone id={TOP_END} role="list" aria-label="Favourites">
                {empty ? (
                  <Text size="sm" c="dimmed" py="xs">
                    No favourites yet. Choose Favourite in the views menu to keep a view here; folders keep
                    favourites in groups.
                  </Text>
                ) : (
                  renderLevel(tree, null, 0)
                )}
              </DropZone>
            </FavoriteDrag>
          ) : null}
        </Stack>
      </Drawer>
      <FolderNameDialog
        opened={naming !== null}
        title={
          naming?.mode === 'rename'
            ? `Rename ${naming.folder.name}`
            : naming?.parent
              ? `New folder in ${tree ? (findFolder(tree, naming.parent)?.name ?? '') : ''}`
              : 'New folder'
        }
        submitLabel={naming?.mode === 'rename' ? 'Rename folder' : 'Create folder'}
        initialName={naming?.mode === 'rename' ? naming.folder.name : ''}
        onClose={() => setNaming(null)}
        onSubmit={async (name) => {
          if (!naming) return;
          const saved =
            naming.mode === 'rename'
              ? await change((t) => renameFolder(t, naming.folder.id, name))
              : await change((t) => addFolder(t, naming.parent, newTemplateKey(), name));
          if (saved) setNaming(null);
        }}
      />
    </>
  );
}
