import type { Session } from '../session/session.ts';

/**
 * Who may do what with projects. Seeing a project takes taking part in it (its organization is a
 * contributor); changing it takes the system permission ManageProjects as well.
 */
export const projectPolicy = {
  create: (session: Session) => session.systemPermissions.has('ManageProjects'),
  manage: (session: Session) => session.systemPermissions.has('ManageProjects'),
};
