import type { NextTask, PermitHeader, PermitTrackerHeader, Recent } from '@crossarm/shared';
import type { Executor } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { recordRecent } from '../projects/recents.ts';
import { type PermitAccess, requirePermit } from './permit-access.ts';
import { assigneesOf, isoOf, stagesOf } from './tracker-repo.ts';

/** The tasks of the active stage someone can work on now, with their assignees. */
async function nextTasksOf(db: Executor, permitId: string, stageKey: string | null): Promise<NextTask[]> {
  if (!stageKey) return [];
  const tasks = await db
    .selectFrom('permit_tasks')
    .select(['task_key', 'name', 'status'])
    .where('permit_id', '=', permitId)
    .where('stage_key', '=', stageKey)
    .where('status', 'in', ['ReadyToBegin', 'InProgress'])
    .orderBy('position')
    .execute();
  const assignees = await assigneesOf(
    db,
    permitId,
    tasks.map((task) => task.task_key),
  );
  return tasks.map((task) => ({
    key: task.task_key,
    name: task.name,
    status: task.status,
    assignees: assignees.get(task.task_key) ?? [],
  }));
}

/** The request a decision or an undo acts on: a pending one, or the approved one of a cancelled permit. */
async function openCancelRequestOf(db: Executor, permit: PermitAccess['permit']) {
  if (permit.status !== 'CancelRequested' && permit.status !== 'Cancelled') return null;
  const request = await db
    .selectFrom('permit_cancel_requests')
    .select(['id', 'status', 'reason'])
    .where('permit_id', '=', permit.id)
    .where('status', '=', permit.status === 'Cancelled' ? 'Approved' : 'Pending')
    .orderBy('requested_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return request ?? null;
}

async function headerOf(db: Executor, access: PermitAccess): Promise<PermitHeader> {
  const { permit, project } = access;
  const [applicant, activeStage, nextTasks, cancelRequest] = await Promise.all([
    db
      .selectFrom('organizations')
      .select(['id', 'name'])
      .where('id', '=', permit.applicant_organization_id)
      .executeTakeFirstOrThrow(),
    permit.active_stage_key
      ? db
          .selectFrom('permit_stages')
          .select(['stage_key as key', 'name'])
          .where('permit_id', '=', permit.id)
          .where('stage_key', '=', permit.active_stage_key)
          .executeTakeFirst()
      : undefined,
    nextTasksOf(db, permit.id, permit.active_stage_key),
    openCancelRequestOf(db, permit),
  ]);
  return {
    id: permit.id,
    permitNumber: permit.permit_number,
    project: { id: project.id, name: project.name, code: project.project_code },
    applicant,
    location: permit.location,
    status: permit.status,
    restricted: permit.restricted,
    restrictedReason: permit.restricted_reason,
    onHoldReason: permit.on_hold_reason,
    poles: permit.actual_poles,
    createdAt: permit.created_at.toISOString(),
    lastActivityAt: permit.last_activity_at.toISOString(),
    completedAt: isoOf(permit.completed_at),
    activeStage: activeStage ?? null,
    nextTasks,
    cancelRequest,
    isPoleOwner: access.isPoleOwner,
    permissions: access.permissions,
  };
}

/** The header of a permit's page: who applied where, where it stands and what is next. */
export async function getPermitHeader(ctx: ServiceContext, permitId: string): Promise<PermitHeader> {
  return headerOf(ctx.db, await requirePermit(ctx, ctx.db, permitId));
}

/** The header of a permit's tracker: the permit header with its template and how many stages are done. */
export async function getTrackerHeader(ctx: ServiceContext, permitId: string): Promise<PermitTrackerHeader> {
  const access = await requirePermit(ctx, ctx.db, permitId);
  const [header, template, stages] = await Promise.all([
    headerOf(ctx.db, access),
    ctx.db
      .selectFrom('workflow_templates as t')
      .innerJoin('workflow_template_groups as g', 'g.id', 't.group_id')
      .select(['t.id', 'g.name', 't.version'])
      .where('t.id', '=', access.permit.template_id)
      .executeTakeFirstOrThrow(),
    stagesOf(ctx.db, permitId),
  ]);
  return {
    ...header,
    template,
    stageCount: stages.length,
    completedStageCount: stages.filter((stage) => stage.status === 'Completed').length,
  };
}

/** Puts a permit the caller may see at the top of their recent permits. */
export async function markPermitViewed(ctx: ServiceContext, permitId: string): Promise<Recent> {
  const { permit, project } = await requirePermit(ctx, ctx.db, permitId);
  return recordRecent(ctx.db, ctx.session.user.id, {
    type: 'Permit',
    refId: permit.id,
    metadata: { ProjectName: project.name, PermitNumber: permit.permit_number },
  });
}
