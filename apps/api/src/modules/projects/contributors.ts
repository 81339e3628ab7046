import { type ProjectRole, projectPermissionsFor } from '@crossarm/shared';
import { type ServiceContext, transact } from '../../http/context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { organizationSessionInvalid } from '../../realtime/outbox.ts';
import { recordAudit } from '../audit/audit.ts';
import { requireManagedProject } from './access.ts';
import { getProject } from './service.ts';

export async function listContributors(ctx: ServiceContext, id: string) {
  return (await getProject(ctx, id)).contributors;
}

export async function addContributor(
  ctx: ServiceContext,
  id: string,
  organizationId: string,
  role: ProjectRole,
) {
  await transact(ctx, async (trx) => {
    const project = await requireManagedProject(ctx, trx, id, 'Only the pole owner manages contributors.');
    const organization = await trx
      .selectFrom('organizations')
      .select(['id', 'name'])
      .where('id', '=', organizationId)
      .executeTakeFirst();
    if (!organization) throw notFound('The organization');
    const added = await trx
      .insertInto('project_organizations')
      .values({
        project_id: id,
        organization_id: organizationId,
        role,
        permissions: projectPermissionsFor(role),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('organization_id')
      .executeTakeFirst();
    if (!added) throw conflict(`${organization.name} already takes part in ${project.name}.`);
    await recordAudit(trx, ctx.session, {
      action: 'project.contributor-added',
      targetType: 'project',
      targetId: id,
      organizationId: project.owner_organization_id,
      after: {
        organizationId,
        organizationName: organization.name,
        role,
        permissions: projectPermissionsFor(role),
      },
    });
    // The new contributor's people now see the project: their sessions reload.
    await ctx.app.events.record(trx, organizationSessionInvalid(organizationId, ctx.connectionId));
  });
  return listContributors(ctx, id);
}

export async function removeContributor(ctx: ServiceContext, id: string, organizationId: string) {
  await transact(ctx, async (trx) => {
    const project = await requireManagedProject(ctx, trx, id, 'Only the pole owner manages contributors.');
    if (organizationId === project.owner_organization_id)
      throw conflict('The organization that owns the project cannot be removed from it.');
    const removed = await trx
      .deleteFrom('project_organizations')
      .where('project_id', '=', id)
      .where('organization_id', '=', organizationId)
      .returning(['organization_id', 'role'])
      .executeTakeFirst();
    if (!removed) throw notFound('The contributor');
    await recordAudit(trx, ctx.session, {
      action: 'project.contributor-removed',
      targetType: 'project',
      targetId: id,
      organizationId: project.owner_organization_id,
      before: { organizationId, role: removed.role },
    });
    await ctx.app.events.record(trx, organizationSessionInvalid(organizationId, ctx.connectionId));
  });
  return listContributors(ctx, id);
}
