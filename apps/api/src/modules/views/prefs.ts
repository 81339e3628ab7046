import {
  type CustomView,
  type FavoriteFolder,
  type FavoriteView,
  type FieldError,
  nextFavoriteOrder,
  type ParsedViewPrefsInput,
  type ViewPrefs,
  type ViewType,
} from '@crossarm/shared';
import type { Executor } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { THE_VIEW, viewScopeOf } from './access.ts';
import { lockPrefs, readPrefs, type StoredPrefs, type ViewScope, writePrefs } from './repo.ts';
import { favoriteIds, findBareView, listItem, loadViews, manageOrder, withoutView } from './service.ts';

/** The preferences with each favourite's name, type and default flag read from its view. */
function describePrefs(prefs: StoredPrefs, views: CustomView[]): ViewPrefs {
  const byId = new Map(views.map((view) => [view.id, view]));
  const describe = (list: FavoriteView[]) =>
    [...list]
      .sort((a, b) => a.order - b.order)
      .map((favorite) => {
        const view = byId.get(favorite.id)!;
        return {
          id: view.id,
          name: view.name,
          type: view.type,
          isDefault: view.isDefault,
          order: favorite.order,
        };
      });
  const folders = (list: FavoriteFolder[]): FavoriteFolder[] =>
    [...list]
      .sort((a, b) => a.order - b.order)
      .map((folder) => ({
        ...folder,
        views: describe(folder.views),
        subFolders: folders(folder.subFolders),
      }));
  return {
    defaultViews: prefs.defaultViews,
    favoriteViews: describe(prefs.favoriteViews),
    favoriteFolders: folders(prefs.favoriteFolders),
    allViews: manageOrder(views).map(listItem),
  };
}

async function prefsAnswer(db: Executor, scope: ViewScope): Promise<ViewPrefs> {
  const { views, prefs } = await loadViews(db, scope);
  return describePrefs(prefs, views);
}

export async function viewPrefs(ctx: ServiceContext): Promise<ViewPrefs> {
  return prefsAnswer(ctx.db, viewScopeOf(ctx));
}

/** Replaces the caller's default and favourites; every view named must be one the caller sees. */
export async function saveViewPrefs(ctx: ServiceContext, input: ParsedViewPrefsInput): Promise<ViewPrefs> {
  const scope = viewScopeOf(ctx);
  const views = new Map((await loadViews(ctx.db, scope)).views.map((view) => [view.id, view]));
  const problems: FieldError[] = [];
  const unknown = (field: string) => problems.push({ field, message: 'No such view among the ones you see' });
  input.defaultViews.forEach((pref, index) => {
    const view = views.get(pref.id);
    if (!view) unknown(`body.defaultViews.${index}.id`);
    else if (view.type !== pref.viewType) {
      problems.push({
        field: `body.defaultViews.${index}.viewType`,
        message: `The view is a ${view.type} view`,
      });
    }
  });
  const checkList = (list: FavoriteView[], path: string) => {
    list.forEach((favorite, index) => {
      if (!views.has(favorite.id)) unknown(`${path}.${index}.id`);
    });
  };
  checkList(input.favoriteViews, 'body.favoriteViews');
  const checkFolders = (list: FavoriteFolder[], path: string) => {
    list.forEach((folder, index) => {
      checkList(folder.views, `${path}.${index}.views`);
      checkFolders(folder.subFolders, `${path}.${index}.subFolders`);
    });
  };
  checkFolders(input.favoriteFolders, 'body.favoriteFolders');
  if (problems.length > 0)
    throw badRequest('The preferences name views you do not see; see errors.', problems);
  await transact(ctx, (trx) => writePrefs(trx, scope.userId, scope.organizationId, input));
  return prefsAnswer(ctx.db, scope);
}

/** Changes the caller's preferences in one transaction, with the row locked against a concurrent change. */
async function changePrefs(
  ctx: ServiceContext,
  viewId: string,
  change: (prefs: StoredPrefs, view: CustomView) => StoredPrefs,
): Promise<ViewPrefs> {
  const scope = viewScopeOf(ctx);
  const view = await findBareView(ctx.db, scope, viewId);
  if (!view) throw notFound(THE_VIEW);
  await transact(ctx, async (trx) => {
    await lockPrefs(trx, scope);
    await writePrefs(trx, scope.userId, scope.organizationId, change(await readPrefs(trx, scope), view));
  });
  return prefsAnswer(ctx.db, scope);
}

/**
 * Adds a view to the caller's favourites at the top level, one above the last item there (favourite or
 * folder); a favourite already stays where it is, in a folder or not.
 */
export function favoriteView(ctx: ServiceContext, id: string) {
  return changePrefs(ctx, id, (prefs, view) =>
    favoriteIds(prefs).has(view.id)
      ? prefs
      : {
          ...prefs,
          favoriteViews: [
            ...prefs.favoriteViews,
            {
              id: view.id,
              name: view.name,
              type: view.type as ViewType,
              isDefault: false,
              // Favourites and folders at the top share one order: the new one goes after both.
              order: nextFavoriteOrder([...prefs.favoriteViews, ...prefs.favoriteFolders]),
            },
          ],
        },
  );
}

/** Removes a view from the caller's favourites, in folders or not. */
export function unfavoriteView(ctx: ServiceContext, id: string) {
  return changePrefs(ctx, id, (prefs, view) => {
    const cleared = withoutView(prefs, view.id);
    return { ...cleared, defaultViews: prefs.defaultViews };
  });
}

/** Makes a table or map view the caller's default; it replaces the default of the other type. */
export function setDefaultView(ctx: ServiceContext, id: string) {
  return changePrefs(ctx, id, (prefs, view) => {
    if (view.type === 'Dashboard') {
      throw badRequest('Only a table or a map view can be the default view.', [
        { field: 'params.id', message: 'A dashboard cannot be the default view' },
      ]);
    }
    return { ...prefs, defaultViews: [{ id: view.id, viewType: view.type }] };
  });
}

/** Clears the caller's default when it is this view; 'All Permits' is the default again. */
export function clearDefaultView(ctx: ServiceContext, id: string) {
  return changePrefs(ctx, id, (prefs, view) => ({
    ...prefs,
    defaultViews: prefs.defaultViews.filter((pref) => pref.id !== view.id),
  }));
}
