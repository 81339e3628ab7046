import {
  type FavoriteFolder,
  type FavoriteView,
  MAX_FAVORITE_FOLDER_DEPTH,
  ViewPrefsInput,
} from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import {
  addFolder,
  canAddFolder,
  deleteFolder,
  type FavoriteTree,
  favoriteCount,
  findFolder,
  folderChoices,
  folderOfView,
  itemKey,
  levelItems,
  moveView,
  normalizeTree,
  prefsInputOf,
  removeView,
  renameFolder,
  reorderLevel,
} from './favorite-tree';

const V1 = '11111111-1111-4111-8111-111111111111';
const V2 = '22222222-2222-4222-8222-222222222222';
const V3 = '33333333-3333-4333-8333-333333333333';
const F1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const F2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const F3 = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const view = (id: string, order: number, name = id.slice(0, 2)): FavoriteView => ({
  id,
  name,
  type: 'Table',
  isDefault: false,
  order,
});
const folder = (
  id: string,
  name: string,
  order: number,
  views: FavoriteView[] = [],
  subFolders: FavoriteFolder[] = [],
): FavoriteFolder => ({ id, name, order, views, subFolders });

/** Top: F1 'North' (holding V2 and sub-folder F2 'Poles' with V3), then V1. */
const tree: FavoriteTree = {
  favoriteViews: [view(V1, 1)],
  favoriteFolders: [folder(F1, 'North', 0, [view(V2, 0)], [folder(F2, 'Poles', 1, [view(V3, 0)])])],
};

const keys = (t: FavoriteTree, level: string | null) => levelItems(t, level).map(itemKey);

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
