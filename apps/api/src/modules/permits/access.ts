import { effectiveProjectPermissions, type ProjectStatus } from '@crossarm/shared';
import type { Executor } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { findVisibleProject, type ProjectRow } from '../projects/repo.ts';
import { findVisibleTemplate } from '../workflows/repo.ts';
import type { PermitScope } from './repo.ts';

/** The caller's organization, which every permit query is scoped to. */
const orgOf = (ctx: ServiceContext) => ctx.session.organizationId!;

/** Whose permits the caller sees on a project: all of them as its pole owner, else its own organization's. */
export function permitScopeOf(ctx: ServiceContext, project: Pick<ProjectRow, 'id' | 'my_role'>): PermitScope {
  return {
    projectId: project.id,
    applicantOrganizationId: project.my_role === 'PoleOwner' ? null : orgOf(ctx),
  };
}

/**
 * A project whose permits the caller may see: taking part in it (else 404) and holding ViewPermits there,
 * through their organization's set or their own (else 403).
 */
export async function requirePermitViewer(ctx: ServiceContext, db: Executor, projectId: string) {
  const project = await findVisibleProject(db, orgOf(ctx), projectId, ctx.session.user.id);
  if (!project) throw notFound('The project');
  const held = effectiveProjectPermissions(project.organization_permissions, project.user_permissions);
  if (!held.includes('ViewPermits')) throw forbidden('You may not see the permits of this project.');
  return project;
}

/** A template version of the project that the caller may read (drafts are the pole owner's); 404 otherwise. */
export async function requireProjectTemplate(
  ctx: ServiceContext,
  db: Executor,
  projectId: string,
  templateId: string,
) {
  const template = await findVisibleTemplate(db, orgOf(ctx), templateId);
  if (template?.project_id !== projectId) throw notFound('The workflow template');
  return template;
}

/** An archived project keeps its permits readable but takes no new ones: applying to it is refused (409). */
export function assertProjectOpenForPermits(project: { status: ProjectStatus }) {
  if (project.status === 'Archived') {
    throw conflict('The project is archived and takes no new permits.');
  }
}
