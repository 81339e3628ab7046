import type { Project, SystemPermission } from '@crossarm/shared';
import { canManageContributors } from '../projects/project-abilities';

/**
 * Workflow templates are designed by the pole owner's project managers, the same people who manage the
 * project's contributors; attachers only read published versions.
 */
export function canDesignWorkflows(
  session: { systemPermissions: readonly SystemPermission[] },
  project: Pick<Project, 'myRole'>,
): boolean {
  return canManageContributors(session, project);
}
