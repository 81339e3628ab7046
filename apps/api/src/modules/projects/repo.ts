import {
  MAX_OPTIONS,
  type ProjectListQuery,
  type ProjectPermission,
  type ProjectRole,
} from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { containsPattern } from '../../db/like.ts';

export interface ProjectFilter {
  search?: string;
  status: ProjectListQuery['status'];
  sortBy: ProjectListQuery['sortBy'];
  sortDir: 'asc' | 'desc';
}

/**
 * The projects an organization takes part in, with its role. Tenancy comes first: every project query
 * starts from the caller's organization's contributions.
 */
function visibleTo(db: Executor, organizationId: string) {
  return db
    .selectFrom('project_organizations as mine')
    .innerJoin('projects', 'projects.id', 'mine.project_id')
    .innerJoin('organizations as owner', 'owner.id', 'projects.owner_organization_id')
    .where('mine.organization_id', '=', organizationId);
}

const contributors = sql<{ organizationId: string; organizationName: string; role: ProjectRole }[]>`(
  SELECT coalesce(json_agg(json_build_object('organizationId', o.id, 'organizationName', o.name, 'role', po.role)
    ORDER BY po.role DESC, o.name), '[]')
  FROM project_organizations po JOIN organizations o ON o.id = po.organization_id
  WHERE po.project_id = projects.id)`;

const PROJECT_COLUMNS = [
  'projects.id',
  'projects.name',
  'projects.project_code',
  'projects.description',
  'projects.status',
  'projects.owner_organization_id',
  'projects.created_at',
  'projects.updated_at',
  'projects.archived_at',
  'owner.name as owner_name',
  'mine.role as my_role',
  'mine.permissions as organization_permissions',
  contributors.as('contributors'),
] as const;

/** The user's own set on the project within their organization, or null when they inherit its set. */
const userPermissions = (userId: string | null) =>
  sql<ProjectPermission[] | null>`(
    SELECT u.permissions FROM project_user_permissions u
    WHERE u.project_id = projects.id AND u.organization_id = mine.organization_id AND u.user_id = ${userId})`.as(
    'user_permissions',
  );

/**
 * How many of the project's permits the organization sees, and how many are open (not Cancelled or
 * Completed): all of them for its pole owner, its own for an attacher. Each branch counts from the index on
 * (project, applicant, status) alone, and only the branch of the organization's role runs.
 */
const permitCounts = () => {
  const counted = sql`json_build_object('total', count(*)::int,
    'open', (count(*) FILTER (WHERE p.status NOT IN ('Cancelled', 'Completed')))::int)`;
  return sql<{ total: number; open: number }>`CASE WHEN mine.role = 'PoleOwner'
    THEN (SELECT ${counted} FROM permits p WHERE p.project_id = projects.id)
    ELSE (SELECT ${counted} FROM permits p
      WHERE p.project_id = projects.id AND p.applicant_organization_id = mine.organization_id) END`.as(
    'permit_counts',
  );
};

export type ProjectRow = NonNullable<Awaited<ReturnType<typeof findVisibleProject>>>;
/** A project as the caller is shown it: with the permit counts it sees. */
export type ShownProjectRow = NonNullable<Awaited<ReturnType<typeof findShownProject>>>;

/**
 * A project the organization takes part in; any other project does not exist for it. With a user, the row
 * carries that user's own permission set too (else it reads as inheriting the organization's).
 */
export async function findVisibleProject(
  db: Executor,
  organizationId: string,
  projectId: string,
  userId: string | null = null,
) {
  return visibleTo(db, organizationId)
    .select(PROJECT_COLUMNS)
    .select(userPermissions(userId))
    .where('projects.id', '=', projectId)
    .executeTakeFirst();
}

/** `findVisibleProject` for many projects in one statement; the projects not visible are left out. */
export async function findVisibleProjects(
  db: Executor,
  organizationId: string,
  projectIds: string[],
  userId: string | null = null,
) {
  if (projectIds.length === 0) return [];
  return visibleTo(db, organizationId)
    .select(PROJECT_COLUMNS)
    .select(userPermissions(userId))
    .where('projects.id', 'in', projectIds)
    .execute();
}

/** A project the organization takes part in, with the user's own permissions and the permit counts it sees. */
export async function findShownProject(
  db: Executor,
  organizationId: string,
  projectId: string,
  userId: string,
) {
  return visibleTo(db, organizationId)
    .select(PROJECT_COLUMNS)
    .select(userPermissions(userId))
    .select(permitCounts())
    .where('projects.id', '=', projectId)
    .executeTakeFirst();
}

function filtered(db: Executor, organizationId: string, filter: ProjectFilter) {
  let query = visibleTo(db, organizationId);
  if (filter.status !== 'All') query = query.where('projects.status', '=', filter.status);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) =>
      eb.or([eb('projects.name', 'ilike', pattern), eb('projects.project_code', 'ilike', pattern)]),
    );
  }
  return query;
}

/** The organization's projects in the asked order from an offset; the list and its export read through this. */
export async function pageOfVisibleProjects(
  db: Executor,
  scope: { organizationId: string; userId: string },
  filter: ProjectFilter,
  limit: number,
  offset: number,
) {
  const sortColumn = {
    name: sql`lower(projects.name)`,
    projectCode: sql`lower(projects.project_code)`,
    owner: sql`lower(owner.name)`,
    createdAt: sql`projects.created_at`,
  }[filter.sortBy];
  return filtered(db, scope.organizationId, filter)
    .select(PROJECT_COLUMNS)
    .select(userPermissions(scope.userId))
    .select(permitCounts())
    .orderBy(sortColumn, filter.sortDir)
    .orderBy('projects.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** A page of the organization's projects, in the asked order, with the total. */
export async function listVisibleProjects(
  db: Executor,
  scope: { organizationId: string; userId: string },
  filter: ProjectFilter,
  page: { page: number; pageSize: number },
) {
  const [rows, total] = await Promise.all([
    pageOfVisibleProjects(db, scope, filter, page.pageSize, (page.page - 1) * page.pageSize),
    filtered(db, scope.organizationId, filter)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The organization's projects whose name contains the filter, by name, for pickers. */
export async function projectOptions(db: Executor, organizationId: string, filter: string | undefined) {
  return visibleTo(db, organizationId)
    .select(['projects.id', 'projects.name'])
    .$if(Boolean(filter), (query) => query.where('projects.name', 'ilike', containsPattern(filter ?? '')))
    .orderBy(sql`lower(projects.name)`)
    .orderBy('projects.id')
    .limit(MAX_OPTIONS)
    .execute();
}

/** "First Last" of the user joined as `alias`, or null when the user is gone. */
export function fullName(alias: string) {
  const first = sql.ref(`${alias}.first_name`);
  const last = sql.ref(`${alias}.last_name`);
  return sql<string | null>`nullif(trim(coalesce(${first}, '') || ' ' || coalesce(${last}, '')), '')`;
}

export async function codeTaken(db: Executor, ownerOrganizationId: string, code: string, exceptId?: string) {
  let query = db
    .selectFrom('projects')
    .select('id')
    .where('owner_organization_id', '=', ownerOrganizationId)
    .where(sql`lower(project_code)`, '=', code.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}
