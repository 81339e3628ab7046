import { MAX_OPTIONS } from '@crossarm/shared';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { containsPattern } from '../../db/like.ts';
import type { Database } from '../../db/schema.ts';

/** Users who can be picked or assigned: invited or active, never deactivated or deleted. */
const PICKABLE = ['Active', 'Invited'] as const;

const userName = sql<string>`users.first_name || ' ' || users.last_name`;

/**
 * The organizations whose people an organization may see through its projects (optionally one project): on a
 * project it owns, every contributor; on a project it attaches to, the pole owner and itself, never the other
 * attachers. Its own organization is always among them.
 */
export function relatedOrganizations(db: Executor, organizationId: string, projectId?: string) {
  let query = db
    .selectFrom('project_organizations as mine')
    .innerJoin('project_organizations as po', 'po.project_id', 'mine.project_id')
    .select('po.organization_id')
    .where('mine.organization_id', '=', organizationId)
    .where((eb) =>
      eb.or([
        eb('mine.role', '=', 'PoleOwner'),
        eb('po.role', '=', 'PoleOwner'),
        eb('po.organization_id', '=', organizationId),
      ]),
    );
  if (projectId) query = query.where('mine.project_id', '=', projectId);
  return query;
}

function matchingUsers(filter: string | undefined) {
  return (eb: ExpressionBuilder<Database, 'users'>) => {
    if (!filter) return eb.lit(true);
    const pattern = containsPattern(filter);
    return eb.or([eb(userName, 'ilike', pattern), eb('users.email', 'ilike', pattern)]);
  };
}

/** The people of a project the organization may see, with their organization and its role in the project. */
export async function projectUsers(
  db: Executor,
  projectId: string,
  viewer: { organizationId: string; isPoleOwner: boolean },
  filter: string | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('project_organizations as po')
    .innerJoin('organizations as o', 'o.id', 'po.organization_id')
    .innerJoin('user_organizations as m', 'm.organization_id', 'po.organization_id')
    .innerJoin('users', 'users.id', 'm.user_id')
    .where('po.project_id', '=', projectId)
    .where('users.status', 'in', PICKABLE)
    .where(matchingUsers(filter));
  if (!viewer.isPoleOwner) {
    query = query.where((eb) =>
      eb.or([eb('po.role', '=', 'PoleOwner'), eb('po.organization_id', '=', viewer.organizationId)]),
    );
  }
  return query
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.status',
      'users.role',
      'o.id as organization_id',
      'o.name as organization_name',
      'po.role as project_role',
    ])
    .orderBy(sql`lower(${userName})`)
    .orderBy('users.id')
    .orderBy('o.name')
    .limit(limit)
    .execute();
}

/** Users the organization may see (through one project, or through all of them), one entry per person. */
export async function userOptions(
  db: Executor,
  organizationId: string,
  filter: string | undefined,
  projectId?: string,
  ids?: string[],
) {
  if (ids?.length === 0) return [];
  const organizations = relatedOrganizations(db, organizationId, projectId);
  return (
    db
      .selectFrom('users')
      .innerJoin('user_organizations as m', 'm.user_id', 'users.id')
      .innerJoin('organizations as o', 'o.id', 'm.organization_id')
      .where((eb) =>
        eb.or([
          eb('m.organization_id', 'in', organizations),
          ...(projectId ? [] : [eb('m.organization_id', '=', organizationId)]),
        ]),
      )
      .where('users.status', 'in', PICKABLE)
      .where(matchingUsers(filter))
      .$if(ids !== undefined, (query) => query.where('users.id', 'in', ids!))
      .groupBy(['users.id', 'users.first_name', 'users.last_name', 'users.email'])
      .select([
        'users.id',
        userName.as('name'),
        'users.email',
        sql<string>`min(o.name)`.as('organization_name'),
      ])
      .orderBy(sql`lower(${userName})`)
      .orderBy('users.id')
      // A lookup by id answers every id it names; a search the first few.
      .limit(ids?.length ?? MAX_OPTIONS)
      .execute()
  );
}

/**
 * Organizations the caller may see: its own, those it shares projects with (by the same rule as people) and,
 * for someone who sets up projects, every organization that uses Joint Use, so that it can be invited.
 */
export async function organizationOptions(
  db: Executor,
  viewer: { organizationId: string; setsUpProjects: boolean },
  filter: string | undefined,
) {
  return db
    .selectFrom('organizations as o')
    .select(['o.id', 'o.name'])
    .where((eb) =>
      eb.or([
        eb('o.id', '=', viewer.organizationId),
        eb('o.id', 'in', relatedOrganizations(db, viewer.organizationId)),
        ...(viewer.setsUpProjects
          ? [
              eb(
                'o.id',
                'in',
                eb
                  .selectFrom('organization_applications')
                  .select('organization_id')
                  .where('application', '=', 'JointUse'),
              ),
            ]
          : []),
      ]),
    )
    .$if(Boolean(filter), (query) => query.where('o.name', 'ilike', containsPattern(filter ?? '')))
    .orderBy(sql`lower(o.name)`)
    .orderBy('o.id')
    .limit(MAX_OPTIONS)
    .execute();
}
