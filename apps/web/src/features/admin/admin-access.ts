import type { OrganizationPermission, SystemPermission, UserSession } from '@crossarm/shared';

export interface AdminPage {
  path: string;
  label: string;
  /** System pages manage every organization; organization pages manage the user's own. */
  scope: 'system' | 'organization';
  systemPermissions: readonly SystemPermission[];
  organizationPermissions: readonly OrganizationPermission[];
}

/** The administration pages in the order they are offered; each needs any one of its permissions. */
export const adminPages: readonly AdminPage[] = [
  {
    path: '/admin/system/organizations',
    label: 'Organizations',
    scope: 'system',
    systemPermissions: ['ViewOrganizations'],
    organizationPermissions: [],
  },
  {
    path: '/admin/system/users',
    label: 'All Users',
    scope: 'system',
    systemPermissions: ['ViewUsers'],
    organizationPermissions: [],
  },
  {
    path: '/admin/system/apps',
    label: 'Apps & Libraries',
    scope: 'system',
    systemPermissions: ['ViewApps', 'ManageLibrary'],
    organizationPermissions: [],
  },
  {
    path: '/admin/organization',
    label: 'Organization',
    scope: 'organization',
    systemPermissions: [],
    organizationPermissions: ['ViewOrganizationInfo'],
  },
  {
    path: '/admin/users',
    label: 'Users',
    scope: 'organization',
    systemPermissions: [],
    organizationPermissions: ['ViewUsers'],
  },
  {
    path: '/admin/apps',
    label: 'Applications',
    scope: 'organization',
    systemPermissions: [],
    organizationPermissions: ['ViewApps'],
  },
];

type PermissionSets = Pick<UserSession, 'systemPermissions' | 'organizationPermissions'>;

export function canSeeAdminPage(session: PermissionSets, page: AdminPage): boolean {
  return (
    page.systemPermissions.some((p) => session.systemPermissions.includes(p)) ||
    page.organizationPermissions.some((p) => session.organizationPermissions.includes(p))
  );
}

/** The administration pages this user may open. */
export function visibleAdminPages(session: PermissionSets): AdminPage[] {
  return adminPages.filter((page) => canSeeAdminPage(session, page));
}

/** Where the profile pane's 'Administration' option leads, or null when it is not offered. */
export function firstAdminPath(session: PermissionSets): string | null {
  return visibleAdminPages(session)[0]?.path ?? null;
}
