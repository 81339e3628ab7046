import type { OrganizationPermission } from '@crossarm/shared';
import type { Trx } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { organizationSessionInvalid } from '../../realtime/outbox.ts';
import { type AdminScope, adminPolicy } from '../admin/policy.ts';
import { changeUser } from './service.ts';

async function setPermissionsIn(
  trx: Trx,
  userId: string,
  organizationId: string,
  permissions: OrganizationPermission[],
) {
  await trx
    .deleteFrom('user_organization_permissions')
    .where('user_id', '=', userId)
    .where('organization_id', '=', organizationId)
    .execute();
  const unique = [...new Set(permissions)];
  if (unique.length) {
    await trx
      .insertInto('user_organization_permissions')
      .values(unique.map((permission) => ({ user_id: userId, organization_id: organizationId, permission })))
      .execute();
  }
}

/**
 * Sets a user's permissions in one organization they belong to. Organization administrators can only set
 * them in their own organization.
 */
export function setOrganizationPermissions(
  ctx: ServiceContext,
  scope: AdminScope,
  userId: string,
  organizationId: string,
  permissions: OrganizationPermission[],
) {
  return changeUser(
    ctx,
    scope,
    userId,
    'user.organization-permissions-changed',
    adminPolicy.manageUsers(ctx.session, scope),
    async (trx) => {
      if (scope.kind === 'organization' && scope.organizationId !== organizationId)
        throw notFound('The organization');
      const member = await trx
        .selectFrom('user_organizations')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      if (!member) {
        throw badRequest('The user does not belong to that organization.', [
          { field: 'body.organizationId', message: 'The user is not a member of this organization' },
        ]);
      }
      await setPermissionsIn(trx, userId, organizationId, permissions);
      // What members may do in the organization changed: their open sessions reload.
      await ctx.app.events.record(trx, organizationSessionInvalid(organizationId, ctx.connectionId));
    },
    'membership',
  );
}

/**
 * Sets exactly which organizations a user belongs to (system administration). Permissions in organizations
 * they leave go with the membership; the working organization is kept if still a member, else the chosen
 * or first remaining one.
 */
export function setOrganizations(
  ctx: ServiceContext,
  userId: string,
  organizationIds: string[],
  working?: string | null,
) {
  const scope: AdminScope = { kind: 'system' };
  return changeUser(
    ctx,
    scope,
    userId,
    'user.organizations-changed',
    adminPolicy.manageUsers(ctx.session, scope),
    async (trx, user) => {
      const ids = [...new Set(organizationIds)];
      const found = ids.length
        ? await trx.selectFrom('organizations').select('id').where('id', 'in', ids).execute()
        : [];
      if (found.length !== ids.length) {
        throw badRequest('Some organizations do not exist.', [
          { field: 'body.organizationIds', message: 'Unknown organization' },
        ]);
      }
      if (working && !ids.includes(working)) {
        throw badRequest('The working organization must be one of the organizations.', [
          { field: 'body.workingOrganizationId', message: 'Not among organizationIds' },
        ]);
      }
      let leaving = trx.deleteFrom('user_organizations').where('user_id', '=', userId);
      if (ids.length) leaving = leaving.where('organization_id', 'not in', ids);
      await leaving.execute();
      if (ids.length) {
        await trx
          .insertInto('user_organizations')
          .values(ids.map((organizationId) => ({ user_id: userId, organization_id: organizationId })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      const next =
        working ??
        (user.organization_id && ids.includes(user.organization_id)
          ? user.organization_id
          : (ids[0] ?? null));
      await trx
        .updateTable('users')
        .set({ organization_id: next, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
    },
  );
}

/** Takes a user out of one organization, with their permissions there. */
export function removeFromOrganization(
  ctx: ServiceContext,
  scope: AdminScope,
  organizationId: string,
  userId: string,
) {
  return changeUser(
    ctx,
    scope,
    userId,
    'user.removed-from-organization',
    adminPolicy.manageUsers(ctx.session, scope),
    async (trx, user) => {
      if (userId === ctx.session.user.id && organizationId === ctx.session.organizationId) {
        throw conflict('You cannot remove yourself from your own organization.');
      }
      const removed = await trx
        .deleteFrom('user_organizations')
        .where('user_id', '=', userId)
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw notFound('The user');
      await ctx.app.events.record(trx, organizationSessionInvalid(organizationId, ctx.connectionId));
      if (user.organization_id === organizationId) {
        const other = await trx
          .selectFrom('user_organizations')
          .select('organization_id')
          .where('user_id', '=', userId)
          .orderBy('created_at')
          .executeTakeFirst();
        await trx
          .updateTable('users')
          .set({ organization_id: other?.organization_id ?? null, updated_at: new Date() })
          .where('id', '=', userId)
          .execute();
      }
    },
    'membership',
  );
}
