import { sql } from 'kysely';
import type { Executor, Trx } from '../../db/database.ts';
import type { Progress, StageState, TaskState } from './engine.ts';

/** A permit's stages and tasks as stored, in the order the engine works them. */
export async function loadProgress(db: Executor, permitId: string): Promise<Progress> {
  const [stageRows, taskRows] = await Promise.all([
    db
      .selectFrom('permit_stages')
      .selectAll()
      .where('permit_id', '=', permitId)
      .orderBy('position')
      .execute(),
    db.selectFrom('permit_tasks').selectAll().where('permit_id', '=', permitId).execute(),
  ]);
  const stages: StageState[] = stageRows.map((row) => ({
    stageKey: row.stage_key,
    position: row.position,
    libraryEntryId: row.library_entry_id,
    name: row.name,
    status: row.status,
    startedAt: row.started_at,
    completedAt: row.completed_at,
  }));
  const stageOrder = new Map(stages.map((stage) => [stage.stageKey, stage.position]));
  const tasks: TaskState[] = taskRows
    .map((row) => ({
      stageKey: row.stage_key,
      taskKey: row.task_key,
      position: row.position,
      libraryEntryId: row.library_entry_id,
      name: row.name,
      required: row.required,
      status: row.status,
      readyAt: row.ready_at,
      startedAt: row.started_at,
      completedAt: row.completed_at,
      completedBy: row.completed_by,
    }))
    .sort((a, b) => stageOrder.get(a.stageKey)! - stageOrder.get(b.stageKey)! || a.position - b.position);
  const active = stages.find((stage) => stage.status === 'Active');
  return { stages, tasks, activeStageKey: active?.stageKey ?? null };
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** Writes the stages and tasks that differ between two states of a permit, and its active stage. */
export async function saveProgress(trx: Trx, permitId: string, before: Progress, after: Progress) {
  const stagesBefore = new Map(before.stages.map((stage) => [stage.stageKey, stage]));
  for (const stage of after.stages) {
    const was = stagesBefore.get(stage.stageKey);
    if (
      was?.status === stage.status &&
      sameTime(was.startedAt, stage.startedAt) &&
      sameTime(was.completedAt, stage.completedAt)
    ) {
      continue;
    }
    await trx
      .updateTable('permit_stages')
      .set({ status: stage.status, started_at: stage.startedAt, completed_at: stage.completedAt })
      .where('permit_id', '=', permitId)
      .where('stage_key', '=', stage.stageKey)
      .execute();
  }
  const tasksBefore = new Map(before.tasks.map((task) => [task.taskKey, task]));
  for (const task of after.tasks) {
    const was = tasksBefore.get(task.taskKey);
    if (
      was?.status === task.status &&
      sameTime(was.readyAt, task.readyAt) &&
      sameTime(was.startedAt, task.startedAt) &&
      sameTime(was.completedAt, task.completedAt)
    ) {
      continue;
    }
    await trx
      .updateTable('permit_tasks')
      .set({
        status: task.status,
        ready_at: task.readyAt,
        started_at: task.startedAt,
        completed_at: task.completedAt,
        completed_by: task.completedBy,
      })
      .where('permit_id', '=', permitId)
      .where('task_key', '=', task.taskKey)
      .execute();
  }
  // Written only when it moves: the tasks' own trigger has already kept the permit's next up task.
  await trx
    .updateTable('permits')
    .set({ active_stage_key: after.activeStageKey })
    .where('id', '=', permitId)
    .where(sql<boolean>`active_stage_key IS DISTINCT FROM ${after.activeStageKey}::uuid`)
    .execute();
}
