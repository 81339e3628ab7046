import {
  ALL_PERMITS_COLUMNS,
  ALL_PERMITS_VIEW_ID,
  ALL_PERMITS_VIEW_NAME,
  type CustomView,
  DEFAULT_DASHBOARD_VIEW_NAME,
  type DefaultViews,
  type FavoriteFolder,
  type ParsedCustomViewInput,
  SYSTEM_VIEW_IDS,
  type ViewListItem,
  type ViewOptions,
  type ViewPermissions,
} from '@crossarm/shared';
import type { Executor } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { loadEveryColumn } from '../overview/catalogue.ts';
import { levelOn, overwriteRights, THE_VIEW, viewScopeOf } from './access.ts';
import { fitted, optionsToOverwrite, viewToSave } from './options.ts';
import { atLeast, flagsFor, grantsToSave, levelOf, shownGrants } from './policy.ts';
import {
  deleteView as deleteViewRow,
  insertView,
  permissionsOf,
  prefsNaming,
  readPrefs,
  replacePermissions,
  type StoredPrefs,
  updateView,
  type ViewRow,
  type ViewScope,
  viewRow,
  visibleViewRows,
  writePrefs,
} from './repo.ts';
import { announceChange, announceShares, assertShareable } from './sharing.ts';

// ---- Reading

const NO_GRANTS: ViewPermissions = { users: [], organizations: [] };

const SYSTEM_BASE = {
  description: '',
  application: 'JointUse' as const,
  filterOptions: null,
  sortOptions: [],
  summaryRowOptions: [],
  isSummaryVisible: false,
  permissions: NO_GRANTS,
  mapCenter: null,
  mapZoom: null,
  ownerUserId: null,
  ownerOrganizationId: null,
  ownerName: null,
  createdAt: null,
  updatedAt: null,
  isSystem: true,
  shared: false,
  canEdit: false,
  canManage: false,
};

/** A system view (its favourite and default flags are set by `mark`). */
function systemView(id: string): CustomView {
  const marks = { isFavorite: false, isDefault: false };
  if (id === ALL_PERMITS_VIEW_ID) {
    return {
      ...SYSTEM_BASE,
      ...marks,
      id,
      name: ALL_PERMITS_VIEW_NAME,
      type: 'Table',
      columnOptions: [...ALL_PERMITS_COLUMNS],
    };
  }
  return {
    ...SYSTEM_BASE,
    ...marks,
    id,
    name: DEFAULT_DASHBOARD_VIEW_NAME,
    type: 'Dashboard',
    columnOptions: [],
  };
}

/** The view with the caller's favourite and default flags; with no default of its own, it is 'All Permits'. */
function mark(views: CustomView[], prefs: StoredPrefs): CustomView[] {
  const defaultId = defaultIdOf(prefs) ?? ALL_PERMITS_VIEW_ID;
  const favorites = favoriteIds(prefs);
  return views.map((view) => ({
    ...view,
    isFavorite: favorites.has(view.id),
    isDefault: view.id === defaultId,
  }));
}

export function favoriteIds(prefs: StoredPrefs) {
  const ids = new Set(prefs.favoriteViews.map((view) => view.id));
  const walk = (folders: FavoriteFolder[]) => {
    for (const folder of folders) {
      for (const view of folder.views) ids.add(view.id);
      walk(folder.subFolders);
    }
  };
  walk(prefs.favoriteFolders);
  return ids;
}

const defaultIdOf = (prefs: StoredPrefs) => prefs.defaultViews[0]?.id ?? null;

export function withoutView(prefs: StoredPrefs, id: string): StoredPrefs {
  return keepViews(prefs, (viewId) => viewId !== id);
}

function keepViews(prefs: StoredPrefs, keep: (id: string) => boolean): StoredPrefs {
  const folders = (list: FavoriteFolder[]): FavoriteFolder[] =>
    list.map((folder) => ({
      ...folder,
      views: folder.views.filter((view) => keep(view.id)),
      subFolders: folders(folder.subFolders),
    }));
  return {
    defaultViews: prefs.defaultViews.filter((pref) => keep(pref.id)),
    favoriteViews: prefs.favoriteViews.filter((view) => keep(view.id)),
    favoriteFolders: folders(prefs.favoriteFolders),
  };
}

