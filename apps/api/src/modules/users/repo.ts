import type { UserListQuery, UserStatus } from '@crossarm/shared';
import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import type { AdminScope } from '../admin/policy.ts';

export interface UserFilter {
  ids?: string[];
  search?: string;
  status?: UserStatus;
  sortBy?: UserListQuery['sortBy'];
  sortDir?: 'asc' | 'desc';
}

/** Users within the scope: everyone, or the members of one organization. */
function scoped(db: Executor, scope: AdminScope) {
  const query = db.selectFrom('users').leftJoin('organizations', 'organizations.id', 'users.organization_id');
  if (!scope.organizationId) return query;
  const { organizationId } = scope;
  return query.where((eb) =>
    eb.exists(
      eb
        .selectFrom('user_organizations')
        .whereRef('user_organizations.user_id', '=', 'users.id')
        .where('user_organizations.organization_id', '=', organizationId)
        .select(sql`1`.as('one')),
    ),
  );
}

function filtered(db: Executor, scope: AdminScope, filter: UserFilter) {
  let query = scoped(db, scope);
  if (filter.ids?.length) query = query.where('users.id', 'in', filter.ids);
  // Deleted users are kept for history; lists show them only when asked for.
  query = filter.status
    ? query.where('users.status', '=', filter.status)
    : query.where('users.status', '!=', 'Deleted');
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`;
    // Two indexed arms: the user's own text (trigram index), or membership of an organization whose name
    // matches (its ids computed once, then the organization index).
    query = query.where((eb) =>
      eb.or([
        eb(sql`users.email || ' ' || users.first_name || ' ' || users.last_name`, 'ilike', pattern),
        eb(
          'users.organization_id',
          '=',
          sql<string>`ANY(ARRAY(SELECT id FROM organizations WHERE name ILIKE ${pattern}))`,
        ),
      ]),
    );
  }
  return query;
}

const SUMMARY_COLUMNS = [
  'users.id',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.title',
  'users.phone',
  'users.status',
  'users.role',
  'users.organization_id',
  'users.last_sign_in_at',
  'users.created_at',
  'organizations.name as organization_name',
] as const;

/** Rows in order from an offset; lists and exports read through this. */
export async function pageOfUsers(
  db: Executor,
  scope: AdminScope,
  filter: UserFilter,
  limit: number,
  offset: number,
) {
  const sortColumn = {
    name: sql`lower(users.last_name || ' ' || users.first_name)`, // users_name_sort_idx
    email: sql`users.email`,
    status: sql`users.status`,
    organization: sql`lower(coalesce(organizations.name, ''))`,
    lastSignInAt: sql`users.last_sign_in_at`,
    createdAt: sql`users.created_at`,
  }[filter.sortBy ?? 'name'];
  const direction = filter.sortDir ?? 'asc';
  return filtered(db, scope, filter)
    .select(SUMMARY_COLUMNS)
    .orderBy(sql`${sortColumn} ${sql.raw(direction)} NULLS LAST`)
    .orderBy('users.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export type UserSummaryRow = Awaited<ReturnType<typeof pageOfUsers>>[number];

export async function listUsers(
  db: Executor,
  scope: AdminScope,
  filter: UserFilter,
  page: { page: number; pageSize: number },
) {
  const [rows, total] = await Promise.all([
    pageOfUsers(db, scope, filter, page.pageSize, (page.page - 1) * page.pageSize),
    filtered(db, scope, filter)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** A user within the scope, or undefined: outside the scope a user does not exist for the caller. */
export async function findScopedUser(db: Executor, scope: AdminScope, id: string) {
  return scoped(db, scope)
    .where('users.id', '=', id)
    .selectAll('users')
    .select('organizations.name as organization_name')
    .executeTakeFirst();
}

export type ScopedUser = NonNullable<Awaited<ReturnType<typeof findScopedUser>>>;

export async function systemPermissionsOf(db: Executor, userId: string) {
  const rows = await db
    .selectFrom('user_system_permissions')
    .select('permission')
    .where('user_id', '=', userId)
    .orderBy('permission')
    .execute();
  return rows.map((row) => row.permission);
}

/** The organizations a user belongs to, with the permissions held in each. */
export async function membershipsOf(db: Executor, userId: string) {
  return db
    .selectFrom('user_organizations')
    .innerJoin('organizations', 'organizations.id', 'user_organizations.organization_id')
    .leftJoin('user_organization_permissions as p', (join) =>
      join
        .onRef('p.user_id', '=', 'user_organizations.user_id')
        .onRef('p.organization_id', '=', 'user_organizations.organization_id'),
    )
    .where('user_organizations.user_id', '=', userId)
    .groupBy(['organizations.id', 'organizations.name'])
    .select([
      'organizations.id',
      'organizations.name',
      sql<
        string[]
      >`coalesce(array_agg(p.permission ORDER BY p.permission) FILTER (WHERE p.permission IS NOT NULL), '{}')`.as(
        'permissions',
      ),
    ])
    .orderBy('organizations.name')
    .execute();
}

/** Active holders of ManageUsers among system administrators: the last one must stay. */
export async function activeUserManagers(db: Executor) {
  const rows = await db
    .selectFrom('user_system_permissions')
    .innerJoin('users', 'users.id', 'user_system_permissions.user_id')
    .where('user_system_permissions.permission', '=', 'ManageUsers')
    .where('users.status', '=', 'Active')
    .select('users.id')
    .execute();
  return rows.map((row) => row.id);
}

export async function findUserByEmail(db: Executor, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function allowedDomains(db: Executor, organizationId: string) {
  const rows = await db
    .selectFrom('organization_domains')
    .select('domain_name')
    .where('organization_id', '=', organizationId)
    .execute();
  return rows.map((row) => row.domain_name);
}

/**
 * Updates the account that already holds an address with `values`, or creates it from `values` and
 * `onInsert` (what only a new account gets); returns the user's id.
 */
export async function saveUserByEmail(
  db: Executor,
  existingId: string | undefined,
  values: Updateable<UsersTable>,
  onInsert: Insertable<UsersTable>,
) {
  const saved = existingId
    ? await db
        .updateTable('users')
        .set(values)
        .where('id', '=', existingId)
        .returning('id')
        .executeTakeFirstOrThrow()
    : await db
        .insertInto('users')
        .values({ ...onInsert, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
  return saved.id;
}
