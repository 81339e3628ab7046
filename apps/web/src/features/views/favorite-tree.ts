import {
  type FavoriteFolder,
  type FavoriteView,
  MAX_FAVORITE_FOLDER_DEPTH,
  type ViewPrefs,
  type ViewPrefsInput,
} from '@crossarm/shared';

// A person's favourite views and the folders they keep them in. At each level (the top, or inside a folder)
// favourites and sub-folders share one order, so they can be interleaved and dragged among each other.
// Every change here returns a new tree with each level's order renumbered 0, 1, 2, …

/** The favourites and folders of a person, as `views/prefs` has them. */
export interface FavoriteTree {
  favoriteViews: FavoriteView[];
  favoriteFolders: FavoriteFolder[];
}

/** One entry of a level: a favourite view or a folder. */
export type TreeItem = { kind: 'view'; view: FavoriteView } | { kind: 'folder'; folder: FavoriteFolder };

/** The key of a favourite, unique across the tree (a favourite is in one place only). */
export const viewKey = (id: string) => `view:${id}`;

/** The key of a folder, unique across the tree (a folder and a view never share one). */
export const folderKey = (id: string) => `folder:${id}`;

/** The key of an entry: `viewKey` or `folderKey`. */
export const itemKey = (item: TreeItem) =>
  item.kind === 'view' ? viewKey(item.view.id) : folderKey(item.folder.id);

/** A level: null for the top, otherwise a folder's id. */
export type Level = string | null;

const byOrder = <T extends { order: number }>(list: readonly T[]) =>
  [...list].sort((a, b) => a.order - b.order);

/** The entries of a list of favourites and a list of folders, in their shared order (folders first on a tie). */
export function itemsOf(views: readonly FavoriteView[], folders: readonly FavoriteFolder[]): TreeItem[] {
  const items: TreeItem[] = [
    ...byOrder(folders).map((folder): TreeItem => ({ kind: 'folder', folder })),
    ...byOrder(views).map((view): TreeItem => ({ kind: 'view', view })),
  ];
  const orderOf = (item: TreeItem) => (item.kind === 'view' ? item.view.order : item.folder.order);
  // A stable sort keeps folders before favourites of the same order.
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => orderOf(a.item) - orderOf(b.item) || a.index - b.index)
    .map(({ item }) => item);
}

/** Splits entries back into favourites and folders, numbering their order as they come. */
function split(items: readonly TreeItem[]): { views: FavoriteView[]; folders: FavoriteFolder[] } {
  const views: FavoriteView[] = [];
  const folders: FavoriteFolder[] = [];
  items.forEach((item, order) => {
    if (item.kind === 'view') views.push({ ...item.view, order });
    else folders.push({ ...item.folder, order });
  });
  return { views, folders };
}

/** The tree with every level's order renumbered from 0 in its current order. */
export function normalizeTree(tree: FavoriteTree): FavoriteTree {
  const walk = (
    views: readonly FavoriteView[],
    folders: readonly FavoriteFolder[],
  ): { views: FavoriteView[]; folders: FavoriteFolder[] } => {
    const { views: v, folders: f } = split(itemsOf(views, folders));
    return {
      views: v,
      folders: f.map((folder) => {
        const inner = walk(folder.views, folder.subFolders);
        return { ...folder, views: inner.views, subFolders: inner.folders };
      }),
    };
  };
  const top = walk(tree.favoriteViews, tree.favoriteFolders);
  return { favoriteViews: top.views, favoriteFolders: top.folders };
}

/** The folder with this id, anywhere in the tree, or null. */
export function findFolder(tree: FavoriteTree, id: string): FavoriteFolder | null {
  const walk = (folders: readonly FavoriteFolder[]): FavoriteFolder | null => {
    for (const folder of folders) {
      if (folder.id === id) return folder;
      const found = walk(folder.subFolders);
      if (found) return found;
    }
    return null;
  };
  return walk(tree.favoriteFolders);
}

/** The entries of a level, in order (none for a folder that does not exist). */
export function levelItems(tree: FavoriteTree, level: Level): TreeItem[] {
  if (level === null) return itemsOf(tree.favoriteViews, tree.favoriteFolders);
  const folder = findFolder(tree, level);
  return folder ? itemsOf(folder.views, folder.subFolders) : [];
}

