import type { Application, OrganizationPermission, SystemPermission } from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { PREPARED } from '../../db/prepared.ts';
import type { UserRow } from '../../db/schema.ts';

/** Links an external provider's subject to the user with that e-mail, on their first call. */
export async function linkSubjectByEmail(db: Executor, subject: string, email: string) {
  return (
    (await db
      .updateTable('users')
      .set({ identity_subject: subject, updated_at: new Date() })
      .where('email', '=', email.toLowerCase())
      .where('identity_subject', 'is', null)
      .where('status', '!=', 'Deleted')
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

/**
 * The number the database moves whenever something a session is read from changes (the user, their
 * permissions, their working organization and its applications; see the migration adding
 * `session_version`). The same number means the same session.
 */
export const SESSION_VERSION_SQL = sql`(SELECT v.version FROM session_version v)`;

export interface SessionGrants {
  systemPermissions: SystemPermission[];
  organizationPermissions: OrganizationPermission[];
  organization: { id: string; name: string; applications: Application[] } | null;
}

/** Loads what a user may do: system permissions, and their working organization with its permissions. */
export async function loadGrants(db: Executor, user: UserRow): Promise<SessionGrants> {
  const systemRows = await db
    .selectFrom('user_system_permissions')
    .select('permission')
    .where('user_id', '=', user.id)
    .orderBy('permission')
    .execute();
  if (!user.organization_id) {
    return {
      systemPermissions: systemRows.map((r) => r.permission),
      organizationPermissions: [],
      organization: null,
    };
  }
  const [organization, orgPermissionRows, applicationRows] = await Promise.all([
    db
      .selectFrom('organizations')
      .select(['id', 'name'])
      .where('id', '=', user.organization_id)
      .executeTakeFirst(),
    db
      .selectFrom('user_organization_permissions')
      .select('permission')
      .where('user_id', '=', user.id)
      .where('organization_id', '=', user.organization_id)
      .orderBy('permission')
      .execute(),
    db
      .selectFrom('organization_applications')
      .select('application')
      .where('organization_id', '=', user.organization_id)
      .orderBy('application')
      .execute(),
  ]);
  return {
    systemPermissions: systemRows.map((r) => r.permission),
    organizationPermissions: orgPermissionRows.map((r) => r.permission),
    organization: organization
      ? { ...organization, applications: applicationRows.map((r) => r.application) }
      : null,
  };
}

/**
 * The user a token speaks for (by linked subject, or by id for tokens of the embedded provider) with what
 * `loadGrants` loads for them: one statement for what every authenticated request needs, parsed once per
 * connection (see `PREPARED`), with the session version it was read at (see `SESSION_VERSION_SQL`). Null when
 * no user matches.
 */
export async function loadSessionBySubject(
  db: Executor,
  subject: string,
  subjectIsUserId: boolean,
): Promise<{ user: UserRow; grants: SessionGrants; version: string } | null> {
  const byId = subjectIsUserId && isUuid(subject) ? subject : null;
  const result = await sql<
    UserRow & {
      session_rank: number;
      session_system_permissions: SystemPermission[];
      session_organization_permissions: OrganizationPermission[];
      session_organization_name: string | null;
      session_applications: Application[];
      session_version: string;
    }
  >`${PREPARED} WITH found AS (
      (SELECT u.*, 0 AS session_rank FROM users u WHERE u.identity_subject = ${subject}
        UNION ALL
        SELECT u.*, 1 AS session_rank FROM users u WHERE u.id = ${byId}::uuid)
      ORDER BY session_rank LIMIT 1)
    SELECT found.*,
      coalesce((SELECT json_agg(sp.permission ORDER BY sp.permission) FROM user_system_permissions sp
        WHERE sp.user_id = found.id), '[]') AS session_system_permissions,
      coalesce((SELECT json_agg(op.permission ORDER BY op.permission) FROM user_organization_permissions op
        WHERE op.user_id = found.id AND op.organization_id = found.organization_id), '[]')
        AS session_organization_permissions,
      o.name AS session_organization_name,
      coalesce((SELECT json_agg(oa.application ORDER BY oa.application) FROM organization_applications oa
        WHERE oa.organization_id = found.organization_id), '[]') AS session_applications,
      ${SESSION_VERSION_SQL}::text AS session_version
    FROM found LEFT JOIN organizations o ON o.id = found.organization_id`.execute(db);
  const row = result.rows[0];
  if (!row) return null;
  const {
    session_rank: _rank,
    session_system_permissions: systemPermissions,
    session_organization_permissions: organizationPermissions,
    session_organization_name: organizationName,
    session_applications: applications,
    session_version: version,
    ...user
  } = row;
  if (!user.organization_id) {
    return { user, grants: { systemPermissions, organizationPermissions: [], organization: null }, version };
  }
  return {
    user,
    version,
    grants: {
      systemPermissions,
      organizationPermissions,
      organization:
        organizationName === null ? null : { id: user.organization_id, name: organizationName, applications },
    },
  };
}

export async function markSignedIn(db: Executor, userId: string) {
  await db.updateTable('users').set({ last_sign_in_at: new Date() }).where('id', '=', userId).execute();
}

export async function setDarkMode(db: Executor, userId: string, darkMode: boolean) {
  await db
    .updateTable('users')
    .set({ dark_mode: darkMode, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export async function findUserHeader(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.title',
      'users.status',
      'users.organization_id',
      'organizations.name as organization_name',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
