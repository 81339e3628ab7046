import { SYSTEM_VIEW_IDS, type ViewPermissions } from '@crossarm/shared';
import type { ServiceContext } from '../../http/context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { atLeast, grantsToSave, levelOf, sameGrants } from './policy.ts';
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
 * change; 403 unless the caller may edit the view and, to change its grants, manage it.
 */
export function overwriteRights(
  { row, level }: Awaited<ReturnType<typeof levelOn>>,
  before: ViewPermissions,
  sent: ViewPermissions | undefined,
) {
  if (!atLeast(level, 'Edit')) throw forbidden('You may read this view but not change it.');
  const grants = sent ? grantsToSave(sent, row.owner_user_id) : before;
  const changesGrants = !sameGrants(before, grants);
  if (changesGrants && !atLeast(level, 'Manage')) {
    throw forbidden('Only people who manage this view may change who it is shared with.');
  }
  return { grants, changesGrants };
}
