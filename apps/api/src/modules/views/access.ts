import { SYSTEM_VIEW_IDS, type ViewPermissions } from '@crossarm/shared';
import type { ServiceContext } from '../../http/context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { atLeast, grantsToSave, levelOf, sameGrants, shownGrants } from './policy.ts';
import { type ViewScope, visibleViewRows } from './repo.ts';

export const THE_VIEW = 'The view';

export const viewScopeOf = (ctx: ServiceContext): ViewScope => ({
  userId: ctx.session.user.id,
  organizationId: ctx.session.organizationId!,
});

/** The caller's level on a saved view: 403 for system views, 404 when the caller has no access. */
export async function levelOn(ctx: ServiceContext, id: string) {
  if (SYSTEM_VIEW_IDS.includes(id)) throw forbidden('System views cannot be changed or deleted.');
  const scope = viewScopeOf(ctx);
  const [row] = await visibleViewRows(ctx.db, scope, id);
  const level = row ? levelOf(row, scope.userId) : 'None';
  if (!row || level === 'None') throw notFound(THE_VIEW);
  return { row, level };
}

/**
 * The grants an overwrite leaves (those sent, or the current ones when none are sent) and whether they
 * change; 403 unless the caller may edit the view and, to change its grants, manage it. Someone who does not
 * manage the view is shown only some of its grants (`shownGrants`): sending those back as they were changes
 * nothing, and every grant stays.
 */
export function overwriteRights(
  { row, level }: Awaited<ReturnType<typeof levelOn>>,
  before: ViewPermissions,
  sent: ViewPermissions | undefined,
  scope: ViewScope,
) {
  if (!atLeast(level, 'Edit')) throw forbidden('You may read this view but not change it.');
  if (!sent) return { grants: before, changesGrants: false };
  const grants = grantsToSave(sent, row.owner_user_id);
  if (atLeast(level, 'Manage')) return { grants, changesGrants: !sameGrants(before, grants) };
  if (!sameGrants(shownGrants(row, before, scope), grants)) {
    throw forbidden('Only people who manage this view may change who it is shared with.');
  }
  return { grants: before, changesGrants: false };
}
