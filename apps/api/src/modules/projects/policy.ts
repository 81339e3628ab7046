import type { ProjectRole } from '@crossarm/shared';
import type { Session } from '../session/session.ts';

/** The caller's side of one project: their organization's role in it. */
interface ProjectSide {
  myRole: ProjectRole;
}

/**
 * Who may do what with projects. Seeing a project takes taking part in it (its organization is a
 * contributor); changing it takes the system permission ManageProjects as well.
 */
export const projectPolicy = {
  create: (session: Session) => session.systemPermissions.has('ManageProjects'),
  manage: (session: Session) => session.systemPermissions.has('ManageProjects'),
  /** The pole owner sees every contributor's permissions; an attacher only its own organization's. */
  seeOrganizationPermissions: (session: Session, project: ProjectSide, organizationId: string) =>
    project.myRole === 'PoleOwner' || organizationId === session.organizationId,
  /**
   * The pole owner's project managers manage the people of any contributor; an attacher's project managers
   * manage their own organization's people.
   */
  managePeople: (session: Session, project: ProjectSide, organizationId: string) =>
    projectPolicy.manage(session) &&
    projectPolicy.seeOrganizationPermissions(session, project, organizationId),
};
