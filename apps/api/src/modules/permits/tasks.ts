import type { PermitProgress, PropertyValuesInput, TaskProperties } from '@crossarm/shared';
import type { Trx } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { conflict } from '../../http/errors.ts';
import {
  completeTask,
  type Progress,
  type ProgressChange,
  ProgressRefusal,
  type ProgressStep,
  startTask,
  uncompleteTask,
} from './engine.ts';
import { recordPermitChange } from './events.ts';
import { discardOnFailure, type ReceivedFile } from './files-upload.ts';
import { saveValues } from './properties.ts';
import { missingRequiredProperties } from './properties-repo.ts';
import { requireWorkablePermit, taskIn } from './tasks-access.ts';
import { loadProgress, saveProgress } from './tasks-repo.ts';

/** Where a permit stands after a task action, with what the action changed. */
function presentProgress(progress: Progress, changes: ProgressChange[]): PermitProgress {
  return {
    activeStageKey: progress.activeStageKey,
    stages: progress.stages.map((s) => ({ key: s.stageKey, name: s.name, status: s.status })),
    tasks: progress.tasks.map((t) => ({
      stageKey: t.stageKey,
      key: t.taskKey,
      name: t.name,
      required: t.required,
      status: t.status,
    })),
    changes,
  };
}

/** What each change of the task engine says in the activity. */
export const PROGRESS_SUMMARIES: Record<ProgressChange['kind'], (name: string, to: string) => string> = {
  TaskStarted: (name) => `Task ${name} was started`,
  TaskCompleted: (name) => `Task ${name} was completed`,
  TaskUncompleted: (name) => `Task ${name} was uncompleted`,
  TaskReadyToBegin: (name) => `Task ${name} is ready to begin`,
  TaskChanged: (name) => `Task ${name} is no longer ready to begin`,
  StageStarted: (name) => `Stage ${name} started`,
  StageCompleted: (name) => `Stage ${name} was completed`,
  StageUncompleted: (name, to) =>
    to === 'Active' ? `Stage ${name} was reopened` : `Stage ${name} went back to not started`,
};

/** One activity entry and hub event per change, in the order the engine gave them. */
async function recordChanges(
  ctx: ServiceContext,
  trx: Trx,
  permit: { id: string; project_id: string; applicant_organization_id: string },
  changes: ProgressChange[],
) {
  for (const change of changes) {
    await recordPermitChange(ctx, trx, permit, {
      kind: change.kind,
      summary: PROGRESS_SUMMARIES[change.kind](change.name, change.to),
      before: { status: change.from },
      after: { status: change.to },
      detail: { stageKey: change.stageKey, ...(change.taskKey ? { taskKey: change.taskKey } : {}) },
    });
  }
}

/** The engine's step, its refusals as 409s. */
function refusingConflicts(step: () => ProgressStep): ProgressStep {
  try {
    return step();
  } catch (error) {
    if (error instanceof ProgressRefusal) throw conflict(error.message);
    throw error;
  }
}

type TaskAction = 'complete' | 'uncomplete';

/** Runs a task action on the locked permit: the engine's step, written with its activity. */
async function actOnTask(
  ctx: ServiceContext,
  ids: { permitId: string; stageKey: string; taskKey: string },
  action: TaskAction,
): Promise<PermitProgress> {
  return transact(ctx, async (trx) => {
    const access = await requireWorkablePermit(ctx, trx, ids.permitId, `${action}d`);
    const task = taskIn(access.definition, ids.stageKey, ids.taskKey);
    const before = await loadProgress(trx, ids.permitId);
    const now = new Date();
    // The engine first: a task that is not ready says so before what it lacks.
    const step = refusingConflicts(() =>
      action === 'complete'
        ? completeTask(access.definition, before, task.key, { userId: ctx.session.user.id, now })
        : uncompleteTask(access.definition, before, task.key, now),
    );
    if (action === 'complete') {
      const missing = await missingRequiredProperties(trx, ids.permitId, task);
      if (missing.length > 0) {
        throw conflict(`${task.name} cannot be completed until these are filled in: ${missing.join(', ')}.`);
      }
    }
    await saveProgress(trx, ids.permitId, before, step.progress);
    await recordChanges(ctx, trx, access.permit, step.changes);
    return presentProgress(step.progress, step.changes);
  });
}

/**
 * Completes a task once its required properties are filled in: dependents become ready, a finished stage
 * hands over to the next. The permit is never completed here; that is its own explicit action.
 */
export function completePermitTask(
  ctx: ServiceContext,
  ids: { permitId: string; stageKey: string; taskKey: string },
) {
  return actOnTask(ctx, ids, 'complete');
}

/** Reverses a task's completion, refused (409) when later work already depends on it. */
export function uncompletePermitTask(
  ctx: ServiceContext,
  ids: { permitId: string; stageKey: string; taskKey: string },
) {
  return actOnTask(ctx, ids, 'uncomplete');
}

/**
 * Saves values filled in on a task, and files uploaded to its File properties (already stored; removed again
 * when the save is refused). The first save starts a ready task (TaskStarted); a task not ready yet, or
 * already completed, takes no values (409).
 */
export function saveTaskValues(
  ctx: ServiceContext,
  ids: { permitId: string; stageKey: string; taskKey: string },
  input: PropertyValuesInput,
  files: ReceivedFile[] = [],
): Promise<TaskProperties> {
  return discardOnFailure(ctx.app.storage, files, () =>
    transact(ctx, async (trx) => {
      const access = await requireWorkablePermit(ctx, trx, ids.permitId, 'changed');
      const task = taskIn(access.definition, ids.stageKey, ids.taskKey);
      const before = await loadProgress(trx, ids.permitId);
      const step = refusingConflicts(() => startTask(before, task.key, new Date()));
      const properties = await saveValues(
        ctx,
        trx,
        access,
        { taskKey: task.key, properties: task.properties },
        input,
        files,
      );
      if (step.changes.length > 0) {
        await saveProgress(trx, ids.permitId, before, step.progress);
        await recordChanges(ctx, trx, access.permit, step.changes);
      }
      return { taskKey: task.key, properties };
    }),
  );
}
