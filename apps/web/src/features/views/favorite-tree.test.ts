import { MAX_FAVORITE_FOLDER_DEPTH, ViewPrefsInput } from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import {
  addFolder,
  canAddFolder,
  canMoveItem,
  deleteFolder,
  type FavoriteTree,
  favoriteCount,
  findFolder,
  folderChoices,
  folderKey,
  folderOfView,
  levelItems,
  moveItem,
  moveView,
  normalizeTree,
  placeOf,
  prefsInputOf,
  removeView,
  renameFolder,
  reorderLevel,
  viewKey,
} from './favorite-tree';
import { F1, F2, F3, folder, keys, V1, V2, V3, view } from './favorite-tree.fixtures';

/** Top: F1 'North' (holding V2 and sub-folder F2 'Poles' with V3), then V1. */
const tree: FavoriteTree = {
  favoriteViews: [view(V1, 1)],
  favoriteFolders: [folder(F1, 'North', 0, [view(V2, 0)], [folder(F2, 'Poles', 1, [view(V3, 0)])])],
};

describe('levelItems', () => {
  it('interleaves folders and favourites by their shared order', () => {
    expect(keys(tree, null)).toEqual([`folder:${F1}`, `view:${V1}`]);
    expect(keys(tree, F1)).toEqual([`view:${V2}`, `folder:${F2}`]);
    expect(keys(tree, F2)).toEqual([`view:${V3}`]);
    expect(keys(tree, 'nope')).toEqual([]);
  });

  it('finds folders and where each favourite is', () => {
    expect(findFolder(tree, F2)?.name).toBe('Poles');
    expect(folderOfView(tree, V1)).toBeNull();
    expect(folderOfView(tree, V3)).toBe(F2);
    expect(folderOfView(tree, 'missing')).toBeUndefined();
    expect(favoriteCount(findFolder(tree, F1)!)).toBe(2);
  });
});

describe('folders', () => {
  it('creates a folder at the end of the top level, and a sub-folder inside one', () => {
    const withTop = addFolder(tree, null, F3, '  South ');
    expect(keys(withTop, null)).toEqual([`folder:${F1}`, `view:${V1}`, `folder:${F3}`]);
    expect(findFolder(withTop, F3)).toMatchObject({ name: 'South', order: 2, views: [], subFolders: [] });

    const withSub = addFolder(tree, F2, F3, 'Deep');
    expect(keys(withSub, F2)).toEqual([`view:${V3}`, `folder:${F3}`]);
    expect(folderChoices(withSub).map((choice) => [choice.path, choice.depth])).toEqual([
      ['North', 1],
      ['North / Poles', 2],
      ['North / Poles / Deep', 3],
    ]);
  });

  it(`nests folders at most ${MAX_FAVORITE_FOLDER_DEPTH} deep`, () => {
    let deep: FavoriteTree = { favoriteViews: [], favoriteFolders: [] };
    let parent: string | null = null;
    for (let depth = 1; depth <= MAX_FAVORITE_FOLDER_DEPTH; depth++) {
      const id = `0000000${depth}-0000-4000-8000-000000000000`;
      deep = addFolder(deep, parent, id, `Level ${depth}`);
      parent = id;
    }
    expect(folderChoices(deep)).toHaveLength(MAX_FAVORITE_FOLDER_DEPTH);
    expect(canAddFolder(deep, parent)).toBe(false);
    expect(addFolder(deep, parent, F3, 'Too deep')).toBe(deep);
    expect(canAddFolder(deep, null)).toBe(true);
    expect(canAddFolder(deep, 'not-a-folder')).toBe(false);
  });

  it('renames a folder at any depth', () => {
    expect(findFolder(renameFolder(tree, F2, ' Pole loading '), F2)?.name).toBe('Pole loading');
    expect(findFolder(renameFolder(tree, F1, 'South'), F1)?.name).toBe('South');
  });

  it('deletes a folder and puts what it held in its place, so no favourite is lost', () => {
    const after = deleteFolder(tree, F1);
    expect(keys(after, null)).toEqual([`view:${V2}`, `folder:${F2}`, `view:${V1}`]);
    expect(findFolder(after, F1)).toBeNull();
    expect(folderOfView(after, V3)).toBe(F2);
    expect(
      levelItems(after, null).map((item) => (item.kind === 'view' ? item.view : item.folder).order),
    ).toEqual([0, 1, 2]);

    const subGone = deleteFolder(tree, F2);
    expect(keys(subGone, F1)).toEqual([`view:${V2}`, `view:${V3}`]);
    expect(deleteFolder(tree, 'missing')).toBe(tree);
  });
});

