import {
  type BulkAssignMode,
  type BulkAssignPermit,
  type BulkAssignResult,
  type BulkPerson,
  listNames,
  type ParsedBulkAssignInput,
  type PermitStatus,
  type TemplateTask,
} from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor, Trx } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { permitViewersAmong, viewersKey } from '../permits/assignments-repo.ts';
import { type PermitRow, refusalOf, statusReason } from '../permits/lifecycle.ts';
import type { ActivityEntry } from '../permits/repo.ts';
import { definitionsOf } from '../permits/repo.ts';
import { type Selected, takeSelection } from './selection.ts';
import { recordBulk, refuseAny } from './writes.ts';

// Assigning people to one task on many permits. The task is named by its task library entry, the same in
// every workflow that uses it. `Difference` adds the people where they are missing; `Synchronize` makes them
// exactly the task's assignees. The same rules as on one permit: EditPermits, an open permit (active, on
// hold or waiting on a cancellation), people who can see the permit. A permit that refuses (closed, without
// the task, or someone cannot see it) refuses the whole action with a 409 listing them: nothing is written.
// `info` answers the same plan without writing, so the dialog shows the problems before anyone confirms.

const ASSIGNABLE: readonly PermitStatus[] = ['Active', 'OnHold', 'CancelRequested'];

interface TaskPlan {
  stageKey: string;
  task: TemplateTask;
  added: BulkPerson[];
  removed: BulkPerson[];
}

interface PermitPlan {
  permit: PermitRow;
  tasks: TaskPlan[];
  problem: string | null;
}

/** The tasks of the permit's workflow that are the library task (within the library stage when given). */
function tasksOf(
  definition: { stages: { key: string; libraryEntryId: string; tasks: TemplateTask[] }[] } | undefined,
  input: ParsedBulkAssignInput,
) {
  return (definition?.stages ?? [])
    .filter((stage) => !input.stageLibraryEntryId || stage.libraryEntryId === input.stageLibraryEntryId)
    .flatMap((stage) =>
      stage.tasks
        .filter((task) => task.libraryEntryId === input.taskLibraryEntryId)
        .map((task) => ({ stageKey: stage.key, task })),
    );
}

/** Who is assigned to which task of each permit, set-wise. */
async function currentAssignees(db: Executor, permits: PermitRow[]) {
  const rows = await db
    .selectFrom('permit_task_assignments as a')
    .innerJoin('users', 'users.id', 'a.user_id')
    .select([
      'a.permit_id',
      'a.task_key',
      'users.id',
      sql<string>`users.first_name || ' ' || users.last_name`.as('name'),
    ])
    .where(sql<boolean>`a.permit_id = ANY(${permits.map((permit) => permit.id)}::uuid[])`)
    .orderBy('name')
    .orderBy('users.id')
    .execute();
  const current = new Map<string, BulkPerson[]>();
  for (const row of rows) {
    const key = `${row.permit_id}/${row.task_key}`;
    current.set(key, [...(current.get(key) ?? []), { id: row.id, name: row.name }]);
  }
  return current;
}