/** The tree with one level's entries replaced (and renumbered); other levels untouched. */
function withLevel(tree: FavoriteTree, level: Level, items: readonly TreeItem[]): FavoriteTree {
  const { views, folders } = split(items);
  if (level === null) return { favoriteViews: views, favoriteFolders: folders };
  const walk = (list: readonly FavoriteFolder[]): FavoriteFolder[] =>
    list.map((folder) =>
      folder.id === level
        ? { ...folder, views, subFolders: folders }
        : { ...folder, subFolders: walk(folder.subFolders) },
    );
  return { ...tree, favoriteFolders: walk(tree.favoriteFolders) };
}

/** How deep a folder sits: 1 for a folder at the top, 0 when it does not exist. */
export function folderLevelDepth(tree: FavoriteTree, id: string): number {
  const walk = (folders: readonly FavoriteFolder[], depth: number): number => {
    for (const folder of folders) {
      if (folder.id === id) return depth;
      const found = walk(folder.subFolders, depth + 1);
      if (found) return found;
    }
    return 0;
  };
  return walk(tree.favoriteFolders, 1);
}

/** Whether a new folder may go into this level (folders nest at most five deep). */
export function canAddFolder(tree: FavoriteTree, parent: Level): boolean {
  if (parent === null) return true;
  const depth = folderLevelDepth(tree, parent);
  return depth > 0 && depth < MAX_FAVORITE_FOLDER_DEPTH;
}

/** A new, empty folder at the end of a level. */
export function addFolder(tree: FavoriteTree, parent: Level, id: string, name: string): FavoriteTree {
  if (!canAddFolder(tree, parent)) return tree;
  const folder: FavoriteFolder = { id, name: name.trim(), views: [], subFolders: [], order: 0 };
  return withLevel(tree, parent, [...levelItems(tree, parent), { kind: 'folder', folder }]);
}

/** The folder under a new name. */
export function renameFolder(tree: FavoriteTree, id: string, name: string): FavoriteTree {
  const walk = (list: readonly FavoriteFolder[]): FavoriteFolder[] =>
    list.map((folder) =>
      folder.id === id
        ? { ...folder, name: name.trim() }
        : { ...folder, subFolders: walk(folder.subFolders) },
    );
  return { ...tree, favoriteFolders: walk(tree.favoriteFolders) };
}

