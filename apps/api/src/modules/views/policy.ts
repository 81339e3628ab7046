import { grantsKey, type ViewFlags, type ViewPermissionLevel, type ViewPermissions } from '@crossarm/shared';
import type { ViewRow, ViewScope } from './repo.ts';

const RANK: Record<ViewPermissionLevel, number> = { None: 0, View: 1, Edit: 2, Manage: 3 };

/** The caller's level on a view: the owner manages it; otherwise the higher of its own and its organization's. */
export function levelOf(
  view: {
    owner_user_id: string;
    user_level: ViewPermissionLevel | null;
    organization_level: ViewPermissionLevel | null;
  },
  userId: string,
): ViewPermissionLevel {
  if (view.owner_user_id === userId) return 'Manage';
  const own = view.user_level ?? 'None';
  const organization = view.organization_level ?? 'None';
  return RANK[own] >= RANK[organization] ? own : organization;
}

export const atLeast = (level: ViewPermissionLevel, needed: ViewPermissionLevel) =>
  RANK[level] >= RANK[needed];

/** A view counts as shared with any organization permission or more than one user permission. */
export const isShared = (permissions: ViewPermissions) =>
  permissions.organizations.length > 0 || permissions.users.length > 1;

export function flagsFor(
  level: ViewPermissionLevel,
  permissions: ViewPermissions,
  prefs: { isFavorite: boolean; isDefault: boolean },
): ViewFlags {
  return {
    isSystem: false,
    shared: isShared(permissions),
    canEdit: atLeast(level, 'Edit'),
    canManage: atLeast(level, 'Manage'),
    ...prefs,
  };
}

/** The grants as saved: None dropped, each person and organization once (the last wins), the owner Manage. */
export function grantsToSave(permissions: ViewPermissions, ownerUserId: string): ViewPermissions {
  const users = new Map<string, ViewPermissionLevel>();
  for (const grant of permissions.users) users.set(grant.userId, grant.permission);
  users.set(ownerUserId, 'Manage');
  const organizations = new Map<string, ViewPermissionLevel>();
  for (const grant of permissions.organizations) organizations.set(grant.id, grant.permission);
  const kept = <K>(map: Map<K, ViewPermissionLevel>) => [...map].filter(([, level]) => level !== 'None');
  return {
    users: kept(users)
      .map(([userId, permission]) => ({ userId, permission }))
      .sort((a, b) => a.userId.localeCompare(b.userId)),
    organizations: kept(organizations)
      .map(([id, permission]) => ({ id, permission }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  };
}

/** Whether two sets of grants (as saved) give the same levels to the same people and organizations. */
export function sameGrants(a: ViewPermissions, b: ViewPermissions) {
  return grantsKey(a) === grantsKey(b);
}

/**
 * The grants a caller is shown: all of them to those who manage the view (they change them); to anyone else
 * only the owner's and their own (their own grant and their organization's), so that a view shared with
 * several organizations does not tell one of them who the others are.
 */
export function shownGrants(
  row: Pick<ViewRow, 'owner_user_id' | 'user_level' | 'organization_level'>,
  permissions: ViewPermissions,
  scope: ViewScope,
): ViewPermissions {
  if (atLeast(levelOf(row, scope.userId), 'Manage')) return permissions;
  return {
    users: permissions.users.filter(
      (grant) => grant.userId === scope.userId || grant.userId === row.owner_user_id,
    ),
    organizations: permissions.organizations.filter((grant) => grant.id === scope.organizationId),
  };
}
