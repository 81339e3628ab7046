import type { FavoriteFolder, FavoriteView } from '@crossarm/shared';
import { type FavoriteTree, itemKey, levelItems } from './favorite-tree';

// Favourites and folders for the unit tests of the favourites tree and of dragging in it.

export const V1 = '11111111-1111-4111-8111-111111111111';
export const V2 = '22222222-2222-4222-8222-222222222222';
export const V3 = '33333333-3333-4333-8333-333333333333';
export const F1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const F2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const F3 = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

export const view = (id: string, order: number, name = id.slice(0, 2)): FavoriteView => ({
  id,
  name,
  type: 'Table',
  isDefault: false,
  order,
});

export const folder = (
  id: string,
  name: string,
  order: number,
  views: FavoriteView[] = [],
  subFolders: FavoriteFolder[] = [],
): FavoriteFolder => ({ id, name, order, views, subFolders });

/** The keys of a level's entries, in order. */
export const keys = (t: FavoriteTree, level: string | null) => levelItems(t, level).map(itemKey);
