import type { Project, SystemPermission } from '@crossarm/shared';

interface PermissionHolder {
  systemPermissions: readonly SystemPermission[];
}

/** What the signed-in user may do with projects, read the way the API reads it. */
export interface ProjectAbilities {
  /** Start a new project (owned by the user's organization). */
  create: boolean;
  /** Edit, archive and unarchive a project the organization takes part in. */
  manage: boolean;
}

export function projectAbilities(session: PermissionHolder): ProjectAbilities {
  const manage = session.systemPermissions.includes('ManageProjects');
  return { create: manage, manage };
}

/** Contributors are managed from the pole owner's side only, by someone who manages projects. */
export function canManageContributors(session: PermissionHolder, project: Pick<Project, 'myRole'>): boolean {
  return projectAbilities(session).manage && project.myRole === 'PoleOwner';
}
