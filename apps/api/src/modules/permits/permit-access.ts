import { effectiveProjectPermissions, type ProjectPermission } from '@crossarm/shared';
import type { Executor } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { findVisibleProject, type ProjectRow } from '../projects/repo.ts';

export interface PermitAccessOptions {
  /** The project permission the action needs; ViewPermits is always needed. */
  permission?: ProjectPermission;
  /**
   * Lock the permit row for the rest of the transaction, so two people acting on one permit at once act one
   * after the other and the second sees the first's result (then 409 if its action no longer fits).
   */
  lock?: boolean;
}

/**
 * A permit the caller may see, with its project and the caller's effective project permissions. Outside the
 * caller's projects, and another attacher's permit, are 404 (nothing says it exists); a missing permission
 * is 403. Every permit endpoint starts here.
 */
export async function requirePermit(
  ctx: ServiceContext,
  db: Executor,
  permitId: string,
  options: PermitAccessOptions = {},
) {
  let query = db.selectFrom('permits').selectAll().where('id', '=', permitId);
  if (options.lock) query = query.forUpdate();
  const permit = await query.executeTakeFirst();
  if (!permit) throw notFound('The permit');
  const project = await findVisibleProject(
    db,
    ctx.session.organizationId!,
    permit.project_id,
    ctx.session.user.id,
  );
  return accessTo(ctx, permit, project, options);
}

/**
 * The caller's access to a permit, given its project as the caller's organization sees it (undefined when it
 * does not): 404 outside the caller's projects and for another attacher's permit, 403 without a permission.
 */
export function accessTo<P extends { project_id: string; applicant_organization_id: string }>(
  ctx: ServiceContext,
  permit: P,
  project: ProjectRow | undefined,
  options: PermitAccessOptions = {},
) {
  if (!project) throw notFound('The permit');
  if (project.my_role !== 'PoleOwner' && permit.applicant_organization_id !== ctx.session.organizationId) {
    throw notFound('The permit');
  }
  const permissions = effectiveProjectPermissions(project.organization_permissions, project.user_permissions);
  if (!permissions.includes('ViewPermits')) throw forbidden('You may not see the permits of this project.');
  if (options.permission && !permissions.includes(options.permission)) {
    throw forbidden(permissionMessage[options.permission]);
  }
  return { permit, project, permissions, isPoleOwner: project.my_role === 'PoleOwner' };
}

export type PermitAccess = Awaited<ReturnType<typeof requirePermit>>;

const permissionMessage: Record<ProjectPermission, string> = {
  ViewPermits: 'You may not see the permits of this project.',
  CreatePermits: 'You may not apply for permits on this project.',
  EditPermits: 'You may not work on permits of this project.',
  CommentOnPermits: 'You may not comment on permits of this project.',
  ExportPermits: 'You may not export permits of this project.',
  ManagePermits: "Only the pole owner's permit managers may do this.",
};

/** Who hears about a permit: the project's pole owner organizations and the applicant organization. */
export async function permitAudience(
  db: Executor,
  permit: { project_id: string; applicant_organization_id: string },
) {
  const owners = await db
    .selectFrom('project_organizations')
    .select('organization_id')
    .where('project_id', '=', permit.project_id)
    .where('role', '=', 'PoleOwner')
    .execute();
  return [...new Set([...owners.map((o) => o.organization_id), permit.applicant_organization_id])];
}

export type { ProjectRow };