/** A stored view's columns, filter, sorts and summaries. */
function optionsOfRow(
  row: Pick<ViewRow, 'column_options' | 'filter_options' | 'sort_options' | 'summary_row_options'>,
): ViewOptions {
  return {
    columnOptions: row.column_options,
    filterOptions: row.filter_options,
    sortOptions: row.sort_options,
    summaryRowOptions: row.summary_row_options,
  };
}

function present(row: ViewRow, permissions: ViewPermissions, scope: ViewScope): CustomView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    application: row.application,
    type: row.type,
    ...optionsOfRow(row),
    isSummaryVisible: row.is_summary_visible,
    permissions: shownGrants(row, permissions, scope),
    mapCenter: row.map_center,
    mapZoom: row.map_zoom,
    ownerUserId: row.owner_user_id,
    ownerOrganizationId: row.owner_organization_id,
    ownerName: row.owner_name,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    ...flagsFor(levelOf(row, scope.userId), permissions, { isFavorite: false, isDefault: false }),
  };
}

/** The view or null, with the caller's flags except favourite and default. */
export async function findBareView(db: Executor, scope: ViewScope, id: string) {
  if (SYSTEM_VIEW_IDS.includes(id)) return systemView(id);
  const [row] = await visibleViewRows(db, scope, id);
  if (!row) return null;
  const permissions = await permissionsOf(db, [id]);
  return present(row, permissions.get(id)!, scope);
}

/**
 * Every view the caller sees (system views included) with all the caller's flags, and the caller's
 * preferences with views it no longer sees left out.
 */
export async function loadViews(db: Executor, scope: ViewScope) {
  const [rows, stored] = await Promise.all([visibleViewRows(db, scope), readPrefs(db, scope)]);
  const permissions = await permissionsOf(
    db,
    rows.map((row) => row.id),
  );
  const bare = [
    ...SYSTEM_VIEW_IDS.map(systemView),
    ...rows.map((row) => present(row, permissions.get(row.id)!, scope)),
  ];
  const ids = new Set(bare.map((view) => view.id));
  const prefs = keepViews(stored, (id) => ids.has(id));
  return { views: mark(bare, prefs), prefs };
}

export async function getView(ctx: ServiceContext, id: string): Promise<CustomView> {
  const scope = viewScopeOf(ctx);
  const view = await findBareView(ctx.db, scope, id);
  if (!view) throw notFound(THE_VIEW);
  const { prefs } = await loadViews(ctx.db, scope);
  const [answer] = await fitted(ctx.db, scope, mark([view], prefs));
  return answer!;
}

/** The caller's default table view ('All Permits' when none) and default map view (or none). */
export async function defaultViews(ctx: ServiceContext): Promise<DefaultViews> {
  const scope = viewScopeOf(ctx);
  const { views } = await loadViews(ctx.db, scope);
  const [chosen] = await fitted(ctx.db, scope, [views.find((view) => view.isDefault)!]);
  return {
    table: chosen!.type === 'Table' ? chosen! : views.find((view) => view.id === ALL_PERMITS_VIEW_ID)!,
    map: chosen!.type === 'Map' ? chosen! : null,
  };
}

export const listItem = (view: CustomView): ViewListItem => ({
  id: view.id,
  name: view.name,
  description: view.description,
  type: view.type,
  ownerUserId: view.ownerUserId,
  ownerName: view.ownerName,
  updatedAt: view.updatedAt,
  isSystem: view.isSystem,
  shared: view.shared,
  canEdit: view.canEdit,
  canManage: view.canManage,
  isFavorite: view.isFavorite,
  isDefault: view.isDefault,
});

/** System views first, then the caller's default view, then by name. */
export function manageOrder(views: CustomView[]): CustomView[] {
  const rank = (view: CustomView) => (view.isSystem ? 0 : view.isDefault ? 1 : 2);
  return [...views].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.isSystem && b.isSystem
        ? SYSTEM_VIEW_IDS.indexOf(a.id) - SYSTEM_VIEW_IDS.indexOf(b.id)
        : a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id)),
  );
}