/** What the assignment would do to each selected permit, and why a permit refuses it. */
async function planAssignments(
  db: Executor,
  permits: PermitRow[],
  input: ParsedBulkAssignInput,
  mode: BulkAssignMode,
): Promise<PermitPlan[]> {
  if (permits.length === 0) return [];
  const definitions = await definitionsOf(db, [...new Set(permits.map((permit) => permit.template_id))]);
  const current = await currentAssignees(db, permits);
  const viewers = await permitViewersAmong(db, permits, input.userIds);
  const plans: (PermitPlan & { unseen: string[] })[] = [];
  for (const permit of permits) {
    const people = viewers.get(viewersKey(permit))!.map(({ id, name }): BulkPerson => ({ id, name }));
    const seen = new Set(people.map((person) => person.id));
    const asked = input.userIds.flatMap((id) => people.filter((person) => person.id === id));
    const tasks = tasksOf(definitions.get(permit.template_id), input).map(({ stageKey, task }) => {
      const now = current.get(`${permit.id}/${task.key}`) ?? [];
      return {
        stageKey,
        task,
        added: asked.filter((person) => !now.some((c) => c.id === person.id)),
        removed: mode === 'Synchronize' ? now.filter((c) => !input.userIds.includes(c.id)) : [],
      };
    });
    const unseen = input.userIds.filter((id) => !seen.has(id));
    let problem: string | null = null;
    if (!ASSIGNABLE.includes(permit.status)) problem = statusReason(permit);
    else if (tasks.length === 0) problem = 'its workflow has no such task';
    plans.push({ permit, tasks, problem, unseen });
  }
  // A person is named only when they see one of the selected permits, as the caller does; anyone else is
  // named by their place in the request, so that the answer never tells who an id belongs to.
  const named = new Map([...viewers.values()].flat().map((person) => [person.id, person.name]));
  return plans.map(({ unseen, ...plan }) => {
    if (plan.problem !== null || unseen.length === 0) return plan;
    const who = unseen
      .map((id) => named.get(id) ?? `person ${input.userIds.indexOf(id) + 1} of those asked`)
      .join(', ');
    return { ...plan, problem: `${who} cannot see it` };
  });
}

const changes = (plan: PermitPlan) => plan.tasks.some((t) => t.added.length > 0 || t.removed.length > 0);

function answer(plans: PermitPlan[]): BulkAssignResult {
  const permits: BulkAssignPermit[] = plans.map((plan) => ({
    permitId: plan.permit.id,
    permitNumber: plan.permit.permit_number,
    problem: plan.problem,
    tasks: plan.tasks.map((t) => ({
      stageKey: t.stageKey,
      taskKey: t.task.key,
      taskName: t.task.name,
      added: t.added,
      removed: t.removed,
    })),
  }));
  return {
    total: plans.length,
    changedCount: plans.filter((plan) => plan.problem === null && changes(plan)).length,
    problemCount: plans.filter((plan) => plan.problem !== null).length,
    permits,
  };
}

/** `POST permits/bulk-assign/info`: what the assignment would do, writing nothing. */
export async function previewBulkAssign(
  ctx: ServiceContext,
  input: ParsedBulkAssignInput,
  mode: BulkAssignMode,
): Promise<BulkAssignResult> {
  const { permits } = await takeSelection(ctx, ctx.db, input.selection, {
    permission: 'EditPermits',
    lock: false,
  });
  return answer(await planAssignments(ctx.db, permits, input, mode));
}

/** Removes and adds the planned assignments, set-wise. */
async function writePlans(trx: Trx, plans: PermitPlan[], userId: string) {
  const removed = plans.flatMap((plan) =>
    plan.tasks.flatMap((t) => t.removed.map((person) => [plan.permit.id, t.task.key, person.id] as const)),
  );
  if (removed.length > 0) {
    await sql`DELETE FROM permit_task_assignments a
      USING unnest(${removed.map((r) => r[0])}::uuid[], ${removed.map((r) => r[1])}::uuid[],
        ${removed.map((r) => r[2])}::uuid[]) AS gone (permit_id, task_key, user_id)
      WHERE a.permit_id = gone.permit_id AND a.task_key = gone.task_key AND a.user_id = gone.user_id`.execute(
      trx,
    );
  }
  const added = plans.flatMap((plan) =>
    plan.tasks.flatMap((t) =>
      t.added.map((person) => ({
        permit_id: plan.permit.id,
        task_key: t.task.key,
        user_id: person.id,
        assigned_by: userId,
      })),
    ),
  );
  for (let start = 0; start < added.length; start += 5000) {
    await trx
      .insertInto('permit_task_assignments')
      .values(added.slice(start, start + 5000))
      .execute();
  }
}

