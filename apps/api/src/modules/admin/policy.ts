import type { OrganizationPermission, SystemPermission } from '@crossarm/shared';
import type { Session } from '../session/session.ts';

/**
 * Whose users and which organization an administration request acts on: every organization (system
 * administration, by system permissions) or the caller's own (organization administration, by their
 * permissions in it).
 */
export type AdminScope =
  /** By system permissions; with an organization, limited to that organization's members. */
  | { kind: 'system'; organizationId?: string }
  /** By the caller's permissions in their own organization. */
  | { kind: 'organization'; organizationId: string };

const hasSystem = (session: Session, ...permissions: SystemPermission[]) =>
  permissions.some((permission) => session.systemPermissions.has(permission));
const hasOrganization = (session: Session, ...permissions: OrganizationPermission[]) =>
  permissions.some((permission) => session.organizationPermissions.has(permission));

/** The checks of the two permission tables, by scope. Each returns true when the caller may. */
export const adminPolicy = {
  viewOrganizations: (s: Session) => hasSystem(s, 'ViewOrganizations', 'ManageOrganizations'),
  manageOrganizations: (s: Session) => hasSystem(s, 'ManageOrganizations'),
  viewOrganizationInfo: (s: Session) => hasOrganization(s, 'ViewOrganizationInfo', 'ManageOrganizationInfo'),
  manageOrganizationInfo: (s: Session) => hasOrganization(s, 'ManageOrganizationInfo'),
  /** Allowed e-mail domains: read with the organization, changed by security or organization managers. */
  manageDomains: (s: Session) => hasSystem(s, 'ManageSecurity', 'ManageOrganizations'),
  viewUsers: (s: Session, scope: AdminScope) =>
    scope.kind === 'system'
      ? hasSystem(s, 'ViewUsers', 'ManageUsers', 'InviteUsers')
      : hasOrganization(s, 'ViewUsers', 'ManageUsers'),
  inviteUsers: (s: Session, scope: AdminScope) =>
    scope.kind === 'system' ? hasSystem(s, 'InviteUsers', 'ManageUsers') : hasOrganization(s, 'ManageUsers'),
  resetPassword: (s: Session, scope: AdminScope) =>
    scope.kind === 'system' ? hasSystem(s, 'InviteUsers', 'ManageUsers') : hasOrganization(s, 'ManageUsers'),
  resetMfa: (s: Session, scope: AdminScope) =>
    scope.kind === 'system'
      ? hasSystem(s, 'ManageSecurity', 'ManageUsers')
      : hasOrganization(s, 'ManageUsers'),
  manageUsers: (s: Session, scope: AdminScope) =>
    scope.kind === 'system' ? hasSystem(s, 'ManageUsers') : hasOrganization(s, 'ManageUsers'),
  viewApps: (s: Session, scope: AdminScope) =>
    scope.kind === 'system'
      ? hasSystem(s, 'ViewApps', 'ManageOrganizations')
      : hasOrganization(s, 'ViewApps'),
};

/** Organization administration always acts on the caller's own organization. */
export function ownOrganizationScope(session: Session): AdminScope & { kind: 'organization' } {
  return { kind: 'organization', organizationId: session.organizationId! };
}
