import {
  HubEvent,
  type PermitCreationBlocker,
  type ProjectRestriction,
  type ProjectRestrictionCheck,
  type ProjectStatus,
} from '@crossarm/shared';
import type { Executor } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { EventInput } from '../../realtime/outbox.ts';
import { recordAudit } from '../audit/audit.ts';
import { requireManagedProject, requireVisibleProject } from './access.ts';
import { findContributor, projectPermissionsOf } from './permissions-repo.ts';
import { fullName } from './repo.ts';
import { acceptanceOf, currentTerms } from './terms.ts';

async function restrictionsOf(db: Executor, projectId: string, onlyOrganizationId?: string) {
  let query = db
    .selectFrom('project_restrictions as r')
    .innerJoin('organizations as o', 'o.id', 'r.organization_id')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .select([
      'r.organization_id',
      'o.name as organization_name',
      'r.reason',
      'r.created_at',
      fullName('u').as('created_by'),
    ])
    .where('r.project_id', '=', projectId);
  if (onlyOrganizationId) query = query.where('r.organization_id', '=', onlyOrganizationId);
  const rows = await query.orderBy('o.name').execute();
  return rows.map(
    (row): ProjectRestriction => ({
      organizationId: row.organization_id,
      organizationName: row.organization_name,
      reason: row.reason,
      createdAt: row.created_at.toISOString(),
      createdBy: row.created_by,
    }),
  );
}

/** The project's restrictions: the pole owner sees all of them, an attacher only its own. */
export async function listRestrictions(ctx: ServiceContext, projectId: string) {
  const project = await requireVisibleProject(ctx, ctx.db, projectId);
  const own = project.my_role === 'PoleOwner' ? undefined : ctx.session.organizationId!;
  return restrictionsOf(ctx.db, projectId, own);
}

/** Tells the organization's open sessions to recheck what they may do on the project. */
function restrictionChanged(
  ctx: ServiceContext,
  projectId: string,
  organizationId: string,
  restricted: boolean,
): EventInput {
  return {
    type: HubEvent.ProjectRestrictionChanged,
    organizationId,
    payload: { projectId, organizationId, restricted },
    connectionId: ctx.connectionId,
  };
}

/** Stops a contributor organization from creating permits on the project, or changes the reason it is told. */
export async function restrictOrganization(
  ctx: ServiceContext,
  projectId: string,
  input: { organizationId: string; reason: string },
) {
  await transact(ctx, async (trx) => {
    const project = await requireManagedProject(
      ctx,
      trx,
      projectId,
      'Only the pole owner restricts organizations.',
    );
    const contributor = await findContributor(trx, projectId, input.organizationId);
    if (!contributor) throw notFound('The contributor');
    if (contributor.role === 'PoleOwner') throw conflict('The pole owner cannot restrict itself.');
    const before = await trx
      .selectFrom('project_restrictions')
      .select('reason')
      .where('project_id', '=', projectId)
      .where('organization_id', '=', input.organizationId)
      .executeTakeFirst();
    const values = { reason: input.reason, created_by: ctx.session.user.id, created_at: new Date() };
    await trx
      .insertInto('project_restrictions')
      .values({ project_id: projectId, organization_id: input.organizationId, ...values })
      .onConflict((oc) => oc.columns(['project_id', 'organization_id']).doUpdateSet(values))
      .execute();
    await recordAudit(trx, ctx.session, {
      action: 'project.organization-restricted',
      targetType: 'project',
      targetId: projectId,
      organizationId: project.owner_organization_id,
      before: before ? { organizationId: input.organizationId, reason: before.reason } : null,
      after: { organizationId: input.organizationId, reason: input.reason },
    });
    await ctx.app.events.record(trx, restrictionChanged(ctx, projectId, input.organizationId, true));
  });
  return restrictionsOf(ctx.db, projectId);
}

/** Lets a restricted organization create permits on the project again. */
export async function liftRestriction(ctx: ServiceContext, projectId: string, organizationId: string) {
  await transact(ctx, async (trx) => {
    const project = await requireManagedProject(
      ctx,
      trx,
      projectId,
      'Only the pole owner lifts restrictions.',
    );
    const removed = await trx
      .deleteFrom('project_restrictions')
      .where('project_id', '=', projectId)
      .where('organization_id', '=', organizationId)
      .returning('reason')
      .executeTakeFirst();
    if (!removed) throw notFound('The restriction');
    await recordAudit(trx, ctx.session, {
      action: 'project.restriction-lifted',
      targetType: 'project',
      targetId: projectId,
      organizationId: project.owner_organization_id,
      before: { organizationId, reason: removed.reason },
    });
    await ctx.app.events.record(trx, restrictionChanged(ctx, projectId, organizationId, false));
  });
  return restrictionsOf(ctx.db, projectId);
}

/**
 * Everything that stops a user of an organization from creating permits on a project, each with what to tell
 * them. The permits module asks this before it creates one.
 */
export async function permitCreationBlockers(
  db: Executor,
  project: { id: string; status: ProjectStatus },
  organizationId: string,
  userId: string,
) {
  const reasons: ProjectRestrictionCheck['reasons'] = [];
  const add = (code: PermitCreationBlocker, message: string) => reasons.push({ code, message });
  if (project.status === 'Archived') add('ProjectArchived', 'The project is archived.');
  const [contributor, restriction, terms, permissions] = await Promise.all([
    findContributor(db, project.id, organizationId),
    restrictionsOf(db, project.id, organizationId),
    currentTerms(db, project.id),
    projectPermissionsOf(db, project.id, userId, organizationId),
  ]);
  const reason = restriction[0]?.reason;
  if (reason) add('OrganizationRestricted', `Your organization is restricted on this project: ${reason}`);
  // Terms bind the attachers who apply; the pole owner wrote them.
  if (terms && contributor?.role === 'AttacherOrg' && !(await acceptanceOf(db, terms.id, organizationId))) {
    add('TermsNotAccepted', "Your organization has not accepted the project's current terms.");
  }
  if (!permissions.includes('CreatePermits'))
    add('NoCreatePermission', 'You may not create permits on this project.');
  return reasons;
}

/** Whether the caller may create permits on the project, and every reason they may not. */
export async function checkRestrictions(
  ctx: ServiceContext,
  projectId: string,
): Promise<ProjectRestrictionCheck> {
  const project = await requireVisibleProject(ctx, ctx.db, projectId);
  const reasons = await permitCreationBlockers(
    ctx.db,
    project,
    ctx.session.organizationId!,
    ctx.session.user.id,
  );
  return { canCreatePermits: reasons.length === 0, reasons };
}
