import { randomBytes } from 'node:crypto';
import type {
  Application,
  OrganizationPermission,
  SystemPermission,
  UserRole,
  UserStatus,
} from '@crossarm/shared';
import type { Db } from '../src/db/database.ts';
import { hashPassword } from '../src/identity/passwords.ts';

const unique = () => randomBytes(4).toString('hex');

export interface BuildOrgOptions {
  name?: string;
  applications?: Application[];
}

/** An organization with the given applications enabled (Joint Use by default). */
export async function buildOrg(db: Db, options: BuildOrgOptions = {}) {
  const org = await db
    .insertInto('organizations')
    .values({ name: options.name ?? `Test Utility ${unique()}`, updated_at: new Date() })
    .returningAll()
    .executeTakeFirstOrThrow();
  const applications = options.applications ?? ['JointUse'];
  if (applications.length) {
    await db
      .insertInto('organization_applications')
      .values(applications.map((application) => ({ organization_id: org.id, application })))
      .execute();
  }
  return org;
}

export interface BuildUserOptions {
  organizationId?: string | null;
  email?: string;
  firstName?: string;
  lastName?: string;
  status?: UserStatus;
  role?: UserRole;
  password?: string;
  systemPermissions?: SystemPermission[];
  organizationPermissions?: OrganizationPermission[];
}

/** A user, Active by default, member of the given organization with the given permissions. */
export async function buildUser(db: Db, options: BuildUserOptions = {}) {
  const user = await db
    .insertInto('users')
    .values({
      email: options.email ?? `user-${unique()}@example.test`,
      first_name: options.firstName ?? 'Test',
      last_name: options.lastName ?? 'User',
      status: options.status ?? 'Active',
      role: options.role ?? 'User',
      organization_id: options.organizationId ?? null,
      password_hash: options.password ? await hashPassword(options.password) : null,
      updated_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (options.systemPermissions?.length) {
    await db
      .insertInto('user_system_permissions')
      .values(options.systemPermissions.map((permission) => ({ user_id: user.id, permission })))
      .execute();
  }
  if (options.organizationId) {
    const organizationId = options.organizationId;
    await db
      .insertInto('user_organizations')
      .values({ user_id: user.id, organization_id: organizationId })
      .execute();
    if (options.organizationPermissions?.length) {
      await db
        .insertInto('user_organization_permissions')
        .values(
          options.organizationPermissions.map((permission) => ({
            user_id: user.id,
            organization_id: organizationId,
            permission,
          })),
        )
        .execute();
    }
  }
  return user;
}
