import {
  effectiveProjectPermissions,
  type Project,
  type ProjectInput,
  projectPermissionsFor,
} from '@crossarm/shared';
import type { z } from 'zod';
import type { Trx } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { organizationSessionInvalid } from '../../realtime/outbox.ts';
import { recordAudit } from '../audit/audit.ts';
import { projectHasPermits } from '../permits/repo.ts';
import { requireManagedProject, requireVisibleProject } from './access.ts';
import { projectPolicy } from './policy.ts';
import { forgetProjectVisits } from './recents.ts';
import {
  codeTaken,
  findShownProject,
  findVisibleProject,
  listVisibleProjects,
  type ProjectFilter,
  type ProjectRow,
  type ShownProjectRow,
} from './repo.ts';

export function presentProject(row: ShownProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    projectCode: row.project_code,
    description: row.description,
    status: row.status,
    ownerOrganizationId: row.owner_organization_id,
    ownerOrganizationName: row.owner_name,
    myRole: row.my_role,
    myPermissions: effectiveProjectPermissions(row.organization_permissions, row.user_permissions),
    contributors: row.contributors,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    archivedAt: row.archived_at?.toISOString() ?? null,
    permitCounts: row.permit_counts,
  };
}

const auditable = (row: ProjectRow) => ({
  name: row.name,
  project_code: row.project_code,
  description: row.description,
  status: row.status,
});

/** The caller's organization, which every project query is scoped to. */
const orgOf = (ctx: ServiceContext) => ctx.session.organizationId!;

export async function listProjects(
  ctx: ServiceContext,
  filter: ProjectFilter,
  page: { page: number; pageSize: number },
) {
  const scope = { organizationId: orgOf(ctx), userId: ctx.session.user.id };
  const { rows, total } = await listVisibleProjects(ctx.db, scope, filter, page);
  return { items: rows.map(presentProject), total, ...page };
}

/** A project the caller's organization takes part in; 404 for any other. */
export async function getProject(ctx: ServiceContext, id: string) {
  const row = await findShownProject(ctx.db, orgOf(ctx), id, ctx.session.user.id);
  if (!row) throw notFound('The project');
  return presentProject(row);
}

/** Creates a project owned by the caller's organization, which becomes its pole owner. */
export async function createProject(ctx: ServiceContext, input: z.output<typeof ProjectInput>) {
  if (!projectPolicy.create(ctx.session)) throw forbidden();
  const id = await transact(ctx, async (trx) => {
    if (await codeTaken(trx, orgOf(ctx), input.projectCode)) {
      throw conflict(`Your organization already has a project with the code ${input.projectCode}.`);
    }
    const created = await trx
      .insertInto('projects')
      .values({
        owner_organization_id: orgOf(ctx),
        name: input.name,
        project_code: input.projectCode,
        description: input.description,
        created_by: ctx.session.user.id,
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('project_organizations')
      .values({
        project_id: created.id,
        organization_id: orgOf(ctx),
        role: 'PoleOwner',
        permissions: projectPermissionsFor('PoleOwner'),
      })
      .execute();
    await recordAudit(trx, ctx.session, {
      action: 'project.created',
      targetType: 'project',
      targetId: created.id,
      organizationId: orgOf(ctx),
      after: { name: input.name, project_code: input.projectCode, description: input.description },
    });
    // The organization now sees the project's permits: its members' hub connections take its rooms.
    await ctx.app.events.record(trx, organizationSessionInvalid(orgOf(ctx), ctx.connectionId));
    return created.id;
  });
  return getProject(ctx, id);
}

/** Runs a change on a project the caller may manage: looked up in scope first (404), then the permission (403). */
async function changeProject(
  ctx: ServiceContext,
  id: string,
  action: string,
  change: (trx: Trx, row: ProjectRow) => Promise<void>,
) {
  await transact(ctx, async (trx) => {
    const before = await requireVisibleProject(ctx, trx, id);
    if (!projectPolicy.manage(ctx.session)) throw forbidden();
    await change(trx, before);
    const after = (await findVisibleProject(trx, orgOf(ctx), id))!;
    await recordAudit(trx, ctx.session, {
      action,
      targetType: 'project',
      targetId: id,
      organizationId: before.owner_organization_id,
      before: auditable(before),
      after: auditable(after),
    });
  });
  return getProject(ctx, id);
}

export function updateProject(ctx: ServiceContext, id: string, input: z.output<typeof ProjectInput>) {
  return changeProject(ctx, id, 'project.updated', async (trx, row) => {
    if (await codeTaken(trx, row.owner_organization_id, input.projectCode, id)) {
      throw conflict(`The owner already has a project with the code ${input.projectCode}.`);
    }
    await trx
      .updateTable('projects')
      .set({
        name: input.name,
        project_code: input.projectCode,
        description: input.description,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  });
}

/** Archiving stops new permits on a project; its permits stay readable. */
export function archiveProject(ctx: ServiceContext, id: string) {
  return changeProject(ctx, id, 'project.archived', async (trx, row) => {
    if (row.status === 'Archived') throw conflict('The project is already archived.');
    await trx
      .updateTable('projects')
      .set({ status: 'Archived', archived_at: new Date(), updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  });
}

export function unarchiveProject(ctx: ServiceContext, id: string) {
  return changeProject(ctx, id, 'project.unarchived', async (trx, row) => {
    if (row.status === 'Active') throw conflict('The project is not archived.');
    await trx
      .updateTable('projects')
      .set({ status: 'Active', archived_at: null, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  });
}

/**
 * Deletes a project and everything that is only its own: contributors, permissions, restrictions, terms,
 * notification settings, visits. The pole owner's managers only.
 */
export async function deleteProject(ctx: ServiceContext, id: string) {
  await transact(ctx, async (trx) => {
    const project = await requireManagedProject(ctx, trx, id, 'Only the pole owner deletes a project.');
    if (await projectHasPermits(trx, id)) {
      throw conflict('The project has permits, so it cannot be deleted. Archive it instead.');
    }
    await forgetProjectVisits(trx, id);
    await trx.deleteFrom('projects').where('id', '=', id).execute();
    await recordAudit(trx, ctx.session, {
      action: 'project.deleted',
      targetType: 'project',
      targetId: id,
      organizationId: project.owner_organization_id,
      before: { ...auditable(project), contributors: project.contributors },
    });
    // The other contributors' people no longer see the project: their sessions reload.
    for (const contributor of project.contributors) {
      if (contributor.organizationId === project.owner_organization_id) continue;
      await ctx.app.events.record(
        trx,
        organizationSessionInvalid(contributor.organizationId, ctx.connectionId),
      );
    }
  });
}