export async function manageViews(ctx: ServiceContext): Promise<ViewListItem[]> {
  const { views } = await loadViews(ctx.db, viewScopeOf(ctx));
  return manageOrder(views).map(listItem);
}

// ---- Saving

export async function createView(ctx: ServiceContext, input: ParsedCustomViewInput): Promise<CustomView> {
  const scope = viewScopeOf(ctx);
  const { view } = await viewToSave(ctx, input);
  const sent = input.permissions ?? NO_GRANTS;
  const grants = grantsToSave(sent, scope.userId);
  await assertShareable(ctx, grants, sent, NO_GRANTS);
  const id = await transact(ctx, async (trx) => {
    const created = await insertView(trx, scope, view);
    await replacePermissions(trx, created, grants);
    await announceShares(ctx, trx, { id: created, name: view.name }, NO_GRANTS, grants);
    return created;
  });
  return getView(ctx, id);
}

export async function overwriteView(
  ctx: ServiceContext,
  id: string,
  input: ParsedCustomViewInput,
): Promise<CustomView> {
  const sent = input.permissions;
  const scope = viewScopeOf(ctx);
  const rights = await levelOn(ctx, id);
  const held = (await permissionsOf(ctx.db, [id])).get(id)!;
  const checked = overwriteRights(rights, held, sent, scope);
  const { view, catalogue } = await viewToSave(ctx, input);
  if (sent && checked.changesGrants) await assertShareable(ctx, checked.grants, sent, held);
  await transact(ctx, async (trx) => {
    // The row is locked so that an overwrite racing a delete saves nothing rather than half, and the
    // caller's rights, the grants and the options are read again under the lock, so that one racing another
    // change acts on the view as it now stands.
    const stored = await trx
      .selectFrom('custom_views')
      .select(['column_options', 'filter_options', 'sort_options', 'summary_row_options'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!stored) throw notFound(THE_VIEW);
    const before = (await permissionsOf(trx, [id])).get(id)!;
    const held = await levelOn({ ...ctx, db: trx }, id);
    const { grants, changesGrants } = overwriteRights(held, before, sent, scope);
    // The owner's save is the view: what the owner no longer sees (a project left, a template withdrawn)
    // goes. Anyone else's keeps what they cannot see (`optionsToOverwrite`).
    const options =
      held.row.owner_user_id === scope.userId
        ? view
        : await optionsToOverwrite(optionsOfRow(stored), view, catalogue, () => loadEveryColumn(trx));
    await updateView(trx, id, { ...view, ...options });
    if (changesGrants) {
      await replacePermissions(trx, id, grants);
      await announceShares(ctx, trx, { id, name: view.name }, before, grants);
    }
    await announceChange(ctx, trx, id, before, grants);
  });
  return savedView(ctx, id);
}

/**
 * A view just saved, as the caller opens it (fitted to the caller's columns), even when the caller has
 * shared it away from itself.
 */
async function savedView(ctx: ServiceContext, id: string): Promise<CustomView> {
  const scope = viewScopeOf(ctx);
  const row = await viewRow(ctx.db, scope, id);
  if (!row) throw notFound(THE_VIEW);
  const [permissions, { prefs }] = await Promise.all([permissionsOf(ctx.db, [id]), loadViews(ctx.db, scope)]);
  const [view] = await fitted(ctx.db, scope, mark([present(row, permissions.get(id)!, scope)], prefs));
  return view!;
}

/** Removes a view, and it from everyone's favourites and defaults. */
export async function deleteView(ctx: ServiceContext, id: string): Promise<void> {
  const { level } = await levelOn(ctx, id);
  if (!atLeast(level, 'Manage')) throw forbidden('Only people who manage this view may delete it.');
  await transact(ctx, async (trx) => {
    for (const owner of await prefsNaming(trx, id)) {
      await writePrefs(trx, owner.userId, owner.organizationId, withoutView(owner.prefs, id));
    }
    const held = (await permissionsOf(trx, [id])).get(id)!;
    await deleteViewRow(trx, id);
    await announceChange(ctx, trx, id, held);
  });
}
