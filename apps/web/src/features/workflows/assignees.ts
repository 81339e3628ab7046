import type { DefaultAssignee, ProjectRole } from '@crossarm/shared';

// Default assignees as the picker holds them: one string per person or organization role.

const ROLE_PREFIX = 'role:';
const USER_PREFIX = 'user:';

/** Everyone of an organization role, in words. */
export const ROLE_ASSIGNEE_LABELS: Record<ProjectRole, string> = {
  PoleOwner: 'Everyone at the pole owner',
  AttacherOrg: 'Everyone at the applying attacher',
};

/** The picker's value of an assignee. */
export const assigneeValue = (assignee: DefaultAssignee) =>
  assignee.kind === 'User' ? `${USER_PREFIX}${assignee.userId}` : `${ROLE_PREFIX}${assignee.role}`;

/** The assignee a picker value stands for, or null for a value it did not make. */
export function assigneeOf(value: string): DefaultAssignee | null {
  if (value.startsWith(USER_PREFIX)) return { kind: 'User', userId: value.slice(USER_PREFIX.length) };
  const role = value.slice(ROLE_PREFIX.length);
  if (value.startsWith(ROLE_PREFIX) && (role === 'PoleOwner' || role === 'AttacherOrg')) {
    return { kind: 'OrganizationRole', role };
  }
  return null;
}
