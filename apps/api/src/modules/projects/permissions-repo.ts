import {
  effectiveProjectPermissions,
  type ProjectPermission,
  type ProjectUserPermissionsQuery,
} from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { containsPattern } from '../../db/like.ts';

/**
 * What a user may do with a project's permits while working for an organization: their own set within the
 * organization's, or the organization's. Nothing when the organization does not take part in the project.
 * Every module that acts on permits asks this.
 */
export async function projectPermissionsOf(
  db: Executor,
  projectId: string,
  userId: string,
  organizationId: string,
): Promise<ProjectPermission[]> {
  const row = await db
    .selectFrom('project_organizations as po')
    .leftJoin('project_user_permissions as u', (join) =>
      join
        .onRef('u.project_id', '=', 'po.project_id')
        .onRef('u.organization_id', '=', 'po.organization_id')
        .on('u.user_id', '=', userId),
    )
    .select(['po.permissions as organization_permissions', 'u.permissions as user_permissions'])
    .where('po.project_id', '=', projectId)
    .where('po.organization_id', '=', organizationId)
    .executeTakeFirst();
  return row ? effectiveProjectPermissions(row.organization_permissions, row.user_permissions) : [];
}

/** One contributor of a project with its name, role and permissions. */
export async function findContributor(db: Executor, projectId: string, organizationId: string) {
  return db
    .selectFrom('project_organizations as po')
    .innerJoin('organizations as o', 'o.id', 'po.organization_id')
    .select(['po.organization_id', 'o.name as organization_name', 'po.role', 'po.permissions'])
    .where('po.project_id', '=', projectId)
    .where('po.organization_id', '=', organizationId)
    .executeTakeFirst();
}

export type ContributorRow = NonNullable<Awaited<ReturnType<typeof findContributor>>>;

export interface ProjectUserFilter {
  ids?: string[];
  search?: string;
  sortBy: ProjectUserPermissionsQuery['sortBy'];
  sortDir: 'asc' | 'desc';
}

/** The organization's people on a project: its members, Deleted ones left out. */
function members(db: Executor, projectId: string, organizationId: string, filter: ProjectUserFilter) {
  let query = db
    .selectFrom('user_organizations as m')
    .innerJoin('users', 'users.id', 'm.user_id')
    .leftJoin('project_user_permissions as u', (join) =>
      join
        .onRef('u.user_id', '=', 'm.user_id')
        .onRef('u.organization_id', '=', 'm.organization_id')
        .on('u.project_id', '=', projectId),
    )
    .where('m.organization_id', '=', organizationId)
    .where('users.status', '!=', 'Deleted');
  if (filter.ids?.length) query = query.where('users.id', 'in', filter.ids);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where(
      sql`users.email || ' ' || users.first_name || ' ' || users.last_name`,
      'ilike',
      pattern,
    );
  }
  return query;
}

/** A stretch of the organization's users with their own set on the project; lists and exports read this. */
export async function pageOfUserPermissions(
  db: Executor,
  projectId: string,
  organizationId: string,
  filter: ProjectUserFilter,
  limit: number,
  offset: number,
) {
  const sortColumn = {
    name: sql`lower(users.last_name || ' ' || users.first_name)`,
    email: sql`users.email`,
  }[filter.sortBy];
  return members(db, projectId, organizationId, filter)
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.status',
      'u.permissions as own_permissions',
    ])
    .orderBy(sortColumn, filter.sortDir)
    .orderBy('users.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export type UserPermissionsRow = Awaited<ReturnType<typeof pageOfUserPermissions>>[number];

export async function countUserPermissions(
  db: Executor,
  projectId: string,
  organizationId: string,
  filter: ProjectUserFilter,
) {
  const row = await members(db, projectId, organizationId, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Takes out of the users' own sets whatever their organization no longer holds. */
export async function narrowUserPermissions(
  db: Executor,
  projectId: string,
  organizationId: string,
  permissions: ProjectPermission[],
) {
  await db
    .updateTable('project_user_permissions')
    .set({
      permissions: sql<ProjectPermission[]>`ARRAY(
        SELECT p FROM unnest(permissions) AS p WHERE p = ANY(${permissions}::text[]))`,
      updated_at: new Date(),
    })
    .where('project_id', '=', projectId)
    .where('organization_id', '=', organizationId)
    .where(sql<boolean>`NOT (permissions <@ ${permissions}::text[])`)
    .execute();
}
