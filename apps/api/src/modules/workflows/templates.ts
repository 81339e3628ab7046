import {
  defaultAssigneeUserIds,
  definitionCounts,
  validateTemplateForPublish,
  type WorkflowDefinition,
  type WorkflowTemplateGroup,
  type WorkflowTemplateListItem,
} from '@crossarm/shared';
import { type ServiceContext, transact } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.ts';
import { requireVisibleProject } from '../projects/access.ts';
import { orgOf, requireEditableDraft, requireVisibleTemplate } from './access.ts';
import { entriesOf, presentGroup, presentTemplate, presentVersion } from './present.ts';
import { listProjectGroups, listVersions, listVisibleVersions, usersInProject } from './repo.ts';

const PUBLISHED_IS_FINAL = 'A published version cannot be changed. Create a new draft.';

/** A project's groups with their versions; archived groups only when asked for. */
export async function listProjectTemplates(
  ctx: ServiceContext,
  projectId: string,
  includeArchived: boolean,
): Promise<WorkflowTemplateGroup[]> {
  await requireVisibleProject(ctx, ctx.db, projectId);
  const groups = await listProjectGroups(ctx.db, orgOf(ctx), projectId, includeArchived);
  const versions = await listVersions(
    ctx.db,
    orgOf(ctx),
    groups.map((group) => group.id),
  );
  // A group with nothing published is the pole owner's work in progress: other contributors do not see it.
  return groups
    .filter((group) => group.my_role === 'PoleOwner' || versions.some((v) => v.group_id === group.id))
    .map((group) => presentGroup(group, versions));
}

/** The versions of every project the caller sees, or of one project, with their group and project. */
export async function listTemplates(
  ctx: ServiceContext,
  projectId: string | undefined,
): Promise<WorkflowTemplateListItem[]> {
  if (projectId) await requireVisibleProject(ctx, ctx.db, projectId);
  const rows = await listVisibleVersions(ctx.db, orgOf(ctx), projectId);
  return rows.map((row) => ({
    ...presentVersion(row),
    group: { id: row.group_id, name: row.group_name, status: row.group_status },
    project: { id: row.project_id, name: row.project_name },
  }));
}

/** One version with its definition and the library entries and people it names. */
export async function getTemplate(ctx: ServiceContext, id: string) {
  return presentTemplate(ctx.db, await requireVisibleTemplate(ctx, ctx.db, id));
}

/** Replaces a draft's definition; a published version is refused. */
export async function saveTemplate(ctx: ServiceContext, id: string, definition: WorkflowDefinition) {
  await transact(ctx, async (trx) => {
    const { template, project } = await requireEditableDraft(ctx, trx, id, PUBLISHED_IS_FINAL);
    await trx
      .updateTable('workflow_templates')
      .set({
        definition: JSON.stringify(definition),
        updated_by: ctx.session.user.id,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    // The definition itself is kept by the version; the log notes the save and its size.
    await recordAudit(trx, ctx.session, {
      action: 'workflow-template.saved',
      targetType: 'workflow-template',
      targetId: id,
      organizationId: project.owner_organization_id,
      before: { stageCount: template.stage_count, taskCount: template.task_count },
      after: definitionCounts(definition),
    });
  });
  return getTemplate(ctx, id);
}

/**
 * Publishes a draft once it can run: every problem is refused at once (400), located under
 * `definition.`, and nothing changes. Published, the version is frozen for good.
 */
export async function publishTemplate(ctx: ServiceContext, id: string) {
  await transact(ctx, async (trx) => {
    const { template, project } = await requireEditableDraft(
      ctx,
      trx,
      id,
      'This version is already published. Create a new draft to change it.',
    );
    const [entries, assignableUserIds] = await Promise.all([
      entriesOf(trx, template.definition),
      usersInProject(trx, template.project_id, defaultAssigneeUserIds(template.definition)),
    ]);
    // Projects are joint use programs: their templates draw on the Joint Use library.
    const issues = validateTemplateForPublish(template.definition, {
      libraryEntries: entries,
      application: 'JointUse',
      assignableUserIds,
    });
    if (issues.length > 0) {
      throw badRequest(
        `The template cannot be published yet: ${issues.length === 1 ? '1 problem' : `${issues.length} problems`} to fix.`,
        issues.map((issue) => ({ field: `definition.${issue.path}`, message: issue.message })),
      );
    }
    const now = new Date();
    await trx
      .updateTable('workflow_templates')
      .set({ status: 'Published', published_at: now, published_by: ctx.session.user.id, updated_at: now })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, ctx.session, {
      action: 'workflow-template.published',
      targetType: 'workflow-template',
      targetId: id,
      organizationId: project.owner_organization_id,
      before: { status: 'Draft' },
      after: { status: 'Published', groupId: template.group_id, version: template.version },
    });
  });
  return getTemplate(ctx, id);
}
