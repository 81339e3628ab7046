import type {
  DefaultViewPref,
  FavoriteFolder,
  FavoriteView,
  ParsedViewPrefsInput,
  ViewOptions,
  ViewPermissions,
} from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { relatedOrganizations } from '../projects/people-repo.ts';
import { fullName } from '../projects/repo.ts';

/** Who is asking: the caller and the caller's working organization. */
export interface ViewScope {
  userId: string;
  organizationId: string;
}

type StoredLevel = 'Manage' | 'Edit' | 'View';

/** A saved view with the caller's own grants on it. */
export interface ViewRow {
  id: string;
  owner_user_id: string;
  owner_organization_id: string;
  owner_name: string | null;
  application: 'JointUse';
  type: 'Table' | 'Map';
  name: string;
  description: string;
  column_options: string[];
  filter_options: ViewOptions['filterOptions'];
  sort_options: ViewOptions['sortOptions'];
  summary_row_options: ViewOptions['summaryRowOptions'];
  is_summary_visible: boolean;
  map_center: { lng: number; lat: number } | null;
  map_zoom: number | null;
  created_at: Date;
  updated_at: Date;
  user_level: StoredLevel | null;
  organization_level: StoredLevel | null;
}

function viewsWithGrants(db: Executor, scope: ViewScope) {
  return db
    .selectFrom('custom_views as v')
    .leftJoin('users as u', 'u.id', 'v.owner_user_id')
    .leftJoin('custom_view_user_permissions as up', (join) =>
      join.onRef('up.view_id', '=', 'v.id').on('up.user_id', '=', scope.userId),
    )
    .leftJoin('custom_view_organization_permissions as op', (join) =>
      join.onRef('op.view_id', '=', 'v.id').on('op.organization_id', '=', scope.organizationId),
    )
    .selectAll('v')
    .select([
      fullName('u').as('owner_name'),
      'up.permission as user_level',
      'op.permission as organization_level',
    ]);
}

/** The views the caller owns or holds a grant on, directly or through the working organization. */
export async function visibleViewRows(db: Executor, scope: ViewScope, viewId?: string): Promise<ViewRow[]> {
  let query = viewsWithGrants(db, scope).where((eb) =>
    eb.or([
      eb('v.owner_user_id', '=', scope.userId),
      eb('up.user_id', 'is not', null),
      eb('op.organization_id', 'is not', null),
    ]),
  );
  if (viewId) query = query.where('v.id', '=', viewId);
  return (await query.execute()) as ViewRow[];
}

/** A view with the caller's grants, whether or not the caller still has any (after it shared it away). */
export async function viewRow(db: Executor, scope: ViewScope, viewId: string): Promise<ViewRow | undefined> {
  return (await viewsWithGrants(db, scope).where('v.id', '=', viewId).executeTakeFirst()) as
    | ViewRow
    | undefined;
}

/** Every grant on the views, by view. */
export async function permissionsOf(db: Executor, viewIds: string[]) {
  const result = new Map<string, ViewPermissions>();
  for (const id of viewIds) result.set(id, { users: [], organizations: [] });
  if (viewIds.length === 0) return result;
  const [users, organizations] = await Promise.all([
    db
      .selectFrom('custom_view_user_permissions as g')
      .innerJoin('users as u', 'u.id', 'g.user_id')
      .select(['g.view_id', 'g.user_id', 'g.permission', fullName('u').as('name')])
      .where('g.view_id', 'in', viewIds)
      .orderBy('g.user_id')
      .execute(),
    db
      .selectFrom('custom_view_organization_permissions as g')
      .innerJoin('organizations as o', 'o.id', 'g.organization_id')
      .select(['g.view_id', 'g.organization_id', 'g.permission', 'o.name'])
      .where('g.view_id', 'in', viewIds)
      .orderBy('g.organization_id')
      .execute(),
  ]);
  for (const row of users) {
    result.get(row.view_id)!.users.push({
      userId: row.user_id,
      permission: row.permission,
      name: row.name ?? '',
    });
  }
  for (const row of organizations) {
    result
      .get(row.view_id)!
      .organizations.push({ id: row.organization_id, permission: row.permission, name: row.name });
  }
  return result;
}

