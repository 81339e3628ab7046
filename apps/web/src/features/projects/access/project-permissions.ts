import {
  fullName,
  type ProjectPermission,
  type ProjectRole,
  type ProjectUserPermissions,
  type ProjectUserPermissionsInput,
  projectPermissionsFor,
} from '@crossarm/shared';
import type { PermissionOption } from '../../admin/permission-labels';

/** The project permissions in their order, with what each allows on the project's permits. */
export const projectPermissionOptions: readonly PermissionOption<ProjectPermission>[] = [
  { value: 'ViewPermits', label: 'View permits', description: 'See the permits on the project.' },
  { value: 'CreatePermits', label: 'Create permits', description: 'Apply for new permits.' },
  { value: 'EditPermits', label: 'Edit permits', description: 'Change permits, their tasks and properties.' },
  { value: 'CommentOnPermits', label: 'Comment', description: 'Comment on permits and mention people.' },
  { value: 'ExportPermits', label: 'Export permits', description: 'Download permit lists and files.' },
  {
    value: 'ManagePermits',
    label: 'Manage permits',
    description: 'Approve cancellations, put permits on hold, restrict and delete them.',
  },
];

/** A permission's short name ('View permits'). */
export function projectPermissionLabel(permission: ProjectPermission): string {
  return projectPermissionOptions.find((option) => option.value === permission)?.label ?? permission;
}

/** The permissions an organization in this role can hold: attachers never hold ManagePermits. */
export function permissionOptionsForRole(role: ProjectRole): PermissionOption<ProjectPermission>[] {
  const allowed = projectPermissionsFor(role);
  return projectPermissionOptions.filter((option) => allowed.includes(option.value));
}

/** The permissions a user can be narrowed to: those their organization holds. */
export function permissionOptionsWithin(
  organization: readonly ProjectPermission[],
): PermissionOption<ProjectPermission>[] {
  return projectPermissionOptions.filter((option) => organization.includes(option.value));
}

/** How a person of the people list is named: their name, or their address when they have none. */
export function personName(user: Pick<ProjectUserPermissions, 'firstName' | 'lastName' | 'email'>): string {
  return fullName(user.firstName, user.lastName) || user.email;
}

/** A list of permissions as one line of short names, or 'None'. */
export function permissionSummary(permissions: readonly ProjectPermission[]): string {
  return permissions.length ? permissions.map(projectPermissionLabel).join(', ') : 'None';
}

/** What the people dialog edits: inherit the organization's set, or an own (narrower) set. */
export interface PeopleDraft {
  mode: 'inherit' | 'own';
  permissions: ProjectPermission[];
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/**
 * Where the dialog starts for the chosen people: their own set when they all share one, otherwise the
 * organization's set, inheriting unless every one of them has an own set.
 */
export function initialPeopleDraft(
  users: readonly Pick<ProjectUserPermissions, 'ownPermissions'>[],
  organization: readonly ProjectPermission[],
): PeopleDraft {
  const own = users.map((user) => user.ownPermissions);
  const first = own[0];
  const allOwn = own.length > 0 && own.every((set) => set !== null);
  const shared = first && own.every((set) => set !== null && sameSet(set, first));
  return {
    mode: allOwn ? 'own' : 'inherit',
    permissions: shared ? [...first] : [...organization],
  };
}

/** The change to send for the chosen people; an own set keeps only what the organization holds. */
export function peoplePermissionsChange(
  userIds: readonly string[],
  draft: PeopleDraft,
  organization: readonly ProjectPermission[],
): ProjectUserPermissionsInput['users'] {
  const permissions =
    draft.mode === 'inherit'
      ? null
      : projectPermissionOptions
          .map((option) => option.value)
          .filter((p) => draft.permissions.includes(p) && organization.includes(p));
  return userIds.map((userId) => ({ userId, permissions }));
}
