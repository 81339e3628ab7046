import { randomBytes } from 'node:crypto';
import { OrganizationPermission, SystemPermission } from '@crossarm/shared';
import { hashPassword } from '../../identity/passwords.ts';
import { saveUserByEmail } from '../../modules/users/repo.ts';
import type { Db } from '../database.ts';

export interface CreateAdminInput {
  email: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  organizationName: string;
}

export interface CreateAdminResult {
  userId: string;
  organizationId: string;
  created: boolean;
  /** The password to hand over, when one was generated. */
  generatedPassword: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Makes a system administrator with every system permission: a new Active user, or an existing one
 * promoted. Used once on a production database, before anyone can sign in to invite others.
 */
export async function createAdmin(db: Db, input: CreateAdminInput): Promise<CreateAdminResult> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new Error(`"${input.email}" is not an e-mail address`);
  if (input.password !== undefined && input.password.length < 12)
    throw new Error('the password needs at least 12 characters');
  const generatedPassword = input.password ? null : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(input.password ?? generatedPassword!);

  return db.transaction().execute(async (trx) => {
    const organization =
      (await trx
        .selectFrom('organizations')
        .select('id')
        .where('name', '=', input.organizationName)
        .executeTakeFirst()) ??
      (await trx
        .insertInto('organizations')
        .values({ name: input.organizationName, updated_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow());
    const existing = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    const values = {
      status: 'Active' as const,
      role: 'Admin' as const,
      organization_id: organization.id,
      password_hash: passwordHash,
      updated_at: new Date(),
    };
    const user = {
      id: await saveUserByEmail(trx, existing?.id, values, {
        email,
        first_name: input.firstName ?? 'System',
        last_name: input.lastName ?? 'Administrator',
        ...values,
      }),
    };
    await trx
      .insertInto('user_system_permissions')
      .values(SystemPermission.options.map((permission) => ({ user_id: user.id, permission })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto('user_organizations')
      .values({ user_id: user.id, organization_id: organization.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto('user_organization_permissions')
      .values(
        OrganizationPermission.options.map((permission) => ({
          user_id: user.id,
          organization_id: organization.id,
          permission,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    return { userId: user.id, organizationId: organization.id, created: !existing, generatedPassword };
  });
}