/**
 * The organizations the caller may share with: its own and those whose people it may see through projects
 * (a pole owner, every organization of its projects; an attacher, the pole owners of its projects).
 */
function shareableOrganizations(db: Executor, scope: ViewScope) {
  return sql<{ organization_id: string }>`(
    SELECT ${scope.organizationId}::uuid AS organization_id
    UNION
    ${relatedOrganizations(db, scope.organizationId)})`;
}

/** Of the ids, those the caller may share with: organizations, and the people in them (not deleted). */
export async function shareable(
  db: Executor,
  scope: ViewScope,
  userIds: string[],
  organizationIds: string[],
) {
  const orgs = shareableOrganizations(db, scope);
  const [users, organizations] = await Promise.all([
    userIds.length === 0
      ? []
      : sql<{ id: string }>`SELECT DISTINCT u.id FROM users u
          JOIN user_organizations uo ON uo.user_id = u.id
          JOIN ${orgs} so ON so.organization_id = uo.organization_id
          WHERE u.id = ANY (${userIds}::uuid[]) AND u.status <> 'Deleted'`
          .execute(db)
          .then((r) => r.rows),
    organizationIds.length === 0
      ? []
      : sql<{ id: string }>`SELECT o.id FROM organizations o
          JOIN ${orgs} so ON so.organization_id = o.id
          WHERE o.id = ANY (${organizationIds}::uuid[])`
          .execute(db)
          .then((r) => r.rows),
  ]);
  return {
    users: new Set(users.map((row) => row.id)),
    organizations: new Set(organizations.map((row) => row.id)),
  };
}

export interface StoredView extends ViewOptions {
  type: 'Table' | 'Map';
  name: string;
  description: string;
  isSummaryVisible: boolean;
  mapCenter: { lng: number; lat: number } | null;
  mapZoom: number | null;
}

const viewColumns = (view: StoredView) => ({
  type: view.type,
  name: view.name,
  description: view.description,
  column_options: JSON.stringify(view.columnOptions),
  filter_options: view.filterOptions ? JSON.stringify(view.filterOptions) : null,
  sort_options: JSON.stringify(view.sortOptions),
  summary_row_options: JSON.stringify(view.summaryRowOptions),
  is_summary_visible: view.isSummaryVisible,
  map_center: view.mapCenter ? JSON.stringify(view.mapCenter) : null,
  map_zoom: view.mapZoom,
});

