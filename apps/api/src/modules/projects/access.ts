import type { Executor } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { projectPolicy } from './policy.ts';
import { findVisibleProject, type ProjectRow } from './repo.ts';

/** A project the caller's organization takes part in; 404 for any other, so outsiders cannot tell it exists. */
export async function requireVisibleProject(
  ctx: ServiceContext,
  db: Executor,
  id: string,
): Promise<ProjectRow> {
  const project = await findVisibleProject(db, ctx.session.organizationId!, id);
  if (!project) throw notFound('The project');
  return project;
}

/**
 * A project whose setup the caller may change: contributors, workflows, map data, terms, restrictions and
 * permissions are run from the pole owner's side, by a caller with ManageProjects whose organization is a
 * pole owner of the project. Looked up in scope first (404), then the permission (403).
 */
export async function requireManagedProject(
  ctx: ServiceContext,
  db: Executor,
  id: string,
  detail = 'Only the pole owner manages the setup of this project.',
): Promise<ProjectRow> {
  const project = await requireVisibleProject(ctx, db, id);
  if (!projectPolicy.manage(ctx.session) || project.my_role !== 'PoleOwner') throw forbidden(detail);
  return project;
}
