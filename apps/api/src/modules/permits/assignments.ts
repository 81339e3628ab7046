import type { TaskAssignments, TaskAssignmentsInput, TemplateTask } from '@crossarm/shared';
import type { Trx } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { permitViewers, taskAssignees } from './assignments-repo.ts';
import { recordPermitChange } from './events.ts';
import { assertStatus } from './lifecycle.ts';
import { requirePermit } from './permit-access.ts';
import { taskIn, withDefinition } from './tasks-access.ts';

/**
 * Replaces who is assigned to a task with exactly the given people, all of whom must see the permit. Each
 * person added or removed is a TaskAssigned or TaskUnassigned entry for both organizations, and a
 * TaskAssignedToMe or TaskUnassignedFromMe event to that person.
 */
export function setTaskAssignments(
  ctx: ServiceContext,
  ids: { permitId: string; stageKey: string; taskKey: string },
  input: TaskAssignmentsInput,
): Promise<TaskAssignments> {
  return transact(ctx, async (trx) => {
    const access = await withDefinition(
      trx,
      await requirePermit(ctx, trx, ids.permitId, { permission: 'EditPermits', lock: true }),
    );
    // Assignments are planning, so a permit on hold or waiting on a cancellation may still be staffed.
    assertStatus(access.permit, ['Active', 'OnHold', 'CancelRequested'], 'reassigned');
    const task = taskIn(access.definition, ids.stageKey, ids.taskKey);
    const people = await permitViewers(trx, access.permit, input.userIds);
    const seen = new Set(people.map((p) => p.id));
    const unseen = input.userIds.findIndex((id) => !seen.has(id));
    if (unseen !== -1) {
      throw badRequest('Only people who can see the permit can be assigned to its tasks.', [
        { field: `body.userIds.${unseen}`, message: 'Must be someone who can see the permit' },
      ]);
    }
    const current = await taskAssignees(trx, ids.permitId, task.key);
    const added = people.filter((p) => !current.some((c) => c.id === p.id));
    const removed = current.filter((c) => !seen.has(c.id));
    if (added.length === 0 && removed.length === 0) return { taskKey: task.key, assignees: current };
    await writeAssignments(trx, ids.permitId, task.key, { added, removed }, ctx.session.user.id);
    await announce(ctx, trx, access.permit, { stageKey: ids.stageKey, task }, { added, removed });
    return { taskKey: task.key, assignees: await taskAssignees(trx, ids.permitId, task.key) };
  });
}

type Person = { id: string; name: string };
type Delta = { added: Person[]; removed: Person[] };

async function writeAssignments(
  trx: Trx,
  permitId: string,
  taskKey: string,
  { added, removed }: Delta,
  userId: string,
) {
  if (removed.length > 0) {
    await trx
      .deleteFrom('permit_task_assignments')
      .where('permit_id', '=', permitId)
      .where('task_key', '=', taskKey)
      .where(
        'user_id',
        'in',
        removed.map((p) => p.id),
      )
      .execute();
  }
  if (added.length > 0) {
    await trx
      .insertInto('permit_task_assignments')
      .values(
        added.map((p) => ({
          permit_id: permitId,
          task_key: taskKey,
          user_id: p.id,
          assigned_by: userId,
        })),
      )
      .execute();
  }
}

/** An entry and organization event per person added or removed, and a personal event to that person. */
async function announce(
  ctx: ServiceContext,
  trx: Trx,
  permit: { id: string; project_id: string; applicant_organization_id: string },
  where: { stageKey: string; task: TemplateTask },
  { added, removed }: Delta,
) {
  const detail = { stageKey: where.stageKey, taskKey: where.task.key };
  for (const [kind, personal, list, verb] of [
    ['TaskAssigned', 'TaskAssignedToMe', added, 'assigned to'],
    ['TaskUnassigned', 'TaskUnassignedFromMe', removed, 'unassigned from'],
  ] as const) {
    for (const person of list) {
      await recordPermitChange(ctx, trx, permit, {
        kind,
        summary: `${person.name} was ${verb} ${where.task.name}`,
        ...(kind === 'TaskAssigned' ? { after: { userId: person.id } } : { before: { userId: person.id } }),
        detail: { ...detail, userId: person.id },
      });
      // To that person alone: the permit's open pages hear the change through the event above.
      await ctx.app.events.record(trx, {
        type: personal,
        userId: person.id,
        payload: { permitId: permit.id, projectId: permit.project_id, ...detail },
        connectionId: ctx.connectionId,
      });
    }
  }
}
