import type { ClientRect, Collision, DroppableContainer } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import {
  canDrop,
  dropItem,
  dropPlace,
  emptyKey,
  favoriteCollisions,
  intoKey,
  isOtherLevel,
  keyboardStep,
  TOP_END,
} from './favorite-drag';
import { type FavoriteTree, folderKey, folderOfView, viewKey } from './favorite-tree';
import { F1, F2, folder, keys, V1, V2, view } from './favorite-tree.fixtures';

/** Top: F1 (holding V2), F2 (empty), then V1. */
const tree: FavoriteTree = {
  favoriteViews: [view(V1, 2)],
  favoriteFolders: [folder(F1, 'North', 0, [view(V2, 0)]), folder(F2, 'South', 1)],
};

describe('drop targets', () => {
  it('puts an entry at the position of the entry it is dropped on, or at the end of a folder', () => {
    expect(dropPlace(tree, viewKey(V2))).toEqual({ level: F1, index: 0 });
    expect(dropPlace(tree, intoKey(F2))).toEqual({ level: F2 });
    expect(dropPlace(tree, emptyKey(F2))).toEqual({ level: F2 });
    expect(dropPlace(tree, TOP_END)).toEqual({ level: null });
    expect(dropPlace(tree, intoKey('missing'))).toBeUndefined();

    expect(folderOfView(dropItem(tree, viewKey(V1), intoKey(F1)), V1)).toBe(F1);
    expect(keys(dropItem(tree, viewKey(V1), viewKey(V2)), F1)).toEqual([viewKey(V1), viewKey(V2)]);
    expect(keys(dropItem(tree, viewKey(V2), folderKey(F2)), null)).toEqual([
      folderKey(F1),
      viewKey(V2),
      folderKey(F2),
      viewKey(V1),
    ]);
    expect(keys(dropItem(tree, viewKey(V2), TOP_END), null)).toEqual([
      folderKey(F1),
      folderKey(F2),
      viewKey(V1),
      viewKey(V2),
    ]);
    // Along its own level, as a sortable list moves it.
    expect(keys(dropItem(tree, viewKey(V1), folderKey(F1)), null)).toEqual([
      viewKey(V1),
      folderKey(F1),
      folderKey(F2),
    ]);
    expect(isOtherLevel(tree, viewKey(V1), viewKey(V2))).toBe(true);
    expect(isOtherLevel(tree, viewKey(V1), folderKey(F1))).toBe(false);
  });

  it('refuses a folder dropped into itself or among its own entries, leaving the tree unchanged', () => {
    expect(canDrop(tree, folderKey(F1), intoKey(F1))).toBe(false);
    expect(canDrop(tree, folderKey(F1), viewKey(V2))).toBe(false);
    expect(dropItem(tree, folderKey(F1), viewKey(V2))).toBe(tree);
    expect(canDrop(tree, folderKey(F1), emptyKey(F2))).toBe(true);
    expect(canDrop(tree, viewKey(V1), 'nonsense')).toBe(false);
    expect(dropItem(tree, viewKey(V1), 'nonsense')).toBe(tree);
  });
});

describe('keyboard steps', () => {
  const open = () => true;
  it('goes along a level with up and down, into a folder with right and out with left', () => {
    expect(keyboardStep(tree, open, viewKey(V1), 'up')).toBe(folderKey(F2));
    expect(keyboardStep(tree, open, folderKey(F1), 'up')).toBeNull();
    expect(keyboardStep(tree, open, viewKey(V1), 'down')).toBeNull();
    expect(keyboardStep(tree, open, viewKey(V1), 'right')).toBeNull();
    expect(keyboardStep(tree, open, folderKey(F1), 'right')).toBe(intoKey(F1));
    expect(keyboardStep(tree, open, intoKey(F1), 'right')).toBe(viewKey(V2));
    expect(keyboardStep(tree, () => false, intoKey(F1), 'right')).toBeNull();
    expect(keyboardStep(tree, open, intoKey(F2), 'right')).toBeNull();
    expect(keyboardStep(tree, open, intoKey(F1), 'down')).toBe(folderKey(F2));
    expect(keyboardStep(tree, open, viewKey(V2), 'left')).toBe(intoKey(F1));
    expect(keyboardStep(tree, open, intoKey(F1), 'left')).toBe(folderKey(F1));
    expect(keyboardStep(tree, open, folderKey(F1), 'left')).toBeNull();
  });
});

describe('pointer targets', () => {
  const rect = (top: number, height: number): ClientRect => ({
    top,
    height,
    bottom: top + height,
    left: 0,
    right: 300,
    width: 300,
  });
  // F1's row, V2 inside it, F2's row and its empty text, V1; the whole list around them.
  const rects = new Map<string, ClientRect>([
    [intoKey(F1), rect(0, 20)],
    [viewKey(V2), rect(20, 20)],
    [folderKey(F1), rect(0, 40)],
    [intoKey(F2), rect(40, 20)],
    [emptyKey(F2), rect(60, 20)],
    [folderKey(F2), rect(40, 40)],
    [viewKey(V1), rect(80, 20)],
    [TOP_END, rect(0, 100)],
  ]);
  const detect = favoriteCollisions(() => viewKey(V2));
  const at = (y: number | null): Collision[] =>
    detect({
      active: { id: viewKey(V1) } as never,
      collisionRect: rect(0, 20),
      droppableRects: rects,
      droppableContainers: [...rects.keys()].map((id) => ({ id }) as DroppableContainer),
      pointerCoordinates: y === null ? null : { x: 10, y },
    });

  it('finds the row under the pointer: a folder row is its position at the top and into it below', () => {
    expect(at(2)).toEqual([{ id: folderKey(F1) }]);
    expect(at(12)).toEqual([{ id: intoKey(F1) }]);
    expect(at(25)).toEqual([{ id: viewKey(V2) }]);
    expect(at(65)).toEqual([{ id: emptyKey(F2) }]);
    expect(at(-30)).toEqual([{ id: folderKey(F1) }]);
    expect(at(120)).toEqual([{ id: TOP_END }]);
  });

  it('follows the keyboard without a pointer', () => {
    expect(at(null)).toEqual([{ id: viewKey(V2) }]);
  });
});
