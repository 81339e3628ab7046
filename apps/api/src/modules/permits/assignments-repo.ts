import { effectiveProjectPermissions } from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** Users who can be assigned or named: invited or active, never deactivated or deleted. */
const PICKABLE = ['Active', 'Invited'] as const;

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
  const rows = await db
    .selectFrom('project_organizations as po')
    .innerJoin('user_organizations as m', 'm.organization_id', 'po.organization_id')
    .innerJoin('users', 'users.id', 'm.user_id')
    .leftJoin('project_user_permissions as u', (join) =>
      join
        .onRef('u.project_id', '=', 'po.project_id')
        .onRef('u.organization_id', '=', 'po.organization_id')
        .onRef('u.user_id', '=', 'users.id'),
    )
    .select([
      'users.id',
      'users.email',
      sql<string>`users.first_name || ' ' || users.last_name`.as('name'),
      'po.permissions as organization_permissions',
      'u.permissions as user_permissions',
    ])
    .where('po.project_id', '=', permit.project_id)
    .where((eb) =>
      eb.or([
        eb('po.role', '=', 'PoleOwner'),
        eb('po.organization_id', '=', permit.applicant_organization_id),
      ]),
    )
    .where('users.status', 'in', PICKABLE)
    .where('users.id', 'in', userIds)
    .execute();
  const seen = new Map<string, { id: string; name: string; email: string }>();
  for (const row of rows) {
    const permissions = effectiveProjectPermissions(row.organization_permissions, row.user_permissions);
    if (permissions.includes('ViewPermits'))
      seen.set(row.id, { id: row.id, name: row.name, email: row.email });
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
