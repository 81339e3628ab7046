import { type SystemPermission, type UserDetail, UserProfileInput, type UserRole } from '@crossarm/shared';
import { sql } from 'kysely';
import type { Trx } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { type FormInput, parseFields } from '../../http/form.ts';
import { userSessionInvalid } from '../../realtime/outbox.ts';
import { type AdminScope, adminPolicy } from '../admin/policy.ts';
import { recordAudit } from '../audit/audit.ts';
import { storeImage } from '../files/images.ts';
import { auditableUser, presentDetail, presentSummary } from './present.ts';
import {
  activeUserManagers,
  findScopedUser,
  findUserByEmail,
  listUsers,
  type ScopedUser,
  systemPermissionsOf,
  type UserFilter,
} from './repo.ts';

export async function listScopedUsers(
  ctx: ServiceContext,
  scope: AdminScope,
  filter: UserFilter,
  page: { page: number; pageSize: number },
) {
  if (!adminPolicy.viewUsers(ctx.session, scope)) throw forbidden();
  const { rows, total } = await listUsers(ctx.db, scope, filter, page);
  return { items: rows.map(presentSummary), total, ...page };
}

/** A user in the scope; outside it the user does not exist for the caller (404). */
export async function requireUser(
  db: ServiceContext['db'] | Trx,
  scope: AdminScope,
  id: string,
): Promise<ScopedUser> {
  const user = await findScopedUser(db, scope, id);
  if (!user) throw notFound('The user');
  return user;
}

export async function getUser(ctx: ServiceContext, scope: AdminScope, id: string): Promise<UserDetail> {
  if (!adminPolicy.viewUsers(ctx.session, scope)) throw forbidden();
  return presentDetail(ctx.db, await requireUser(ctx.db, scope, id));
}

/**
 * What a change reaches: the person's account itself (profile, e-mail, status, password, MFA), or only their
 * membership of the caller's organization (permissions there, leaving it).
 */
export type UserChangeReach = 'account' | 'membership';

/**
 * An organization administrator sees every member of their organization, but changes the account itself only
 * of people whose working organization it is and who hold no system permission: a member who works for
 * another organization, or a system administrator, is someone else's to manage (403).
 */
async function requireOwnAccount(trx: Trx, scope: AdminScope, user: ScopedUser) {
  if (scope.kind !== 'organization') return;
  const elsewhere = user.organization_id !== scope.organizationId;
  if (elsewhere || (await systemPermissionsOf(trx, user.id)).length > 0) {
    throw forbidden(
      elsewhere
        ? "This person's account belongs to another organization; here you may change their permissions in yours or remove them from it."
        : 'This person is a system administrator; only system administrators change their account.',
    );
  }
}

/**
 * A change to a user: permission check, the user looked up in scope (404 outside it), for a change of the
 * account the check that the caller's organization may make it (`requireOwnAccount`), the change, its audit
 * record and the event that reloads the user's open sessions, all in one transaction.
 */
export async function changeUser(
  ctx: ServiceContext,
  scope: AdminScope,
  id: string,
  action: string,
  allowed: boolean,
  change: (trx: Trx, user: ScopedUser) => Promise<void>,
  reach: UserChangeReach = 'account',
): Promise<UserDetail> {
  if (!allowed) throw forbidden();
  await transact(ctx, async (trx) => {
    const before = await requireUser(trx, scope, id);
    if (reach === 'account') await requireOwnAccount(trx, scope, before);
    const snapshot = await auditableUser(trx, before);
    await change(trx, before);
    const after = await requireUser(trx, { kind: 'system' }, id);
    await recordAudit(trx, ctx.session, {
      action,
      targetType: 'user',
      targetId: id,
      organizationId: before.organization_id,
      before: snapshot,
      after: await auditableUser(trx, after),
    });
    await ctx.app.events.record(trx, userSessionInvalid(id, ctx.connectionId));
  });
  return presentDetail(ctx.db, await requireUser(ctx.db, { kind: 'system' }, id));
}

/** Refuses a change that would leave no Active system administrator able to manage users. */
async function keepLastUserManager(trx: Trx, userId: string, what: string) {
  const managers = await activeUserManagers(trx);
  if (managers.length === 1 && managers[0] === userId) {
    throw conflict(
      `This is the last active system administrator who can manage users; they cannot be ${what}.`,
    );
  }
}

