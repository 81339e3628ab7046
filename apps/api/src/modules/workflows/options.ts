import {
  MAX_OPTIONS,
  type Option,
  type TemplateProperty,
  type TemplatePropertyItem,
  type WorkflowDefinition,
} from '@crossarm/shared';
import { sql } from 'kysely';
import type { ServiceContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import type { LibraryEntryRow } from '../library/repo.ts';
import { scopeOf, visibleProjects } from '../overview/visibility.ts';
import { requireVisibleProject } from '../projects/access.ts';
import { requireVisibleTemplate } from './access.ts';
import { entriesOf } from './present.ts';

type Where = Pick<TemplatePropertyItem, 'placement' | 'stage' | 'task'>;

/** Every property of a definition where it sits: the application form first, then stage by stage. */
function placements(definition: WorkflowDefinition): { property: TemplateProperty; where: Where }[] {
  return [
    ...definition.applicationForm.map((property) => ({
      property,
      where: { placement: 'ApplicationForm' as const, stage: null, task: null },
    })),
    ...definition.stages.flatMap((stage) =>
      stage.tasks.flatMap((task) =>
        task.properties.map((property) => ({
          property,
          where: {
            placement: 'Task' as const,
            stage: { key: stage.key, name: stage.name },
            task: { key: task.key, name: task.name },
          },
        })),
      ),
    ),
  ];
}

function present(property: TemplateProperty, where: Where, entry: LibraryEntryRow | undefined) {
  return {
    libraryEntryId: property.libraryEntryId,
    name: entry?.name ?? 'Deleted property',
    description: entry?.description ?? null,
    fieldType: entry?.field_type ?? null,
    renderOptions: entry?.render_options ?? null,
    required: property.required,
    ...where,
  } satisfies TemplatePropertyItem;
}

/** The properties of one of a project's templates with their field types, for forms and filters. */
export async function templateProperties(
  ctx: ServiceContext,
  projectId: string,
  templateId: string,
): Promise<TemplatePropertyItem[]> {
  await requireVisibleProject(ctx, ctx.db, projectId);
  const template = await requireVisibleTemplate(ctx, ctx.db, templateId);
  if (template.project_id !== projectId) throw notFound('The workflow template');
  const entries = await entriesOf(ctx.db, template.definition);
  return placements(template.definition).map(({ property, where }) =>
    present(property, where, entries.get(property.libraryEntryId)),
  );
}

/** `%` and `_` in a filter are meant literally. */
const likePattern = (filter: string) => `%${filter.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The stages or tasks of the published templates of the projects whose permits the caller may see (the
 * overview's rule, `visibleProjects`), each library entry once under its library name as the tracker's
 * columns title it, by name: what permit filters offer. A template may rename a stage or task; the option
 * is the entry, whatever its templates call it.
 */
export async function workflowOptions(
  ctx: ServiceContext,
  kind: 'stages' | 'tasks',
  query: { projectId?: string | undefined; filter?: string | undefined },
): Promise<Option[]> {
  if (query.projectId) await requireVisibleProject(ctx, ctx.db, query.projectId);
  const items =
    kind === 'stages'
      ? sql`jsonb_array_elements(t.definition->'stages') item`
      : sql`jsonb_array_elements(t.definition->'stages') s CROSS JOIN LATERAL jsonb_array_elements(s->'tasks') item`;
  const project = query.projectId ? sql`AND t.project_id = ${query.projectId}` : sql``;
  const filter = query.filter ? sql`AND e.name ILIKE ${likePattern(query.filter)}` : sql``;
  const { rows } = await sql<Option>`
    SELECT e.id::text AS id, e.name FROM library_entries e
    WHERE e.application = 'JointUse' AND e.kind = ${kind === 'stages' ? 'stage' : 'task'}
      AND e.id::text IN (
        SELECT item->>'libraryEntryId'
        FROM ${visibleProjects(scopeOf(ctx))} vp
        JOIN workflow_templates t ON t.project_id = vp.project_id AND t.status = 'Published'
        CROSS JOIN LATERAL ${items}
        WHERE TRUE ${project})
      ${filter}
    ORDER BY lower(e.name), e.id
    LIMIT ${MAX_OPTIONS}`.execute(ctx.db);
  return rows;
}
