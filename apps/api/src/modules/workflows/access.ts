import type { Executor } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { requireManagedProject } from '../projects/access.ts';
import type { ProjectRow } from '../projects/repo.ts';
import { findVisibleGroup, findVisibleTemplate, type GroupRow, type TemplateRow } from './repo.ts';

/** Who may change a project's templates: its pole owner's project managers. */
export const MANAGE_DETAIL = "Only the pole owner's project managers change its workflow templates.";

/** The caller's organization, which every query is scoped to. */
export const orgOf = (ctx: ServiceContext) => ctx.session.organizationId!;

/** A group of a project the caller takes part in; 404 for any other. */
export async function requireVisibleGroup(ctx: ServiceContext, db: Executor, id: string): Promise<GroupRow> {
  const group = await findVisibleGroup(db, orgOf(ctx), id);
  if (!group) throw notFound('The template group');
  return group;
}

/** A group the caller may change, held until the transaction ends, with its project. */
export async function requireManagedGroup(ctx: ServiceContext, db: Executor, id: string) {
  const group = await findVisibleGroup(db, orgOf(ctx), id, true);
  if (!group) throw notFound('The template group');
  const project = await requireManagedProject(ctx, db, group.project_id, MANAGE_DETAIL);
  return { group, project };
}

/** A version the caller may read (drafts are the pole owner's); 404 for any other. `lock` holds it. */
export async function requireVisibleTemplate(ctx: ServiceContext, db: Executor, id: string, lock = false) {
  const template = await findVisibleTemplate(db, orgOf(ctx), id, lock);
  if (!template) throw notFound('The workflow template');
  return template;
}

/**
 * A draft the caller may change, held until the transaction ends. A published version never changes, and
 * an archived group is restored before its drafts change.
 */
export async function requireEditableDraft(
  ctx: ServiceContext,
  db: Executor,
  id: string,
  publishedMessage: string,
): Promise<{ template: TemplateRow; project: ProjectRow }> {
  const template = await requireVisibleTemplate(ctx, db, id, true);
  const project = await requireManagedProject(ctx, db, template.project_id, MANAGE_DETAIL);
  if (template.status === 'Published') throw conflict(publishedMessage);
  requireNotArchived(template.group_status);
  return { template, project };
}

/** An archived group is kept for history: it is brought back (deactivated) before it changes. */
export function requireNotArchived(status: GroupRow['status']) {
  if (status === 'Archived') {
    throw conflict('This template is archived. Deactivate it to bring it back before changing it.');
  }
}
