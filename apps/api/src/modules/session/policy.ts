import type { Session } from './session.ts';

/**
 * Who may see another user's card: themselves, members of the same organization, and system
 * administrators who may view users. People in other organizations are reached through shared work
 * (projects and permits), which widens this rule when those exist.
 */
export function canSeeUser(
  session: Session,
  target: { id: string; organization_id: string | null },
): boolean {
  if (target.id === session.user.id) return true;
  if (session.systemPermissions.has('ViewUsers') || session.systemPermissions.has('ManageUsers')) return true;
  return target.organization_id !== null && target.organization_id === session.organizationId;
}
