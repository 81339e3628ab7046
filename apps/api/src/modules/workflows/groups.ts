import {
  emptyDefinition,
  type WorkflowDefinition,
  type WorkflowTemplateGroup,
  type WorkflowTemplateGroupStatus,
} from '@crossarm/shared';
import type { Executor, Trx } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { conflict } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.ts';
import { requireManagedProject } from '../projects/access.ts';
import type { ProjectRow } from '../projects/repo.ts';
import {
  MANAGE_DETAIL,
  orgOf,
  requireManagedGroup,
  requireNotArchived,
  requireVisibleGroup,
  requireVisibleTemplate,
} from './access.ts';
import { presentGroup, presentTemplate } from './present.ts';
import {
  findDraft,
  groupNameTaken,
  insertGroup,
  insertTemplate,
  listVersions,
  newestVersions,
  setGroupStatus,
} from './repo.ts';
import { guardUnique } from './unique.ts';

/** A group with the versions the caller may read. */
export async function getGroup(ctx: ServiceContext, id: string): Promise<WorkflowTemplateGroup> {
  const group = await requireVisibleGroup(ctx, ctx.db, id);
  return presentGroup(group, await listVersions(ctx.db, orgOf(ctx), [id]));
}

const nameTaken = (name: string) => conflict(`The project already has a template named '${name}'.`);

/** Adds a group with its first version, an empty draft (or the given definition), and audits it. */
export async function addGroup(
  ctx: ServiceContext,
  trx: Trx,
  project: ProjectRow,
  name: string,
  definition: WorkflowDefinition,
  audit: { action: string; after?: Record<string, unknown> },
) {
  const userId = ctx.session.user.id;
  const group = await insertGroup(trx, project.id, name, userId);
  await insertTemplate(trx, {
    project_id: project.id,
    group_id: group.id,
    version: 1,
    definition: JSON.stringify(definition),
    created_by: userId,
    updated_by: userId,
    updated_at: new Date(),
  });
  await recordAudit(trx, ctx.session, {
    action: audit.action,
    targetType: 'workflow-template-group',
    targetId: group.id,
    organizationId: project.owner_organization_id,
    after: { projectId: project.id, name, status: 'Inactive', ...audit.after },
  });
  return group.id;
}

/** Creates an inactive group in a project, with an empty draft as version 1. */
export async function createGroup(ctx: ServiceContext, projectId: string, name: string) {
  const id = await guardUnique(
    () =>
      transact(ctx, async (trx) => {
        const project = await requireManagedProject(ctx, trx, projectId, MANAGE_DETAIL);
        if (await groupNameTaken(trx, projectId, name)) throw nameTaken(name);
        return addGroup(ctx, trx, project, name, emptyDefinition(), {
          action: 'workflow-template-group.created',
        });
      }),
    () => nameTaken(name),
  );
  return getGroup(ctx, id);
}

/** What each lifecycle action does: the status it leads to and the statuses it may start from. */
const TRANSITIONS = {
  activate: { to: 'Active', from: ['Inactive', 'Archived'] },
  deactivate: { to: 'Inactive', from: ['Active', 'Archived'] },
  archive: { to: 'Archived', from: ['Inactive'] },
} as const satisfies Record<
  string,
  { to: WorkflowTemplateGroupStatus; from: readonly WorkflowTemplateGroupStatus[] }
>;
export type GroupAction = keyof typeof TRANSITIONS;

async function hasPublishedVersion(db: Executor, groupId: string) {
  return (await newestVersions(db, groupId)).published !== null;
}

/**
 * Activates (offers the latest published version for new permits), deactivates (stops offering it; also
 * how an archived group comes back) or archives a group. An active group is deactivated before it is
 * archived, so that withdrawing a template from new permits is always a deliberate step of its own.
 */
export async function changeGroupStatus(ctx: ServiceContext, id: string, action: GroupAction) {
  const { to, from } = TRANSITIONS[action];
  await transact(ctx, async (trx) => {
    const { group, project } = await requireManagedGroup(ctx, trx, id);
    if (group.status === to) throw conflict(`The template is already ${to.toLowerCase()}.`);
    if (!(from as readonly string[]).includes(group.status)) {
      throw conflict('Deactivate the template before archiving it: it is offered for new permits.');
    }
    if (to === 'Active' && !(await hasPublishedVersion(trx, id))) {
      throw conflict('Publish a version of this template before activating it.');
    }
    await setGroupStatus(trx, id, to, ctx.session.user.id);
    await recordAudit(trx, ctx.session, {
      action: `workflow-template-group.${action}d`,
      targetType: 'workflow-template-group',
      targetId: id,
      organizationId: project.owner_organization_id,
      before: { status: group.status },
      after: { status: to },
    });
  });
  return getGroup(ctx, id);
}

/**
 * The group's draft. When it has none, the next version is created as a copy of the newest published
 * one; asking again returns the same draft.
 */
export async function openDraft(ctx: ServiceContext, groupId: string) {
  const draftId = await transact(ctx, async (trx) => {
    const { group, project } = await requireManagedGroup(ctx, trx, groupId);
    requireNotArchived(group.status);
    const existing = await findDraft(trx, groupId);
    if (existing) return existing.id;
    const { newestVersion, published } = await newestVersions(trx, groupId);
    const version = newestVersion + 1;
    const userId = ctx.session.user.id;
    const created = await insertTemplate(trx, {
      project_id: group.project_id,
      group_id: groupId,
      version,
      definition: JSON.stringify(published?.definition ?? emptyDefinition()),
      created_by: userId,
      updated_by: userId,
      updated_at: new Date(),
    });
    await recordAudit(trx, ctx.session, {
      action: 'workflow-template.draft-created',
      targetType: 'workflow-template',
      targetId: created.id,
      organizationId: project.owner_organization_id,
      after: { groupId, version, copiedFromVersion: published?.version ?? null },
    });
    return created.id;
  });
  return presentTemplate(ctx.db, await requireVisibleTemplate(ctx, ctx.db, draftId));
}
