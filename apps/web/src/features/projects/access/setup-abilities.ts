import type { Project, SystemPermission } from '@crossarm/shared';
import { canManageContributors, projectAbilities } from '../project-abilities';

interface SessionSide {
  systemPermissions: readonly SystemPermission[];
  user: { organizationId: string | null };
}

/** What the caller may do with one contributor organization of a project, read the way the API reads it. */
export interface ContributorAbilities {
  /** See its permissions and restriction: the pole owner sees every contributor, an attacher its own. */
  see: boolean;
  /** Change its permissions and restrict it: the pole owner's project managers. */
  manage: boolean;
  /** See and narrow its people's permissions: the pole owner's project managers, or its own. */
  managePeople: boolean;
}

export function contributorAbilities(
  session: SessionSide,
  project: Pick<Project, 'myRole'>,
  organizationId: string,
): ContributorAbilities {
  const see = project.myRole === 'PoleOwner' || organizationId === session.user.organizationId;
  return {
    see,
    manage: canManageContributors(session, project),
    managePeople: see && projectAbilities(session).manage,
  };
}
