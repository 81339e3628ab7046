import {
  ALL_PERMITS_COLUMNS,
  ALL_PERMITS_VIEW_ID,
  ALL_PERMITS_VIEW_NAME,
  type CustomView,
  DEFAULT_DASHBOARD_VIEW_NAME,
  type DefaultViews,
  type FavoriteFolder,
  type FavoriteView,
  type FieldError,
  type FilterGroup,
  type FilterRow,
  filterValueProblem,
  isCompleteRow,
  nextFavoriteOrder,
  normalizeFilter,
  type ParsedCustomViewInput,
  type ParsedViewPrefsInput,
  SYSTEM_VIEW_IDS,
  tidyViewOptions,
  type ViewListItem,
  type ViewPermissions,
  type ViewPrefs,
  type ViewType,
} from '@crossarm/shared';
import type { Executor, Trx } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { type Catalogue, loadCatalogue } from '../overview/catalogue.ts';
import { requestProblems } from '../overview/query.ts';
import { atLeast, flagsFor, grantsToSave, levelOf, sameGrants } from './policy.ts';
import {
  deleteView as deleteViewRow,
  insertView,
  permissionsOf,
  prefsNaming,
  readPrefs,
  replacePermissions,
  type StoredPrefs,
  type StoredView,
  shareable,
  updateView,
  type ViewRow,
  type ViewScope,
  viewRow,
  visibleViewRows,
  writePrefs,
} from './repo.ts';

const THE_VIEW = 'The view';

export const viewScopeOf = (ctx: ServiceContext): ViewScope => ({
  userId: ctx.session.user.id,
  organizationId: ctx.session.organizationId!,
});

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

function favoriteIds(prefs: StoredPrefs) {
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

function present(row: ViewRow, permissions: ViewPermissions, userId: string): CustomView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    application: row.application,
    type: row.type,
    columnOptions: row.column_options,
    filterOptions: row.filter_options,
    sortOptions: row.sort_options,
    summaryRowOptions: row.summary_row_options,
    isSummaryVisible: row.is_summary_visible,
    permissions,
    mapCenter: row.map_center,
    mapZoom: row.map_zoom,
    ownerUserId: row.owner_user_id,
    ownerOrganizationId: row.owner_organization_id,
    ownerName: row.owner_name,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    ...flagsFor(levelOf(row, userId), permissions, { isFavorite: false, isDefault: false }),
  };
}

/** The view or null, with the caller's flags except favourite and default. */
async function findBareView(db: Executor, scope: ViewScope, id: string) {
  if (SYSTEM_VIEW_IDS.includes(id)) return systemView(id);
  const [row] = await visibleViewRows(db, scope, id);
  if (!row) return null;
  const permissions = await permissionsOf(db, [id]);
  return present(row, permissions.get(id)!, scope.userId);
}

/**
 * Every view the caller sees (system views included) with all the caller's flags, and the caller's
 * preferences with views it no longer sees left out.
 */
async function loadViews(db: Executor, scope: ViewScope) {
  const [rows, stored] = await Promise.all([visibleViewRows(db, scope), readPrefs(db, scope)]);
  const permissions = await permissionsOf(
    db,
    rows.map((row) => row.id),
  );
  const bare = [
    ...SYSTEM_VIEW_IDS.map(systemView),
    ...rows.map((row) => present(row, permissions.get(row.id)!, scope.userId)),
  ];
  const ids = new Set(bare.map((view) => view.id));
  const prefs = keepViews(stored, (id) => ids.has(id));
  return { views: mark(bare, prefs), prefs };
}

/**
 * The view's columns, filter rows, sorts and summaries cut to those the caller may use: a view shared with
 * another organization may name stages, tasks or properties of projects the caller does not see, and a
 * template may have changed since the view was saved. What is left opens in the tracker without a refusal.
 */
function fitToCatalogue(view: CustomView, catalogue: Catalogue): CustomView {
  const columnOf = (dataId: string | null | undefined) =>
    dataId ? catalogue.get(dataId)?.column : undefined;
  const usable = (row: FilterRow) => {
    if (!isCompleteRow(row)) return false;
    const column = columnOf(row.dataId);
    return (
      !!column && column.operators.includes(row.operator) && filterValueProblem(column, row.value) === null
    );
  };
  const prune = (group: FilterGroup): FilterGroup => ({
    condition: group.condition,
    rows: group.rows.filter(usable),
    groups: group.groups.map(prune),
  });
  return {
    ...view,
    columnOptions: view.columnOptions.filter((dataId) => catalogue.has(dataId)),
    filterOptions: view.filterOptions && normalizeFilter(prune(view.filterOptions)),
    sortOptions: view.sortOptions.filter((sort) => columnOf(sort.dataId)?.sortable),
    summaryRowOptions: view.summaryRowOptions.filter((option) =>
      columnOf(option.dataId)?.metrics.includes(option.metric),
    ),
  };
}