/** The level holding an entry (a view's id or a folder's id), or undefined when it is nowhere. */
function levelOf(tree: FavoriteTree, match: (item: TreeItem) => boolean): Level | undefined {
  if (levelItems(tree, null).some(match)) return null;
  const walk = (folders: readonly FavoriteFolder[]): string | undefined => {
    for (const folder of folders) {
      if (itemsOf(folder.views, folder.subFolders).some(match)) return folder.id;
      const found = walk(folder.subFolders);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(tree.favoriteFolders);
}

const hasKey = (key: string) => (item: TreeItem) => itemKey(item) === key;
const isView = (id: string) => hasKey(viewKey(id));
const isFolder = (id: string) => hasKey(folderKey(id));

/** The folder holding a favourite (null at the top), or undefined when the view is not a favourite. */
export function folderOfView(tree: FavoriteTree, viewId: string): Level | undefined {
  return levelOf(tree, isView(viewId));
}

/**
 * The tree without a folder: what it held (favourites and sub-folders) takes its place in the level above,
 * so deleting a folder never drops a favourite.
 */
export function deleteFolder(tree: FavoriteTree, id: string): FavoriteTree {
  const parent = levelOf(tree, isFolder(id));
  const folder = findFolder(tree, id);
  if (parent === undefined || !folder) return tree;
  const items = levelItems(tree, parent).flatMap((item) =>
    isFolder(id)(item) ? itemsOf(folder.views, folder.subFolders) : [item],
  );
  return withLevel(tree, parent, items);
}

/** Where an entry is (by its key): its level and its position there, or undefined when it is nowhere. */
export function placeOf(tree: FavoriteTree, key: string): { level: Level; index: number } | undefined {
  const level = levelOf(tree, hasKey(key));
  if (level === undefined) return undefined;
  return { level, index: levelItems(tree, level).findIndex(hasKey(key)) };
}

/** The entry with this key, wherever it is. */
export function findItem(tree: FavoriteTree, key: string): TreeItem | undefined {
  const at = placeOf(tree, key);
  return at && levelItems(tree, at.level)[at.index];
}

/** How many levels of folders a folder makes: 1 for one without sub-folders. */
function folderHeight(folder: FavoriteFolder): number {
  return 1 + Math.max(0, ...folder.subFolders.map(folderHeight));
}

/**
 * Whether an entry (by its key) may go into a level (a folder, or the top for null): both exist, and a
 * folder goes neither into itself or one of its own sub-folders, nor so deep that folders would nest more
 * than five levels.
 */
export function canMoveItem(tree: FavoriteTree, key: string, target: Level): boolean {
  const item = findItem(tree, key);
  if (!item || (target !== null && !findFolder(tree, target))) return false;
  if (item.kind === 'view') return true;
  if (target !== null && findFolder({ favoriteViews: [], favoriteFolders: [item.folder] }, target)) {
    return false;
  }
  const depth = target === null ? 0 : folderLevelDepth(tree, target);
  return depth + folderHeight(item.folder) <= MAX_FAVORITE_FOLDER_DEPTH;
}

/**
 * An entry (a favourite or a folder, by its key) moved into a level (a folder, or the top for null) at
 * `index`, the position it takes there (the end when left out); both levels renumbered. The same tree when
 * either is missing, the move is not allowed (`canMoveItem`) or the entry would stay where it is.
 */
export function moveItem(tree: FavoriteTree, key: string, target: Level, index?: number): FavoriteTree {
  const from = placeOf(tree, key);
  if (!from || !canMoveItem(tree, key, target)) return tree;
  const items = levelItems(tree, from.level);
  const without = withLevel(
    tree,
    from.level,
    items.filter((_, at) => at !== from.index),
  );
  const rest = levelItems(without, target);
  const at = Math.min(Math.max(index ?? rest.length, 0), rest.length);
  if (target === from.level && at === from.index) return tree;
  return withLevel(without, target, [...rest.slice(0, at), items[from.index]!, ...rest.slice(at)]);
}

/** A favourite moved to the end of a level (a folder, or the top for null); the same tree if either is missing. */
export function moveView(tree: FavoriteTree, viewId: string, target: Level): FavoriteTree {
  return folderOfView(tree, viewId) === target ? tree : moveItem(tree, viewKey(viewId), target);
}

/** One level with the entry at `from` moved to `to` (as a drag drops it). */
export function reorderLevel(tree: FavoriteTree, level: Level, from: number, to: number): FavoriteTree {
  const items = levelItems(tree, level);
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return tree;
  return moveItem(tree, itemKey(items[from]!), level, to);
}

/** The tree without a favourite, wherever it is. */
export function removeView(tree: FavoriteTree, viewId: string): FavoriteTree {
  const from = folderOfView(tree, viewId);
  if (from === undefined) return tree;
  return withLevel(
    tree,
    from,
    levelItems(tree, from).filter((entry) => !isView(viewId)(entry)),
  );
}

/** Every folder as a choice: its path of names ('Poles / North'), its id and how deep it sits. */
export function folderChoices(tree: FavoriteTree): { id: string; path: string; depth: number }[] {
  const choices: { id: string; path: string; depth: number }[] = [];
  const walk = (folders: readonly FavoriteFolder[], prefix: string, depth: number) => {
    for (const folder of byOrder(folders)) {
      const path = prefix ? `${prefix} / ${folder.name}` : folder.name;
      choices.push({ id: folder.id, path, depth });
      walk(folder.subFolders, path, depth + 1);
    }
  };
  walk(tree.favoriteFolders, '', 1);
  return choices;
}

/** How many favourites a folder holds, its sub-folders included. */
export function favoriteCount(folder: FavoriteFolder): number {
  return folder.views.length + folder.subFolders.reduce((sum, sub) => sum + favoriteCount(sub), 0);
}

/** The tree of `GET views/prefs`. */
export const treeOf = (prefs: Pick<ViewPrefs, 'favoriteViews' | 'favoriteFolders'>): FavoriteTree => ({
  favoriteViews: prefs.favoriteViews,
  favoriteFolders: prefs.favoriteFolders,
});

/** The body of `PUT views/prefs` that keeps the default view and saves this tree. */
export function prefsInputOf(prefs: Pick<ViewPrefs, 'defaultViews'>, tree: FavoriteTree): ViewPrefsInput {
  const normalized = normalizeTree(tree);
  const strip = (views: readonly FavoriteView[]) => views.map(({ id, order }) => ({ id, order }));
  const folders = (list: readonly FavoriteFolder[]): ViewPrefsInput['favoriteFolders'] =>
    list.map((folder) => ({
      id: folder.id,
      name: folder.name,
      order: folder.order,
      views: strip(folder.views),
      subFolders: folders(folder.subFolders),
    }));
  return {
    defaultViews: prefs.defaultViews,
    favoriteViews: strip(normalized.favoriteViews),
    favoriteFolders: folders(normalized.favoriteFolders),
  };
}
