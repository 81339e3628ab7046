import type { CollisionDetection } from '@dnd-kit/core';
import {
  canMoveItem,
  type FavoriteTree,
  findFolder,
  folderKey,
  itemKey,
  type Level,
  levelItems,
  moveItem,
  placeOf,
} from './favorite-tree';

// Dragging in the favourites panel. An entry (a favourite or a folder, by its `itemKey`) is dropped on a
// target: another entry (it takes that entry's position in its level), a folder's row or the text of an
// empty folder (it goes at the end of that folder), or the space below the list (the end of the top level).

/** The target of a folder's row: into that folder. */
export const intoKey = (folderId: string) => `into:${folderId}`;

/** The target of an empty folder's text: into that folder. */
export const emptyKey = (folderId: string) => `empty:${folderId}`;

/** The target of the whole list, reached below its last row: the end of the top level. */
export const TOP_END = 'top-end';

/** The folder a folder-row or empty-folder target stands for, or null for any other target. */
function folderOfTarget(target: string): string | null {
  const match = /^(?:into|empty):(.+)$/.exec(target);
  return match ? match[1]! : null;
}

/** Where a drop on a target puts an entry: a level and the position it takes there (its end when left out). */
export function dropPlace(tree: FavoriteTree, target: string): { level: Level; index?: number } | undefined {
  if (target === TOP_END) return { level: null };
  const folder = folderOfTarget(target);
  if (folder !== null) return findFolder(tree, folder) ? { level: folder } : undefined;
  return placeOf(tree, target);
}

/** Whether an entry may be dropped on a target (a folder never into itself, nor too deep). */
export function canDrop(tree: FavoriteTree, key: string, target: string): boolean {
  const place = dropPlace(tree, target);
  return place !== undefined && canMoveItem(tree, key, place.level);
}

/** The tree once an entry is dropped on a target; the same tree when the drop is refused or changes nothing. */
export function dropItem(tree: FavoriteTree, key: string, target: string): FavoriteTree {
  const place = dropPlace(tree, target);
  return place ? moveItem(tree, key, place.level, place.index) : tree;
}

/** Whether a drop on a target sets an entry among the entries of another level than its own. */
export function isOtherLevel(tree: FavoriteTree, key: string, target: string): boolean {
  const from = placeOf(tree, key);
  const to = placeOf(tree, target);
  return from !== undefined && to !== undefined && from.level !== to.level;
}

export type Direction = 'up' | 'down' | 'left' | 'right';

/**
 * The next target of a keyboard drag: up and down go through the entries of the level the target is in,
 * right goes from a folder to its row (into it) and on to its first entry, left goes back out a level.
 * Null when there is nowhere to go that way.
 */
export function keyboardStep(
  tree: FavoriteTree,
  isOpen: (folderId: string) => boolean,
  target: string,
  direction: Direction,
): string | null {
  const folder = folderOfTarget(target);
  // A folder's row stands where the folder does in its level.
  const at = placeOf(tree, folder === null ? target : folderKey(folder));
  if (!at) return null;
  const keys = levelItems(tree, at.level).map(itemKey);
  if (direction === 'up' || direction === 'down') {
    return keys[at.index + (direction === 'up' ? -1 : 1)] ?? null;
  }
  if (direction === 'left') {
    if (folder !== null) return folderKey(folder);
    return at.level === null ? null : intoKey(at.level);
  }
  if (folder === null) {
    const item = levelItems(tree, at.level)[at.index]!;
    return item.kind === 'folder' ? intoKey(item.folder.id) : null;
  }
  const first = isOpen(folder) ? levelItems(tree, folder)[0] : undefined;
  return first ? itemKey(first) : null;
}

/** The part of a folder's row, from its top, that stands for the folder's position rather than into it. */
const BEFORE_FOLDER = 0.3;

/**
 * Which target a drag is over. With the keyboard, the one `keyboardTarget` gives (the keyboard moves from
 * target to target, see `keyboardStep`). With the pointer, the row under it, or the nearest one: the top
 * part of a folder's row is the folder's position, the rest is into the folder; below the whole list is the
 * end of the top level. Rows are favourites, folder rows and empty-folder texts.
 */
export function favoriteCollisions(keyboardTarget: () => string | null): CollisionDetection {
  return ({ active, droppableContainers, droppableRects, pointerCoordinates }) => {
    // Until the first arrow key, the keyboard is over where the entry was lifted.
    if (!pointerCoordinates) return [{ id: keyboardTarget() ?? active.id }];
    const y = pointerCoordinates.y;
    const listRect = droppableRects.get(TOP_END);
    if (listRect && y >= listRect.bottom) return [{ id: TOP_END }];
    let best: { id: string; distance: number; before: boolean } | null = null;
    for (const container of droppableContainers) {
      const id = String(container.id);
      const rect = droppableRects.get(container.id);
      if (!rect || !/^(?:view|into|empty):/.test(id)) continue;
      const distance = y < rect.top ? rect.top - y : y >= rect.bottom ? y - rect.bottom : 0;
      if (best === null || distance < best.distance) {
        best = { id, distance, before: y < rect.top + rect.height * BEFORE_FOLDER };
      }
    }
    if (!best) return [];
    const folder = best.id.startsWith('into:') ? folderOfTarget(best.id) : null;
    return [{ id: folder !== null && best.before ? folderKey(folder) : best.id }];
  };
}