describe('favourites', () => {
  it('moves a favourite into a folder (at its end) and back out to the top', () => {
    const inPoles = moveView(tree, V1, F2);
    expect(keys(inPoles, null)).toEqual([`folder:${F1}`]);
    expect(keys(inPoles, F2)).toEqual([`view:${V3}`, `view:${V1}`]);
    const back = moveView(inPoles, V3, null);
    expect(keys(back, null)).toEqual([`folder:${F1}`, `view:${V3}`]);
    expect(keys(back, F2)).toEqual([`view:${V1}`]);
  });

  it('leaves the tree alone for a view that is not a favourite, a missing folder, or the same folder', () => {
    expect(moveView(tree, 'missing', F1)).toBe(tree);
    expect(moveView(tree, V1, 'missing')).toBe(tree);
    expect(moveView(tree, V2, F1)).toBe(tree);
  });

  it('reorders one level as a drag drops it, renumbering that level only', () => {
    const top = reorderLevel(tree, null, 1, 0);
    expect(keys(top, null)).toEqual([`view:${V1}`, `folder:${F1}`]);
    expect(top.favoriteViews[0]?.order).toBe(0);
    expect(top.favoriteFolders[0]?.order).toBe(1);
    expect(keys(top, F1)).toEqual([`view:${V2}`, `folder:${F2}`]);

    const inner = reorderLevel(tree, F1, 0, 1);
    expect(keys(inner, F1)).toEqual([`folder:${F2}`, `view:${V2}`]);
    expect(keys(inner, null)).toEqual(keys(tree, null));
    expect(reorderLevel(tree, null, 0, 5)).toBe(tree);
  });

  it('removes a favourite wherever it is', () => {
    expect(folderOfView(removeView(tree, V3), V3)).toBeUndefined();
    expect(keys(removeView(tree, V1), null)).toEqual([`folder:${F1}`]);
  });
});

