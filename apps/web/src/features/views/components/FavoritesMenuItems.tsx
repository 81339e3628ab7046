import { Box, Group, Menu, Text } from '@mantine/core';
import { IconCheck, IconFolder, IconStarFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type FavoriteTree, type Level, levelItems } from '../favorite-tree';

interface FavoritesMenuItemsProps {
  tree: FavoriteTree;
  currentViewId: string;
  onOpen: (id: string) => void;
}

/** The favourites in the views menu, in their folders and sub-folders (indented), in the order kept. */
export function FavoritesMenuItems({ tree, currentViewId, onOpen }: FavoritesMenuItemsProps) {
  if (levelItems(tree, null).length === 0) return null;
  const level = (at: Level, depth: number): ReactNode[] =>
    levelItems(tree, at).flatMap((item) => {
      if (item.kind === 'view') {
        const current = item.view.id === currentViewId;
        return [
          <Menu.Item
            key={`view:${item.view.id}`}
            onClick={() => onOpen(item.view.id)}
            pl={12 + depth * 16}
            leftSection={
              current ? (
                <IconCheck size={14} />
              ) : (
                <IconStarFilled size={12} color="var(--mantine-color-yellow-6)" />
              )
            }
          >
            <Text size="sm" truncate="end">
              {item.view.name}
            </Text>
          </Menu.Item>,
        ];
      }
      const folder = item.folder;
      return [
        <Box key={`folder:${folder.id}`} role="group" aria-label={`Folder ${folder.name}`}>
          <Group gap={8} wrap="nowrap" pl={12 + depth * 16} pr="sm" py={4}>
            <IconFolder size={14} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
            <Text size="xs" fw={600} c="dimmed" truncate="end">
              {folder.name}
            </Text>
          </Group>
          {folder.views.length + folder.subFolders.length === 0 ? (
            <Text size="xs" c="dimmed" pl={12 + (depth + 1) * 16} py={2}>
              Empty
            </Text>
          ) : (
            level(folder.id, depth + 1)
          )}
        </Box>,
      ];
    });
  return (
    <>
      <Menu.Label>Favourites</Menu.Label>
      {level(null, 0)}
      <Menu.Divider />
    </>
  );
}