/** How each side of a change is logged and told, as the single assignment does. */
const SIDES = [
  { side: 'added', personal: 'TaskAssignedToMe', verb: 'assigned to' },
  { side: 'removed', personal: 'TaskUnassignedFromMe', verb: 'unassigned from' },
] as const;

/**
 * One activity entry per permit, naming everyone added and removed on each of its tasks in name order
 * ("Ana Diaz and Bo Li were assigned to Survey; Cy Park was unassigned from Survey"): a TaskAssigned entry
 * when anyone was added, else TaskUnassigned, with the people's ids (`after.userIds` added,
 * `before.userIds` removed).
 */
function entriesOf(plans: PermitPlan[], actorUserId: string): ActivityEntry[] {
  return plans.map((plan) => {
    const people = (side: 'added' | 'removed') => [
      ...new Set(plan.tasks.flatMap((t) => t[side].map((person) => person.id))),
    ];
    const clauses = plan.tasks.flatMap((t) =>
      SIDES.flatMap(({ side, verb }) => {
        const names = t[side].map((person) => person.name).sort((a, b) => a.localeCompare(b));
        if (names.length === 0) return [];
        return [`${listNames(names)} ${names.length === 1 ? 'was' : 'were'} ${verb} ${t.task.name}`];
      }),
    );
    const added = people('added');
    const removed = people('removed');
    return {
      permitId: plan.permit.id,
      projectId: plan.permit.project_id,
      kind: added.length > 0 ? 'TaskAssigned' : 'TaskUnassigned',
      actorUserId,
      summary: [...new Set(clauses)].join('; '),
      before: removed.length > 0 ? { userIds: removed } : null,
      after: added.length > 0 ? { userIds: added } : null,
    };
  });
}

/** One personal event to each person added (or removed), listing their permits. */
async function tellPeople(ctx: ServiceContext, trx: Trx, plans: PermitPlan[], input: ParsedBulkAssignInput) {
  const events = SIDES.flatMap(({ side, personal }) => {
    const byPerson = new Map<string, Set<string>>();
    for (const plan of plans) {
      for (const t of plan.tasks) {
        for (const person of t[side]) {
          byPerson.set(person.id, (byPerson.get(person.id) ?? new Set()).add(plan.permit.id));
        }
      }
    }
    return [...byPerson].map(([userId, permitIds]) => ({
      type: personal,
      userId,
      payload: {
        permitIds: [...permitIds],
        count: permitIds.size,
        taskLibraryEntryId: input.taskLibraryEntryId,
      },
      connectionId: ctx.connectionId,
    }));
  });
  await ctx.app.events.recordAll(trx, events);
}

/** `POST permits/bulk-assign/difference` and `/synchronize`: all or nothing. */
export function bulkAssign(
  ctx: ServiceContext,
  input: ParsedBulkAssignInput,
  mode: BulkAssignMode,
): Promise<BulkAssignResult> {
  return transact(ctx, async (trx) => {
    const { permits }: Selected = await takeSelection(ctx, trx, input.selection, {
      permission: 'EditPermits',
      lock: true,
    });
    const plans = await planAssignments(trx, permits, input, mode);
    const refused = plans.flatMap((plan) => (plan.problem ? [refusalOf(plan.permit, plan.problem)] : []));
    refuseAny(refused, 'The people cannot be assigned on every selected permit');
    const changed = plans.filter(changes);
    await writePlans(trx, changed, ctx.session.user.id);
    await recordBulk(ctx, trx, {
      permits: changed.map((plan) => plan.permit),
      entries: entriesOf(changed, ctx.session.user.id),
      permitKind: 'TaskAssigned',
      bulkKind: 'BulkAssignment',
      detail: { taskLibraryEntryId: input.taskLibraryEntryId },
    });
    await tellPeople(ctx, trx, changed, input);
    return answer(plans);
  });
}