export async function updateProfile(ctx: ServiceContext, scope: AdminScope, id: string, form: FormInput) {
  const input = parseFields(UserProfileInput, form.fields);
  const avatar = form.files.find((file) => file.field === 'avatar');
  const stored: { discard?: () => Promise<void> } = {};
  try {
    return await changeUser(
      ctx,
      scope,
      id,
      'user.profile-updated',
      adminPolicy.manageUsers(ctx.session, scope),
      async (trx, user) => {
        if (input.email && input.email !== user.email) {
          const other = await findUserByEmail(trx, input.email);
          if (other) throw conflict(`${input.email} is already used by another account.`);
        }
        const image = avatar
          ? await storeImage(trx, ctx.app.storage, {
              file: avatar,
              purpose: 'avatar',
              organizationId: user.organization_id,
              createdBy: ctx.session.user.id,
            })
          : null;
        stored.discard = image?.discard;
        await trx
          .updateTable('users')
          .set({
            first_name: input.firstName,
            last_name: input.lastName,
            title: input.title,
            phone: input.phone,
            ...(input.email ? { email: input.email } : {}),
            ...(image ? { avatar_file_id: image.id } : {}),
            updated_at: new Date(),
          })
          .where('id', '=', id)
          .execute();
      },
    );
  } catch (error) {
    await stored.discard?.();
    throw error;
  }
}

export function activateUser(ctx: ServiceContext, scope: AdminScope, id: string) {
  return changeUser(
    ctx,
    scope,
    id,
    'user.activated',
    adminPolicy.manageUsers(ctx.session, scope),
    async (trx, user) => {
      if (user.status !== 'Inactive')
        throw conflict(`Only an Inactive user can be activated; this user is ${user.status}.`);
      await trx
        .updateTable('users')
        .set({ status: 'Active', updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
  );
}

export function deactivateUser(ctx: ServiceContext, scope: AdminScope, id: string) {
  return changeUser(
    ctx,
    scope,
    id,
    'user.deactivated',
    adminPolicy.manageUsers(ctx.session, scope),
    async (trx, user) => {
      if (user.status !== 'Active' && user.status !== 'Invited') {
        throw conflict(`Only an Active or Invited user can be deactivated; this user is ${user.status}.`);
      }
      if (id === ctx.session.user.id) throw conflict('You cannot deactivate yourself.');
      await keepLastUserManager(trx, id, 'deactivated');
      await trx
        .updateTable('users')
        .set({ status: 'Inactive', updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
  );
}

/**
 * Deletes a user: the account is marked Deleted (its history stays attributed), it can no longer sign in,
 * its open sessions end, and its pending links stop working.
 */
export async function deleteUser(ctx: ServiceContext, scope: AdminScope, id: string) {
  await changeUser(
    ctx,
    scope,
    id,
    'user.deleted',
    adminPolicy.manageUsers(ctx.session, scope),
    async (trx, user) => {
      if (user.status === 'Deleted') throw notFound('The user');
      if (id === ctx.session.user.id) throw conflict('You cannot delete yourself.');
      await keepLastUserManager(trx, id, 'deleted');
      await trx
        .updateTable('users')
        .set({ status: 'Deleted', updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('user_tokens').where('user_id', '=', id).execute();
      // Its sign-in sessions, grants and refresh tokens at the embedded provider end too.
      await trx.deleteFrom('identity_payloads').where(sql`payload->>'accountId'`, '=', id).execute();
    },
  );
}

export function setRole(ctx: ServiceContext, id: string, role: UserRole) {
  const scope: AdminScope = { kind: 'system' };
  return changeUser(
    ctx,
    scope,
    id,
    'user.role-changed',
    adminPolicy.manageUsers(ctx.session, scope),
    async (trx) => {
      await trx.updateTable('users').set({ role, updated_at: new Date() }).where('id', '=', id).execute();
    },
  );
}

export async function getSystemPermissions(ctx: ServiceContext, id: string) {
  return (await getUser(ctx, { kind: 'system' }, id)).systemPermissions;
}

export async function setSystemPermissions(ctx: ServiceContext, id: string, permissions: SystemPermission[]) {
  const scope: AdminScope = { kind: 'system' };
  const detail = await changeUser(
    ctx,
    scope,
    id,
    'user.system-permissions-changed',
    adminPolicy.manageUsers(ctx.session, scope),
    async (trx) => {
      if (!permissions.includes('ManageUsers')) await keepLastUserManager(trx, id, 'stripped of ManageUsers');
      await trx.deleteFrom('user_system_permissions').where('user_id', '=', id).execute();
      const unique = [...new Set(permissions)];
      if (unique.length) {
        await trx
          .insertInto('user_system_permissions')
          .values(unique.map((permission) => ({ user_id: id, permission })))
          .execute();
      }
    },
  );
  return detail.systemPermissions;
}
