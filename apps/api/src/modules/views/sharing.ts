import { type FieldError, HubEvent, type ViewPermissions } from '@crossarm/shared';
import type { Trx } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { viewScopeOf } from './access.ts';
import { shareable } from './repo.ts';

/**
 * 400 unless every person and organization newly granted is one the caller may share with; grants the view
 * already holds (given by someone else, who may see more) are kept as they are.
 */
export async function assertShareable(
  ctx: ServiceContext,
  grants: ViewPermissions,
  sent: ViewPermissions,
  before: ViewPermissions,
) {
  const scope = viewScopeOf(ctx);
  const heldUsers = new Set(before.users.map((grant) => grant.userId));
  const heldOrganizations = new Set(before.organizations.map((grant) => grant.id));
  const found = await shareable(
    ctx.db,
    scope,
    grants.users.map((grant) => grant.userId).filter((id) => id !== scope.userId && !heldUsers.has(id)),
    grants.organizations.map((grant) => grant.id).filter((id) => !heldOrganizations.has(id)),
  );
  const problems: FieldError[] = [];
  sent.users.forEach((grant, index) => {
    if (
      grant.permission !== 'None' &&
      grant.userId !== scope.userId &&
      !heldUsers.has(grant.userId) &&
      !found.users.has(grant.userId)
    ) {
      problems.push({
        field: `body.permissions.users.${index}.userId`,
        message: 'No such person among the ones you may share with',
      });
    }
  });
  sent.organizations.forEach((grant, index) => {
    if (
      grant.permission !== 'None' &&
      !heldOrganizations.has(grant.id) &&
      !found.organizations.has(grant.id)
    ) {
      problems.push({
        field: `body.permissions.organizations.${index}.id`,
        message: 'No such organization among the ones you may share with',
      });
    }
  });
  if (problems.length > 0)
    throw badRequest('The view is shared with unknown people or organizations.', problems);
}

/** Tells the people and organizations a view is newly shared with, in the transaction that shares it. */
export async function announceShares(
  ctx: ServiceContext,
  trx: Trx,
  view: { id: string; name: string },
  before: ViewPermissions,
  after: ViewPermissions,
) {
  const payload = {
    viewId: view.id,
    name: view.name,
    sharedByUserId: ctx.session.user.id,
    sharedByName: `${ctx.session.user.first_name} ${ctx.session.user.last_name}`.trim(),
  };
  const hadUser = new Set(before.users.map((grant) => grant.userId));
  const hadOrganization = new Set(before.organizations.map((grant) => grant.id));
  for (const grant of after.users) {
    if (hadUser.has(grant.userId) || grant.userId === ctx.session.user.id) continue;
    await ctx.app.events.record(trx, {
      type: 'CustomViewShared',
      userId: grant.userId,
      payload: { ...payload, permission: grant.permission },
      connectionId: ctx.connectionId,
    });
  }
  for (const grant of after.organizations) {
    if (hadOrganization.has(grant.id)) continue;
    await ctx.app.events.record(trx, {
      type: 'CustomViewShared',
      organizationId: grant.id,
      payload: { ...payload, permission: grant.permission },
      connectionId: ctx.connectionId,
    });
  }
}

/**
 * Tells everyone who could see the view before a change, or can after it (its people and organizations,
 * the owner among them), that it changed: their pages showing it read it again. The caller's own page is
 * left out; its other pages hear it too.
 */
export async function announceChange(
  ctx: ServiceContext,
  trx: Trx,
  viewId: string,
  ...grants: ViewPermissions[]
) {
  const users = new Set(grants.flatMap((held) => held.users.map((grant) => grant.userId)));
  const organizations = new Set(grants.flatMap((held) => held.organizations.map((grant) => grant.id)));
  const event = { type: HubEvent.ViewChanged, payload: { viewId }, connectionId: ctx.connectionId };
  for (const userId of users) await ctx.app.events.record(trx, { ...event, userId });
  for (const organizationId of organizations) await ctx.app.events.record(trx, { ...event, organizationId });
}
