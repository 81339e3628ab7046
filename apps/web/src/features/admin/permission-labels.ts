import type { OrganizationPermission, SystemPermission } from '@crossarm/shared';

export interface PermissionOption<P extends string> {
  value: P;
  label: string;
  description: string;
}

/** The nine system permissions in their order, with what each allows. */
export const systemPermissionOptions: readonly PermissionOption<SystemPermission>[] = [
  {
    value: 'ViewOrganizations',
    label: 'View organizations',
    description: 'Open Administration and see every organization.',
  },
  {
    value: 'ManageOrganizations',
    label: 'Manage organizations',
    description: 'Create, edit and delete organizations; turn their applications on and off.',
  },
  { value: 'ViewUsers', label: 'View users', description: 'See the users of every organization, read only.' },
  {
    value: 'InviteUsers',
    label: 'Invite users',
    description: 'Invite users into an organization and send password reset links.',
  },
  {
    value: 'ManageUsers',
    label: 'Manage users',
    description: 'Edit users, their permissions and memberships; activate, deactivate and reset them.',
  },
  { value: 'ManageProjects', label: 'Manage projects', description: 'Create, set up and archive projects.' },
  { value: 'ManageLibrary', label: 'Manage library', description: 'Create and change library entries.' },
  {
    value: 'ManageSecurity',
    label: 'Manage security',
    description: 'Single sign-on, allowed domains, and resetting second factors.',
  },
  { value: 'ViewApps', label: 'View apps', description: 'See applications and libraries.' },
];

/** The five organization permissions in their order, with what each allows. */
export const organizationPermissionOptions: readonly PermissionOption<OrganizationPermission>[] = [
  {
    value: 'ViewOrganizationInfo',
    label: 'View organization info',
    description: 'Open Administration and see the organization.',
  },
  {
    value: 'ManageOrganizationInfo',
    label: 'Manage organization info',
    description: "Edit the organization's profile.",
  },
  { value: 'ViewUsers', label: 'View users', description: "See the organization's users." },
  {
    value: 'ManageUsers',
    label: 'Manage users',
    description: 'Invite, edit, deactivate and reset users of the organization.',
  },
  { value: 'ViewApps', label: 'View apps', description: 'See enabled applications and their user counts.' },
];