export async function insertView(db: Executor, scope: ViewScope, view: StoredView): Promise<string> {
  const row = await db
    .insertInto('custom_views')
    .values({
      ...viewColumns(view),
      owner_user_id: scope.userId,
      owner_organization_id: scope.organizationId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateView(db: Executor, id: string, view: StoredView) {
  await db
    .updateTable('custom_views')
    .set({ ...viewColumns(view), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Replaces a view's grants (None is not stored). */
export async function replacePermissions(db: Executor, viewId: string, permissions: ViewPermissions) {
  await db.deleteFrom('custom_view_user_permissions').where('view_id', '=', viewId).execute();
  await db.deleteFrom('custom_view_organization_permissions').where('view_id', '=', viewId).execute();
  const users = permissions.users.flatMap((grant) =>
    grant.permission === 'None'
      ? []
      : [{ view_id: viewId, user_id: grant.userId, permission: grant.permission }],
  );
  const organizations = permissions.organizations.flatMap((grant) =>
    grant.permission === 'None'
      ? []
      : [{ view_id: viewId, organization_id: grant.id, permission: grant.permission }],
  );
  if (users.length > 0) await db.insertInto('custom_view_user_permissions').values(users).execute();
  if (organizations.length > 0) {
    await db.insertInto('custom_view_organization_permissions').values(organizations).execute();
  }
}

export async function deleteView(db: Executor, id: string) {
  await db.deleteFrom('custom_views').where('id', '=', id).execute();
}

// ---- Preferences

export interface StoredPrefs {
  defaultViews: DefaultViewPref[];
  favoriteViews: FavoriteView[];
  favoriteFolders: FavoriteFolder[];
}

export const EMPTY_PREFS: StoredPrefs = { defaultViews: [], favoriteViews: [], favoriteFolders: [] };

export async function readPrefs(db: Executor, scope: ViewScope): Promise<StoredPrefs> {
  const row = await db
    .selectFrom('view_prefs')
    .select(['default_views', 'favorite_views', 'favorite_folders'])
    .where('user_id', '=', scope.userId)
    .where('organization_id', '=', scope.organizationId)
    .executeTakeFirst();
  if (!row) return EMPTY_PREFS;
  return {
    defaultViews: row.default_views,
    favoriteViews: row.favorite_views,
    favoriteFolders: row.favorite_folders,
  };
}

function viewIdsOf(prefs: StoredPrefs) {
  const ids = prefs.defaultViews.map((pref) => pref.id);
  ids.push(...prefs.favoriteViews.map((view) => view.id));
  const walk = (folders: FavoriteFolder[]) => {
    for (const folder of folders) {
      ids.push(...folder.views.map((view) => view.id));
      walk(folder.subFolders);
    }
  };
  walk(prefs.favoriteFolders);
  return [...new Set(ids)];
}

export async function writePrefs(
  db: Executor,
  userId: string,
  organizationId: string,
  prefs: StoredPrefs | ParsedViewPrefsInput,
) {
  const values = {
    default_views: JSON.stringify(prefs.defaultViews),
    favorite_views: JSON.stringify(prefs.favoriteViews),
    favorite_folders: JSON.stringify(prefs.favoriteFolders),
    view_ids: viewIdsOf(prefs),
    updated_at: new Date(),
  };
  await db
    .insertInto('view_prefs')
    .values({ user_id: userId, organization_id: organizationId, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'organization_id']).doUpdateSet(values))
    .execute();
}

/**
 * The caller's preferences row, created empty when there is none yet, then locked until the transaction
 * ends: two first changes at once (two favourites, say) then wait on each other rather than each writing
 * what it read as empty.
 */
export async function lockPrefs(db: Executor, scope: ViewScope) {
  await db
    .insertInto('view_prefs')
    .values({
      user_id: scope.userId,
      organization_id: scope.organizationId,
      default_views: JSON.stringify(EMPTY_PREFS.defaultViews),
      favorite_views: JSON.stringify(EMPTY_PREFS.favoriteViews),
      favorite_folders: JSON.stringify(EMPTY_PREFS.favoriteFolders),
      view_ids: [],
      updated_at: new Date(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'organization_id']).doNothing())
    .execute();
  await db
    .selectFrom('view_prefs')
    .select('user_id')
    .where('user_id', '=', scope.userId)
    .where('organization_id', '=', scope.organizationId)
    .forUpdate()
    .execute();
}

/** Everyone's preferences that name a view, locked for rewriting. */
export async function prefsNaming(db: Executor, viewId: string) {
  const rows = await db
    .selectFrom('view_prefs')
    .select(['user_id', 'organization_id', 'default_views', 'favorite_views', 'favorite_folders'])
    .where(sql<boolean>`view_ids @> ARRAY[${viewId}]::text[]`)
    .forUpdate()
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    organizationId: row.organization_id,
    prefs: {
      defaultViews: row.default_views,
      favoriteViews: row.favorite_views,
      favoriteFolders: row.favorite_folders,
    } satisfies StoredPrefs,
  }));
}