/** The views as the caller opens them: fitted to the caller's columns (one catalogue read for all). */
async function fitted(db: Executor, scope: ViewScope, views: CustomView[]): Promise<CustomView[]> {
  if (views.every((view) => view.isSystem)) return views;
  const catalogue = await loadCatalogue(db, scope);
  return views.map((view) => (view.isSystem ? view : fitToCatalogue(view, catalogue)));
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

const listItem = (view: CustomView): ViewListItem => ({
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
function manageOrder(views: CustomView[]): CustomView[] {
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

/** The view as it is saved, or 400 with every column, filter, sort or summary that cannot be used. */
async function viewToSave(ctx: ServiceContext, input: ParsedCustomViewInput): Promise<StoredView> {
  const catalogue = await loadCatalogue(ctx.db, viewScopeOf(ctx));
  const problems: FieldError[] = requestProblems(catalogue, {
    pageOptions: { page: 0, pageSize: 0 },
    columnOptions: input.columnOptions,
    filterOptions: input.filterOptions,
    searchOptions: null,
    sortOptions: input.sortOptions,
    summaryRowOptions: input.summaryRowOptions,
  });
  if (input.type === 'Table' && input.columnOptions.length === 0) {
    problems.push({ field: 'body.columnOptions', message: 'A table view shows at least one column' });
  }
  if (problems.length > 0) {
    throw badRequest(
      'The view names columns, operators or values that cannot be used; see errors.',
      problems,
    );
  }
  return {
    ...tidyViewOptions(input),
    type: input.type,
    name: input.name,
    description: input.description,
    isSummaryVisible: input.isSummaryVisible,
    mapCenter: input.mapCenter ?? null,
    mapZoom: input.mapZoom ?? null,
  };
}

/**
 * 400 unless every person and organization newly granted is one the caller may share with; grants the view
 * already holds (given by someone else, who may see more) are kept as they are.
 */
async function assertShareable(
  ctx: ServiceContext,
  grants: ViewPermissions,
  sent: ViewPermissions,
  before: ViewPermissions,
) {
  const scope = viewScopeOf(ctx);
  const heldUsers = new Set(before.users.map((grant) => grant.userId));
  const heldOrganizations = new Set(before.organizations.map((grant) => grant.id));
  const found = await shareable(
    ctx.db,
    scope,
    grants.users.map((grant) => grant.userId).filter((id) => id !== scope.userId && !heldUsers.has(id)),
    grants.organizations.map((grant) => grant.id).filter((id) => !heldOrganizations.has(id)),
  );
  const problems: FieldError[] = [];
  sent.users.forEach((grant, index) => {
    if (
      grant.permission !== 'None' &&
      grant.userId !== scope.userId &&
      !heldUsers.has(grant.userId) &&
      !found.users.has(grant.userId)
    ) {
      problems.push({
        field: `body.permissions.users.${index}.userId`,
        message: 'No such person among the ones you may share with',
      });
    }
  });
  sent.organizations.forEach((grant, index) => {
    if (
      grant.permission !== 'None' &&
      !heldOrganizations.has(grant.id) &&
      !found.organizations.has(grant.id)
    ) {
      problems.push({
        field: `body.permissions.organizations.${index}.id`,
        message: 'No such organization among the ones you may share with',
      });
    }
  });
  if (problems.length > 0)
    throw badRequest('The view is shared with unknown people or organizations.', problems);
}

/** Tells the people and organizations a view is newly shared with, in the transaction that shares it. */
async function announceShares(
  ctx: ServiceContext,
  trx: Trx,
  view: { id: string; name: string },
  before: ViewPermissions,
  after: ViewPermissions,
) {
  const payload = {
    viewId: view.id,
    name: view.name,
    sharedByUserId: ctx.session.user.id,
    sharedByName: `${ctx.session.user.first_name} ${ctx.session.user.last_name}`.trim(),
  };
  const hadUser = new Set(before.users.map((grant) => grant.userId));
  const hadOrganization = new Set(before.organizations.map((grant) => grant.id));
  for (const grant of after.users) {
    if (hadUser.has(grant.userId) || grant.userId === ctx.session.user.id) continue;
    await ctx.app.events.record(trx, {
      type: 'CustomViewShared',
      userId: grant.userId,
      payload: { ...payload, permission: grant.permission },
      connectionId: ctx.connectionId,
    });
  }
  for (const grant of after.organizations) {
    if (hadOrganization.has(grant.id)) continue;
    await ctx.app.events.record(trx, {
      type: 'CustomViewShared',
      organizationId: grant.id,
      payload: { ...payload, permission: grant.permission },
      connectionId: ctx.connectionId,
    });
  }
}

export async function createView(ctx: ServiceContext, input: ParsedCustomViewInput): Promise<CustomView> {
  const scope = viewScopeOf(ctx);
  const view = await viewToSave(ctx, input);
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

/** The caller's level on a saved view: 403 for system views, 404 when the caller has no access. */
async function levelOn(ctx: ServiceContext, id: string) {
  if (SYSTEM_VIEW_IDS.includes(id)) throw forbidden('System views cannot be changed or deleted.');
  const scope = viewScopeOf(ctx);
  const [row] = await visibleViewRows(ctx.db, scope, id);
  const level = row ? levelOf(row, scope.userId) : 'None';
  if (!row || level === 'None') throw notFound(THE_VIEW);
  return { row, level };
}

/**
 * The grants an overwrite leaves (those sent, or the current ones when none are sent) and whether they
 * change; 403 unless the caller may edit the view and, to change its grants, manage it.
 */
function overwriteRights(
  { row, level }: Awaited<ReturnType<typeof levelOn>>,
  before: ViewPermissions,
  sent: ViewPermissions | undefined,
) {
  if (!atLeast(level, 'Edit')) throw forbidden('You may read this view but not change it.');
  const grants = sent ? grantsToSave(sent, row.owner_user_id) : before;
  const changesGrants = !sameGrants(before, grants);
  if (changesGrants && !atLeast(level, 'Manage')) {
    throw forbidden('Only people who manage this view may change who it is shared with.');
  }
  return { grants, changesGrants };
}

export async function overwriteView(
  ctx: ServiceContext,
  id: string,
  input: ParsedCustomViewInput,
): Promise<CustomView> {
  const sent = input.permissions;
  const rights = await levelOn(ctx, id);
  const held = (await permissionsOf(ctx.db, [id])).get(id)!;
  const checked = overwriteRights(rights, held, sent);
  const view = await viewToSave(ctx, input);
  if (sent && checked.changesGrants) await assertShareable(ctx, checked.grants, sent, held);
  await transact(ctx, async (trx) => {
    // The row is locked so that an overwrite racing a delete saves nothing rather than half, and the
    // caller's rights and the grants are read again under the lock, so that one racing a change of grants
    // acts on them as they now stand.
    const locked = await trx
      .selectFrom('custom_views')
      .select('id')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) throw notFound(THE_VIEW);
    const before = (await permissionsOf(trx, [id])).get(id)!;
    const { grants, changesGrants } = overwriteRights(await levelOn({ ...ctx, db: trx }, id), before, sent);
    await updateView(trx, id, view);
    if (changesGrants) {
      await replacePermissions(trx, id, grants);
      await announceShares(ctx, trx, { id, name: view.name }, before, grants);
    }
  });
  return savedView(ctx, id);
}

/** A view just saved, as the caller sees it now, even when the caller has shared it away from itself. */
async function savedView(ctx: ServiceContext, id: string): Promise<CustomView> {
  const scope = viewScopeOf(ctx);
  const row = await viewRow(ctx.db, scope, id);
  if (!row) throw notFound(THE_VIEW);
  const [permissions, { prefs }] = await Promise.all([permissionsOf(ctx.db, [id]), loadViews(ctx.db, scope)]);
  return mark([present(row, permissions.get(id)!, scope.userId)], prefs)[0]!;
}

/** Removes a view, and it from everyone's favourites and defaults. */
export async function deleteView(ctx: ServiceContext, id: string): Promise<void> {
  const { level } = await levelOn(ctx, id);
  if (!atLeast(level, 'Manage')) throw forbidden('Only people who manage this view may delete it.');
  await transact(ctx, async (trx) => {
    for (const owner of await prefsNaming(trx, id)) {
      await writePrefs(trx, owner.userId, owner.organizationId, withoutView(owner.prefs, id));
    }
    await deleteViewRow(trx, id);
  });
}

// ---- Preferences

function withoutView(prefs: StoredPrefs, id: string): StoredPrefs {
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
    await trx
      .selectFrom('view_prefs')
      .select('user_id')
      .where('user_id', '=', scope.userId)
      .where('organization_id', '=', scope.organizationId)
      .forUpdate()
      .execute();
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