describe('moving an entry to another level', () => {
  const orders = (t: FavoriteTree, level: string | null) =>
    levelItems(t, level).map((item) => (item.kind === 'view' ? item.view : item.folder).order);

  it('moves a favourite into a folder, at its end or at a position', () => {
    const atEnd = moveItem(tree, viewKey(V1), F1);
    expect(keys(atEnd, null)).toEqual([`folder:${F1}`]);
    expect(keys(atEnd, F1)).toEqual([`view:${V2}`, `folder:${F2}`, `view:${V1}`]);
    const first = moveItem(tree, viewKey(V1), F1, 0);
    expect(keys(first, F1)).toEqual([`view:${V1}`, `view:${V2}`, `folder:${F2}`]);
    expect(orders(first, F1)).toEqual([0, 1, 2]);
    expect(placeOf(first, viewKey(V1))).toEqual({ level: F1, index: 0 });
  });

  it('moves a favourite out of a sub-folder to the top at a position, renumbering both levels', () => {
    const out = moveItem(tree, viewKey(V3), null, 1);
    expect(keys(out, null)).toEqual([`folder:${F1}`, `view:${V3}`, `view:${V1}`]);
    expect(orders(out, null)).toEqual([0, 1, 2]);
    expect(keys(out, F2)).toEqual([]);
    expect(normalizeTree(out)).toEqual(out);
    // A position past the end is the end.
    expect(keys(moveItem(tree, viewKey(V3), null, 9), null)).toEqual([
      `folder:${F1}`,
      `view:${V1}`,
      `view:${V3}`,
    ]);
  });

  it('moves a folder, with what it holds, into another folder and out to the top', () => {
    const withSouth = addFolder(tree, null, F3, 'South');
    const inSouth = moveItem(withSouth, folderKey(F1), F3);
    expect(keys(inSouth, null)).toEqual([`view:${V1}`, `folder:${F3}`]);
    expect(keys(inSouth, F3)).toEqual([`folder:${F1}`]);
    expect(folderOfView(inSouth, V3)).toBe(F2);
    expect(folderChoices(inSouth).map((choice) => choice.path)).toEqual([
      'South',
      'South / North',
      'South / North / Poles',
    ]);
    const poles = moveItem(inSouth, folderKey(F2), null, 0);
    expect(keys(poles, null)).toEqual([`folder:${F2}`, `view:${V1}`, `folder:${F3}`]);
    expect(orders(poles, null)).toEqual([0, 1, 2]);
    expect(keys(poles, F1)).toEqual([`view:${V2}`]);
  });

  it('reorders within a level as a drag along it does', () => {
    expect(keys(moveItem(tree, viewKey(V1), null, 0), null)).toEqual([`view:${V1}`, `folder:${F1}`]);
    expect(moveItem(tree, viewKey(V1), null, 1)).toBe(tree);
    expect(moveItem(tree, folderKey(F2), F1, 1)).toBe(tree);
  });

  it('refuses a folder into itself or one of its own sub-folders', () => {
    expect(canMoveItem(tree, folderKey(F1), F1)).toBe(false);
    expect(canMoveItem(tree, folderKey(F1), F2)).toBe(false);
    expect(moveItem(tree, folderKey(F1), F1)).toBe(tree);
    expect(moveItem(tree, folderKey(F1), F2, 0)).toBe(tree);
    expect(canMoveItem(tree, folderKey(F2), null)).toBe(true);
  });

  it(`refuses a folder where folders would nest more than ${MAX_FAVORITE_FOLDER_DEPTH} deep`, () => {
    // North holds Poles: two levels, so it fits below a folder at depth 3 but not at depth 4.
    let deep: FavoriteTree = tree;
    let parent: string | null = null;
    const ids: string[] = [];
    for (let depth = 1; depth < MAX_FAVORITE_FOLDER_DEPTH; depth++) {
      const id = `0000000${depth}-0000-4000-8000-000000000000`;
      deep = addFolder(deep, parent, id, `Level ${depth}`);
      ids.push(id);
      parent = id;
    }
    const fits = ids[MAX_FAVORITE_FOLDER_DEPTH - 3]!;
    const tooDeep = ids[MAX_FAVORITE_FOLDER_DEPTH - 2]!;
    expect(canMoveItem(deep, folderKey(F1), tooDeep)).toBe(false);
    expect(moveItem(deep, folderKey(F1), tooDeep)).toBe(deep);
    const moved = moveItem(deep, folderKey(F1), fits);
    expect(keys(moved, fits)).toContain(`folder:${F1}`);
    expect(Math.max(...folderChoices(moved).map((choice) => choice.depth))).toBe(MAX_FAVORITE_FOLDER_DEPTH);
    // A folder without sub-folders goes into the deepest one that may hold folders; favourites go anywhere.
    expect(canMoveItem(deep, folderKey(F2), tooDeep)).toBe(true);
    expect(canMoveItem(moved, viewKey(V1), findFolder(moved, F2)!.id)).toBe(true);
  });

  it('leaves the tree unchanged for an unknown entry or level', () => {
    expect(moveItem(tree, viewKey('missing'), F1)).toBe(tree);
    expect(moveItem(tree, folderKey('missing'), null)).toBe(tree);
    expect(moveItem(tree, viewKey(V1), 'missing', 0)).toBe(tree);
    expect(moveItem(tree, 'nonsense', null)).toBe(tree);
    expect(canMoveItem(tree, viewKey(V1), 'missing')).toBe(false);
    expect(placeOf(tree, viewKey('missing'))).toBeUndefined();
  });
});

describe('saving', () => {
  it('renumbers gapped orders and keeps ties with folders first', () => {
    const gapped: FavoriteTree = {
      favoriteViews: [view(V1, 7), view(V2, 3)],
      favoriteFolders: [folder(F1, 'North', 3)],
    };
    const normalized = normalizeTree(gapped);
    expect(keys(normalized, null)).toEqual([`folder:${F1}`, `view:${V2}`, `view:${V1}`]);
    expect(normalized.favoriteViews.map((v) => v.order)).toEqual([1, 2]);
  });

  it('sends ids and orders the API accepts, keeping the default view', () => {
    const defaults = [{ id: V1, viewType: 'Table' as const }];
    const body = prefsInputOf({ defaultViews: defaults }, moveView(tree, V1, F2));
    expect(ViewPrefsInput.safeParse(body).success).toBe(true);
    expect(body).toEqual({
      defaultViews: defaults,
      favoriteViews: [],
      favoriteFolders: [
        {
          id: F1,
          name: 'North',
          order: 0,
          views: [{ id: V2, order: 0 }],
          subFolders: [
            {
              id: F2,
              name: 'Poles',
              order: 1,
              views: [
                { id: V3, order: 0 },
                { id: V1, order: 1 },
              ],
              subFolders: [],
            },
          ],
        },
      ],
    });
  });
});
