import { effectiveProjectPermissions, type ProjectPermission } from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** Users who can be assigned or named: invited or active, never deactivated or deleted. */
const PICKABLE = ['Active', 'Invited'] as const;

/**
 * The members of a permit's pole owner and applicant organizations with their project permissions (the
 * organization's set and their own narrowing): who may see the permit is decided on these.
 */
export function permitPeople(
  db: Executor,
  permit: { project_id: string; applicant_organization_id: string },
) {
  return db
    .selectFrom('project_organizations as po')
    .innerJoin('user_organizations as m', 'm.organization_id', 'po.organization_id')
    .innerJoin('users', 'users.id', 'm.user_id')
    .leftJoin('project_user_permissions as own', (join) =>
      join
        .onRef('own.project_id', '=', 'po.project_id')
        .onRef('own.organization_id', '=', 'po.organization_id')
        .onRef('own.user_id', '=', 'users.id'),
    )
    .select([
      'users.id',
      'users.email',
      'po.permissions as organizationPermissions',
      'own.permissions as userPermissions',
    ])
    .where('po.project_id', '=', permit.project_id)
    .where((eb) =>
      eb.or([
        eb('po.role', '=', 'PoleOwner'),
        eb('po.organization_id', '=', permit.applicant_organization_id),
      ]),
    );
}

/** Whether a row of `permitPeople` may see the project's permits. */
export const seesPermits = (row: {
  organizationPermissions: ProjectPermission[];
  userPermissions: ProjectPermission[] | null;
}) => effectiveProjectPermissions(row.organizationPermissions, row.userPermissions).includes('ViewPermits');

/**
 * Of the given people, those who see the permit: members of the project's pole owner or of the applicant
 * organization, who may see the project's permits there. Anyone else (another attacher's people, an
 * outsider, someone without ViewPermits) is left out.
 */
export async function permitViewers(
  db: Executor,
  permit: { project_id: string; applicant_organization_id: string },
  userIds: string[],
) {
  if (userIds.length === 0) return [];
  const rows = await permitPeople(db, permit)
    .select(sql<string>`users.first_name || ' ' || users.last_name`.as('name'))
    .where('users.status', 'in', PICKABLE)
    .where('users.id', 'in', userIds)
    .execute();
  const seen = new Map<string, { id: string; name: string; email: string }>();
  for (const row of rows) {
    if (seesPermits(row)) seen.set(row.id, { id: row.id, name: row.name, email: row.email });
  }
  return [...seen.values()];
}

/** The people assigned to a permit's task, by name. */
export async function taskAssignees(db: Executor, permitId: string, taskKey: string) {
  return db
    .selectFrom('permit_task_assignments as a')
    .innerJoin('users', 'users.id', 'a.user_id')
    .select(['users.id', 'users.email', sql<string>`users.first_name || ' ' || users.last_name`.as('name')])
    .where('a.permit_id', '=', permitId)
    .where('a.task_key', '=', taskKey)
    .orderBy('name')
    .orderBy('users.id')
    .execute();
}
