import type { ProjectListQuery, ProjectRole } from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

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
  contributors.as('contributors'),
] as const;

export type ProjectRow = NonNullable<Awaited<ReturnType<typeof findVisibleProject>>>;

/** A project the organization takes part in; any other project does not exist for it. */
export async function findVisibleProject(db: Executor, organizationId: string, projectId: string) {
  return visibleTo(db, organizationId)
    .select(PROJECT_COLUMNS)
    .where('projects.id', '=', projectId)
    .executeTakeFirst();
}

function filtered(db: Executor, organizationId: string, filter: ProjectFilter) {
  let query = visibleTo(db, organizationId);
  if (filter.status !== 'All') query = query.where('projects.status', '=', filter.status);
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`;
    query = query.where((eb) =>
      eb.or([eb('projects.name', 'ilike', pattern), eb('projects.project_code', 'ilike', pattern)]),
    );
  }
  return query;
}

/** A page of the organization's projects, in the asked order, with the total. */
export async function listVisibleProjects(
  db: Executor,
  organizationId: string,
  filter: ProjectFilter,
  page: { page: number; pageSize: number },
) {
  const sortColumn = {
    name: sql`lower(projects.name)`,
    projectCode: sql`lower(projects.project_code)`,
    owner: sql`lower(owner.name)`,
    createdAt: sql`projects.created_at`,
  }[filter.sortBy];
  const [rows, total] = await Promise.all([
    filtered(db, organizationId, filter)
      .select(PROJECT_COLUMNS)
      .orderBy(sortColumn, filter.sortDir)
      .orderBy('projects.id')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    filtered(db, organizationId, filter)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
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
