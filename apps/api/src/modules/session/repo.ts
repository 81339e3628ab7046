import type { Application, OrganizationPermission, SystemPermission } from '@crossarm/shared';
import type { Executor } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';

/** Finds the user a token speaks for: by linked subject, or by id for tokens of the embedded provider. */
export async function findUserBySubject(db: Executor, subject: string, subjectIsUserId: boolean) {
  const byLink = await db
    .selectFrom('users')
    .selectAll()
    .where('identity_subject', '=', subject)
    .executeTakeFirst();
  if (byLink || !subjectIsUserId || !isUuid(subject)) return byLink ?? null;
  return (await db.selectFrom('users').selectAll().where('id', '=', subject).executeTakeFirst()) ?? null;
}

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
