import type { OrganizationPermission, SystemPermission } from '@crossarm/shared';

interface PermissionSets {
  systemPermissions: readonly SystemPermission[];
  organizationPermissions: readonly OrganizationPermission[];
}

/** What the signed-in user may do in system administration (every organization). */
export interface SystemAbilities {
  viewOrganizations: boolean;
  manageOrganizations: boolean;
  manageDomains: boolean;
  viewUsers: boolean;
  inviteUsers: boolean;
  resetPassword: boolean;
  resetMfa: boolean;
  manageUsers: boolean;
}

/** What the signed-in user may do in the administration of their own organization. */
export interface OrganizationAbilities {
  viewInfo: boolean;
  manageInfo: boolean;
  viewUsers: boolean;
  /** Invite, edit, activate and deactivate, reset, remove, and set permissions. */
  manageUsers: boolean;
  viewApps: boolean;
}

/** The system permission table, read the way the API reads it. */
export function systemAbilities(session: PermissionSets): SystemAbilities {
  const has = (...permissions: SystemPermission[]) =>
    permissions.some((permission) => session.systemPermissions.includes(permission));
  return {
    viewOrganizations: has('ViewOrganizations', 'ManageOrganizations'),
    manageOrganizations: has('ManageOrganizations'),
    manageDomains: has('ManageSecurity', 'ManageOrganizations'),
    viewUsers: has('ViewUsers', 'ManageUsers', 'InviteUsers'),
    inviteUsers: has('InviteUsers', 'ManageUsers'),
    resetPassword: has('InviteUsers', 'ManageUsers'),
    resetMfa: has('ManageSecurity', 'ManageUsers'),
    manageUsers: has('ManageUsers'),
  };
}

/** The organization permission table, read the way the API reads it. */
export function organizationAbilities(session: PermissionSets): OrganizationAbilities {
  const has = (...permissions: OrganizationPermission[]) =>
    permissions.some((permission) => session.organizationPermissions.includes(permission));
  return {
    viewInfo: has('ViewOrganizationInfo', 'ManageOrganizationInfo'),
    manageInfo: has('ManageOrganizationInfo'),
    viewUsers: has('ViewUsers', 'ManageUsers'),
    manageUsers: has('ManageUsers'),
    viewApps: has('ViewApps'),
  };
}
