import type { ApplicationForm } from '@crossarm/shared';
import type { Executor } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { findVisibleProject } from '../projects/repo.ts';
import { entriesOf } from '../workflows/present.ts';

/**
 * The published version of an active workflow of the project an application runs on: the given one, or the
 * newest, as applying picks it. Undefined when there is none.
 */
export async function applicationVersion(db: Executor, projectId: string, templateId?: string | null) {
  let query = db
    .selectFrom('workflow_templates as t')
    .innerJoin('workflow_template_groups as g', 'g.id', 't.group_id')
    .select(['t.id', 't.version', 't.definition', 'g.name as group_name'])
    .where('t.project_id', '=', projectId)
    .where('t.status', '=', 'Published')
    .where('g.status', '=', 'Active');
  if (templateId) query = query.where('t.id', '=', templateId);
  return query.orderBy('t.published_at', 'desc').orderBy('t.version', 'desc').executeTakeFirst();
}

/** The project when the caller's organization takes part in it; 404 otherwise. */
export async function requireVisibleProjectFor(ctx: ServiceContext, db: Executor, projectId: string) {
  const project = await findVisibleProject(db, ctx.session.organizationId!, projectId, ctx.session.user.id);
  if (!project) throw notFound('The project');
  return project;
}

/**
 * The application form of the version an application on the project runs on (the newest published version
 * of an active workflow, or the one given), with each property's field type and render options.
 */
export async function getApplicationForm(
  ctx: ServiceContext,
  projectId: string,
  templateId?: string,
): Promise<ApplicationForm> {
  await requireVisibleProjectFor(ctx, ctx.db, projectId);
  const version = await applicationVersion(ctx.db, projectId, templateId);
  if (!version) {
    throw notFound(
      templateId ? 'That published workflow of the project' : 'A published workflow to apply on',
    );
  }
  const entries = await entriesOf(ctx.db, version.definition);
  return {
    templateId: version.id,
    templateName: version.group_name,
    templateVersion: version.version,
    properties: version.definition.applicationForm.map((property) => {
      const entry = entries.get(property.libraryEntryId);
      return {
        propertyEntryId: property.libraryEntryId,
        name: entry?.name ?? 'Deleted property',
        fieldType: entry?.field_type ?? null,
        renderOptions: entry?.render_options ?? null,
        required: property.required,
        description: entry?.description ?? null,
      };
    }),
  };
}
