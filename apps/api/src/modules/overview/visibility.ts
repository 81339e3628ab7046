import type { ProjectPermission } from '@crossarm/shared';
import { sql } from 'kysely';
import type { ServiceContext } from '../../http/context.ts';
import type { VisibleProjects } from './catalogue.ts';
import type { Sql } from './column-sql.ts';
import { FACT_TEXT, holdsAny } from './facts.ts';
import type { FilterScope } from './filter-sql.ts';

/**
 * Who is asking: the caller's working organization and the caller, and the time zone whose calendar days its
 * filters name (UTC when not given).
 */
export interface OverviewScope {
  organizationId: string;
  userId: string;
  timeZone?: string;
}

export const scopeOf = (ctx: ServiceContext): OverviewScope => ({
  organizationId: ctx.session.organizationId!,
  userId: ctx.session.user.id,
  timeZone: ctx.timeZone,
});

/**
 * The projects where the caller holds a project permission (by default ViewPermits: the projects whose
 * permits it may see), with whether the caller's organization is their pole owner: the organization takes
 * part in the project, and the permission is in its project permissions and in the caller's own set when the
 * caller has one (a user's set narrows the organization's).
 */
export function visibleProjects(scope: OverviewScope, permission: ProjectPermission = 'ViewPermits') {
  return sql<{ project_id: string; pole_owner: boolean }>`(
    SELECT mine.project_id, mine.role = 'PoleOwner' AS pole_owner
    FROM project_organizations mine
    LEFT JOIN project_user_permissions mine_user
      ON mine_user.project_id = mine.project_id
      AND mine_user.organization_id = mine.organization_id
      AND mine_user.user_id = ${scope.userId}
    WHERE mine.organization_id = ${scope.organizationId}
      AND ${permission} = ANY (mine.permissions)
      AND (mine_user.user_id IS NULL OR ${permission} = ANY (mine_user.permissions)))`;
}

/**
 * `FROM` every permit the caller may see, as `p` with its project as `pr` and `joins` after them (more
 * conditions follow with AND):
 * all permits of the projects it sees as their pole owner, and only its own organization's permits
 * elsewhere. It is the set-wise form of the check every single-permit endpoint makes (`requirePermit`).
 * Both sides compare `p.project_id` with a list computed once, so each can be read from the permits index
 * on (project, applicant, status), or the planner walks all permits in the asked order and stops once a
 * page is full.
 */
export function visiblePermits(scope: OverviewScope, joins: Sql = sql``) {
  return sql`permits p JOIN projects pr ON pr.id = p.project_id ${joins} WHERE ${isVisible(scope)}`;
}

/** The condition on a permit `p` that `visiblePermits` applies, for reads that reach permits from elsewhere. */
export function isVisible(scope: OverviewScope) {
  const projects = visibleProjects(scope);
  return sql`(p.project_id = ANY (ARRAY(SELECT vp.project_id FROM ${projects} vp WHERE vp.pole_owner))
      OR (p.applicant_organization_id = ${scope.organizationId}
        AND p.project_id = ANY (ARRAY(SELECT vp.project_id FROM ${projects} vp))))`;
}

/**
 * The condition on `p` (or on `q`, the permits a search reads) that keeps the permits the caller sees, given
 * the projects `loadOverviewContext` found (the same rule as `visiblePermits`, with the project lists bound as
 * parameters): each side is a plain list of projects that an index on the permits' project serves, and a side
 * with no project is left out.
 */
export function visibleAmong(
  scope: OverviewScope,
  projects: VisibleProjects,
  alias: 'p' | 'q' | 'f' = 'p',
): Sql {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const sides: Sql[] = [];
  if (projects.owned.length > 0) sides.push(sql`${column('project_id')} = ANY (${projects.owned}::uuid[])`);
  if (projects.attached.length > 0) {
    sides.push(
      sql`(${column('project_id')} = ANY (${projects.attached}::uuid[]) AND ${column('applicant_organization_id')} = ${scope.organizationId})`,
    );
  }
  return sides.length === 0 ? sql`FALSE` : sql`(${sql.join(sides, sql` OR `)})`;
}

/**
 * How a filter reads for the caller (see `FilterScope`): the visible projects, the caller's time zone, and
 * the facts `f` of the permits the caller sees (`visibleAmong`, and a token of one of the projects, which the
 * facts' index reads together with a filter's tokens).
 */
export const filterScopeOf = (scope: OverviewScope, projects: VisibleProjects): FilterScope => ({
  projects: projectList(projects),
  timeZone: scope.timeZone,
  facts: sql`${visibleAmong(scope, projects, 'f')} AND ${holdsAny(
    [...projects.owned, ...projects.attached].map(FACT_TEXT.project),
  )}`,
});

/** Every project of `projects` as one `uuid[]` parameter. */
export const projectList = (projects: VisibleProjects): Sql =>
  sql`${[...projects.owned, ...projects.attached]}::uuid[]`;
