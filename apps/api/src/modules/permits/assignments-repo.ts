import { effectiveProjectPermissions, type ProjectPermission } from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** Where a permit is: who may see it depends on its project and its applicant. */
type PermitPlace = { project_id: string; applicant_organization_id: string };

/** Users who can be assigned or named: invited or active, never deactivated or deleted. */
const PICKABLE = ['Active', 'Invited'] as const;

/**
 * The members of the organizations of some projects with their project permissions (the organization's set
 * and their own narrowing), with the project, the organization and its role there.
 */
function projectPeople(db: Executor) {
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
    ]);
}

/**
 * The members of a permit's pole owner and applicant organizations with their project permissions (the
 * organization's set and their own narrowing): who may see the permit is decided on these.
 */
export function permitPeople(db: Executor, permit: PermitPlace) {
  return projectPeople(db)
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
export async function permitViewers(db: Executor, permit: PermitPlace, userIds: string[]) {
  return (await permitViewersAmong(db, [permit], userIds)).get(viewersKey(permit))!;
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

/** The key `permitViewersAmong` answers a permit's viewers by: its project and applicant. */
export const viewersKey = (permit: PermitPlace) =>
  `${permit.project_id}/${permit.applicant_organization_id}`.toLowerCase();

/**
 * `permitViewers` for many permits in one statement: of the given people, those who see each permit, by
 * `viewersKey` (permits of the same project and applicant have the same viewers).
 */
export async function permitViewersAmong(db: Executor, permits: PermitPlace[], userIds: string[]) {
  const viewers = new Map<string, { id: string; name: string; email: string }[]>();
  const places = new Map(permits.map((permit) => [viewersKey(permit), permit]));
  if (userIds.length === 0 || places.size === 0) {
    for (const key of places.keys()) viewers.set(key, []);
    return viewers;
  }
  const rows = await projectPeople(db)
    .select([
      'po.project_id',
      'po.organization_id',
      'po.role',
      sql<string>`users.first_name || ' ' || users.last_name`.as('name'),
    ])
    .where(sql<boolean>`po.project_id = ANY(${[...new Set(permits.map((p) => p.project_id))]}::uuid[])`)
    .where((eb) =>
      eb.or([
        eb('po.role', '=', 'PoleOwner'),
        sql<boolean>`po.organization_id = ANY(${[...new Set(permits.map((p) => p.applicant_organization_id))]}::uuid[])`,
      ]),
    )
    .where('users.status', 'in', PICKABLE)
    .where('users.id', 'in', userIds)
    .execute();
  for (const [key, place] of places) {
    const seen = new Map<string, { id: string; name: string; email: string }>();
    for (const row of rows) {
      // The database writes ids in lower case; a caller's may come as sent.
      const member =
        row.project_id === place.project_id.toLowerCase() &&
        (row.role === 'PoleOwner' || row.organization_id === place.applicant_organization_id.toLowerCase());
      if (member && seesPermits(row)) seen.set(row.id, { id: row.id, name: row.name, email: row.email });
    }
    viewers.set(key, [...seen.values()]);
  }
  return viewers;
}
