import { ALL_PERMITS_VIEW_ID, type FavoriteFolder } from '@crossarm/shared';

// The saved views beneath "Permits" in the left navigation: All Permits, then the person's favourites in
// their folders. Which folders are closed is kept in the browser, so the navigation opens as it was left.

/** Where the browser keeps the ids of the folders closed in the navigation (new folders start open). */
export const NAV_CLOSED_FOLDERS_KEY = 'crossarm.nav-closed-folders';

/** The tracker's path: every view opens there. */
export const TRACKER_PATH = '/permitting/all';

/** The link that opens a view in the tracker with its saved columns, filters and sorts. */
export function viewLink(id: string): string {
  return `${TRACKER_PATH}?${new URLSearchParams({ view: id })}`;
}

/**
 * The view the tracker shows for this address: its `view` parameter, otherwise the person's default view
 * (when known); null away from the tracker or while the default is not known yet.
 */
export function openViewId(pathname: string, search: string, defaultViewId?: string): string | null {
  if (pathname.replace(/\/+$/, '') !== TRACKER_PATH) return null;
  const id = new URLSearchParams(search).get('view');
  if (id) return id;
  return defaultViewId ?? null;
}

/** The closed folders with one folder opened or closed. */
export function toggleFolder(closed: readonly string[], id: string): string[] {
  return closed.includes(id) ? closed.filter((entry) => entry !== id) : [...closed, id];
}

/** The closed folders as a person's browser may have kept them: only strings, each once. */
export function closedFoldersOf(stored: unknown): string[] {
  if (!Array.isArray(stored)) return [];
  return [...new Set(stored.filter((entry): entry is string => typeof entry === 'string'))];
}

/** Whether a folder holds the view, in itself or any of its sub-folders. */
export function folderHoldsView(folder: FavoriteFolder, viewId: string | null): boolean {
  if (!viewId) return false;
  return (
    folder.views.some((view) => view.id === viewId) ||
    folder.subFolders.some((sub) => folderHoldsView(sub, viewId))
  );
}

/** Whether the navigation lists the view beneath Permits: All Permits, or a favourite in any folder. */
export function navigationListsView(
  tree: { favoriteViews: readonly { id: string }[]; favoriteFolders: readonly FavoriteFolder[] } | null,
  viewId: string | null,
): boolean {
  if (!viewId) return false;
  if (viewId === ALL_PERMITS_VIEW_ID) return true;
  if (!tree) return false;
  return (
    tree.favoriteViews.some((view) => view.id === viewId) ||
    tree.favoriteFolders.some((folder) => folderHoldsView(folder, viewId))
  );
}
