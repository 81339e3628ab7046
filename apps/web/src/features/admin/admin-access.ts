import type { OrganizationPermission, SystemPermission } from '@crossarm/shared';

export interface AdminPage {
  path: string;
  label: string;
  /** System pages manage every organization; organization pages manage the user's own. */
  scope: 'system' | 'organization';
  systemPermissions: readonly SystemPermission[];
  organizationPermissions: readonly OrganizationPermission[];
}

/**
 * The administration pages in the order they are offered; each needs any one of its permissions (the
 * same ones the API asks for when the page loads its data).
 */
export const adminPages: readonly AdminPage[] = [
  {
    path: '/admin/system/organizations',
    label: 'Organizations',
    scope: 'system',
    systemPermissions: ['ViewOrganizations', 'ManageOrganizations'],
    organizationPermissions: [],
  },
  {
    path: '/admin/system/users',
    label: 'Users',
    scope: 'system',
    systemPermissions: ['ViewUsers', 'ManageUsers', 'InviteUsers'],
    organizationPermissions: [],
  },
  {
    path: '/admin/system/apps',
    label: 'Apps & libraries',
    scope: 'system',
    systemPermissions: ['ViewApps', 'ManageLibrary'],
    organizationPermissions: [],
  },
  {
    path: '/admin/organization',
    label: 'Profile',
    scope: 'organization',
    systemPermissions: [],
    organizationPermissions: ['ViewOrganizationInfo', 'ManageOrganizationInfo'],
  },
  {
    path: '/admin/users',
    label: 'Users',
    scope: 'organization',
    systemPermissions: [],
    organizationPermissions: ['ViewUsers', 'ManageUsers'],
  },
  {
    path: '/admin/apps',
    label: 'Applications',
    scope: 'organization',
    systemPermissions: [],
    organizationPermissions: ['ViewApps'],
  },
];

interface PermissionSets {
  systemPermissions: readonly SystemPermission[];
  organizationPermissions: readonly OrganizationPermission[];
}

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

/** The administration page a path belongs to (its detail pages included), or null. */
export function adminPageOf(pathname: string): AdminPage | null {
  const path = pathname.replace(/\/+$/, '');
  const matches = adminPages.filter((page) => path === page.path || path.startsWith(`${page.path}/`));
  return matches.sort((a, b) => b.path.length - a.path.length)[0] ?? null;
}
