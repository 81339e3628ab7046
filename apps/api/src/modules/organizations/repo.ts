import type { Application, OrganizationListQuery } from '@crossarm/shared';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** Members who are not Deleted. */
const userCount = (eb: ExpressionBuilder<Database, 'organizations'>) =>
  eb
    .selectFrom('user_organizations')
    .innerJoin('users', 'users.id', 'user_organizations.user_id')
    .whereRef('user_organizations.organization_id', '=', 'organizations.id')
    .where('users.status', '!=', 'Deleted')
    .select((inner) => inner.fn.countAll<string>().as('n'));

const applications = (eb: ExpressionBuilder<Database, 'organizations'>) =>
  eb
    .selectFrom('organization_applications')
    .whereRef('organization_applications.organization_id', '=', 'organizations.id')
    .select(sql<Application[]>`coalesce(array_agg(application ORDER BY application), '{}')`.as('apps'));

function selectOrganizations(db: Executor) {
  return db
    .selectFrom('organizations')
    .selectAll('organizations')
    .select((eb) => [userCount(eb).as('user_count'), applications(eb).as('applications')]);
}

export type OrganizationRecord = Awaited<ReturnType<typeof findOrganization>> & {};

export async function findOrganization(db: Executor, id: string) {
  return selectOrganizations(db).where('organizations.id', '=', id).executeTakeFirst();
}

export interface OrganizationFilter {
  ids?: string[];
  search?: string;
  sortBy?: OrganizationListQuery['sortBy'];
  sortDir?: 'asc' | 'desc';
}

function filtered(db: Executor, filter: OrganizationFilter) {
  let query = db.selectFrom('organizations');
  if (filter.ids?.length) query = query.where('organizations.id', 'in', filter.ids);
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`;
    query = query.where((eb) =>
      eb.or([
        eb('organizations.name', 'ilike', pattern),
        eb('organizations.city', 'ilike', pattern),
        eb('organizations.contact_email', 'ilike', pattern),
      ]),
    );
  }
  return query;
}

/** A page of organizations matching the filter, in the asked order, with the total. */
export async function listOrganizations(
  db: Executor,
  filter: OrganizationFilter,
  page: { page: number; pageSize: number },
) {
  const [rows, total] = await Promise.all([
    pageOfOrganizations(db, filter, page.pageSize, (page.page - 1) * page.pageSize),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Rows in order, from an offset; exports read the whole list in such batches. */
export async function pageOfOrganizations(
  db: Executor,
  filter: OrganizationFilter,
  limit: number,
  offset: number,
) {
  const direction = filter.sortDir ?? 'asc';
  const sortColumn = {
    name: sql`lower(organizations.name)`,
    city: sql`lower(coalesce(organizations.city, ''))`,
    createdAt: sql`organizations.created_at`,
    userCount: sql`user_count`,
  }[filter.sortBy ?? 'name'];
  return filtered(db, filter)
    .selectAll('organizations')
    .select((eb) => [userCount(eb).as('user_count'), applications(eb).as('applications')])
    .orderBy(sortColumn, direction)
    .orderBy('organizations.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function nameTaken(db: Executor, name: string, exceptId?: string) {
  let query = db.selectFrom('organizations').select('id').where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

/** What would be lost by deleting an organization: its people, for now. */
export async function organizationHoldings(db: Executor, id: string) {
  const users = await db
    .selectFrom('user_organizations')
    .innerJoin('users', 'users.id', 'user_organizations.user_id')
    .where('user_organizations.organization_id', '=', id)
    .where('users.status', '!=', 'Deleted')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const projects = await db
    .selectFrom('project_organizations')
    .where('organization_id', '=', id)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const permits = await db
    .selectFrom('permits')
    .where('applicant_organization_id', '=', id)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { users: Number(users.n), projects: Number(projects.n), permits: Number(permits.n) };
}

export async function setApplications(db: Executor, id: string, apps: Application[]) {
  await db.deleteFrom('organization_applications').where('organization_id', '=', id).execute();
  if (apps.length) {
    await db
      .insertInto('organization_applications')
      .values([...new Set(apps)].map((application) => ({ organization_id: id, application })))
      .execute();
  }
}

export async function listDomains(db: Executor, organizationId: string) {
  return db
    .selectFrom('organization_domains')
    .select(['domain_name', 'created_at'])
    .where('organization_id', '=', organizationId)
    .orderBy('domain_name')
    .execute();
}
