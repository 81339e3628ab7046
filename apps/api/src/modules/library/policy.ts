import type { Session } from '../session/session.ts';

/** Who may look at the applications and their libraries: system administrators who view or manage them. */
export function canViewLibrary(session: Session): boolean {
  return session.systemPermissions.has('ViewApps') || session.systemPermissions.has('ManageLibrary');
}

/** Who may create, edit, archive, unarchive and delete library entries. */
export function canManageLibrary(session: Session): boolean {
  return session.systemPermissions.has('ManageLibrary');
}

/**
 * Who may read the active entries a workflow template is built from: anyone signed in. Entries are
 * platform-wide building blocks, not any organization's data, and template designers of every organization
 * need them.
 */
export function canUseLibrary(_session: Session): boolean {
  return true;
}
