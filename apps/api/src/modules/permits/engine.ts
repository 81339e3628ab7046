import type { StageStatus, TaskStatus, WorkflowDefinition } from '@crossarm/shared';

// How a permit moves through its version's stages and tasks, kept pure so that creating, migrating and
// (later) completing or uncompleting all work out the same consistent state:
// - stages run in order: those before the first unfinished stage are Completed, that one is Active, the
//   rest NotStarted;
// - a stage is finished when its required tasks are Completed (a stage with only optional tasks, when all
//   of them are);
// - in the Active stage a task whose dependencies are all Completed is ReadyToBegin.
// InProgress and Completed are facts someone recorded and are kept as they are; NotStarted and
// ReadyToBegin follow from the rules above.

export interface StageState {
  stageKey: string;
  position: number;
  libraryEntryId: string;
  name: string;
  status: StageStatus;
  startedAt: Date | null;
  completedAt: Date | null;
}

export interface TaskState {
  stageKey: string;
  taskKey: string;
  position: number;
  libraryEntryId: string;
  name: string;
  required: boolean;
  status: TaskStatus;
  readyAt: Date | null;
  startedAt: Date | null;
  completedAt: Date | null;
  completedBy: string | null;
}

export interface Progress {
  stages: StageState[];
  tasks: TaskState[];
  /** The Active stage; null once every stage is finished. */
  activeStageKey: string | null;
}

export type CarriedStage = Pick<StageState, 'startedAt' | 'completedAt'>;
export type CarriedTask = Pick<TaskState, 'status' | 'readyAt' | 'startedAt' | 'completedAt' | 'completedBy'>;

/** What a permit already had for a stage or task (by its key in the definition being settled). */
export interface Carried {
  stages: ReadonlyMap<string, CarriedStage>;
  tasks: ReadonlyMap<string, CarriedTask>;
}

const NOTHING_CARRIED: Carried = { stages: new Map(), tasks: new Map() };

/** The stages and tasks of a new permit: the first stage Active, its tasks without dependencies ReadyToBegin. */
export function instantiate(definition: WorkflowDefinition, now: Date): Progress {
  return settle(definition, NOTHING_CARRIED, now);
}

/**
 * The consistent state of a permit on `definition`, given what it carries over for each stage and task.
 * Dates already recorded are kept; a stage or task that newly starts, finishes or becomes ready gets `now`.
 */
export function settle(definition: WorkflowDefinition, carried: Carried, now: Date): Progress {
  const taskStatus = (key: string): TaskStatus => carried.tasks.get(key)?.status ?? 'NotStarted';
  const finished = definition.stages.map((stage) => {
    const required = stage.tasks.filter((task) => task.required);
    const counted = required.length > 0 ? required : stage.tasks;
    return counted.every((task) => taskStatus(task.key) === 'Completed');
  });
  const activeIndex = finished.indexOf(false);
  const stages: StageState[] = [];
  const tasks: TaskState[] = [];
  definition.stages.forEach((stage, position) => {
    const was = carried.stages.get(stage.key);
    const stageStatus: StageStatus =
      activeIndex === -1 || position < activeIndex
        ? 'Completed'
        : position === activeIndex
          ? 'Active'
          : 'NotStarted';
    stages.push({
      stageKey: stage.key,
      position,
      libraryEntryId: stage.libraryEntryId,
      name: stage.name,
      status: stageStatus,
      startedAt: stageStatus === 'NotStarted' ? null : (was?.startedAt ?? now),
      completedAt: stageStatus === 'Completed' ? (was?.completedAt ?? now) : null,
    });
    stage.tasks.forEach((task, taskPosition) => {
      const own = carried.tasks.get(task.key);
      const status = taskStatusIn(stageStatus, {
        carried: own?.status ?? 'NotStarted',
        dependenciesDone: task.dependsOn.every((key) => taskStatus(key) === 'Completed'),
      });
      tasks.push({
        stageKey: stage.key,
        taskKey: task.key,
        position: taskPosition,
        libraryEntryId: task.libraryEntryId,
        name: task.name,
        required: task.required,
        status,
        readyAt: status === 'NotStarted' ? null : (own?.readyAt ?? now),
        startedAt: status === 'InProgress' || status === 'Completed' ? (own?.startedAt ?? null) : null,
        completedAt: status === 'Completed' ? (own?.completedAt ?? now) : null,
        completedBy: status === 'Completed' ? (own?.completedBy ?? null) : null,
      });
    });
  });
  return { stages, tasks, activeStageKey: activeIndex === -1 ? null : stages[activeIndex]!.stageKey };
}

/** A task's status from what it carries and where its stage stands. */
function taskStatusIn(
  stageStatus: StageStatus,
  task: { carried: TaskStatus; dependenciesDone: boolean },
): TaskStatus {
  if (task.carried === 'InProgress' || task.carried === 'Completed') return task.carried;
  if (stageStatus === 'Active') return task.dependenciesDone ? 'ReadyToBegin' : 'NotStarted';
  // A finished stage keeps its optional tasks as they were left; a stage not reached has none ready.
  return stageStatus === 'Completed' ? task.carried : 'NotStarted';
}

/** One thing a task action changed: each becomes an activity entry and a hub event. */
export interface ProgressChange {
  kind:
    | 'TaskStarted'
    | 'TaskCompleted'
    | 'TaskUncompleted'
    | 'TaskReadyToBegin'
    | 'TaskChanged'
    | StageChangeKind;
  stageKey: string;
  /** Null for a stage's change. */
  taskKey: string | null;
  name: string;
  from: string;
  to: string;
}

type StageChangeKind = 'StageStarted' | 'StageCompleted' | 'StageUncompleted';

export interface ProgressStep {
  progress: Progress;
  changes: ProgressChange[];
}

/** Why a task action cannot go ahead; the service turns it into a 409. */
export class ProgressRefusal extends Error {}

const carriedOf = (
  progress: Progress,
): { stages: Map<string, CarriedStage>; tasks: Map<string, CarriedTask> } => ({
  stages: new Map(
    progress.stages.map((s) => [s.stageKey, { startedAt: s.startedAt, completedAt: s.completedAt }]),
  ),
  tasks: new Map(
    progress.tasks.map((t) => [
      t.taskKey,
      {
        status: t.status,
        readyAt: t.readyAt,
        startedAt: t.startedAt,
        completedAt: t.completedAt,
        completedBy: t.completedBy,
      },
    ]),
  ),
});

function taskOf(progress: Progress, taskKey: string) {
  const task = progress.tasks.find((t) => t.taskKey === taskKey);
  if (!task) throw new ProgressRefusal('The permit has no such task.');
  return task;
}

/**
 * Marks a ready task as being worked on (the first time someone fills it in); a task already in progress
 * stays as it is. Nothing else follows from starting.
 */
export function startTask(progress: Progress, taskKey: string, now: Date): ProgressStep {
  const task = taskOf(progress, taskKey);
  if (task.status === 'NotStarted') {
    throw new ProgressRefusal(`${task.name} is not ready to begin yet, so it cannot be worked on.`);
  }
  if (task.status === 'Completed') {
    throw new ProgressRefusal(`${task.name} is completed; uncomplete it before changing it.`);
  }
  if (task.status === 'InProgress') return { progress, changes: [] };
  const started: TaskState = { ...task, status: 'InProgress', startedAt: now };
  return {
    progress: { ...progress, tasks: progress.tasks.map((t) => (t.taskKey === taskKey ? started : t)) },
    changes: [
      {
        kind: 'TaskStarted',
        stageKey: task.stageKey,
        taskKey,
        name: task.name,
        from: task.status,
        to: 'InProgress',
      },
    ],
  };
}

/**
 * Completes a task: its dependents whose dependencies are all done become ReadyToBegin, and when that
 * finishes its stage the next stage starts. Finishing the last stage leaves no Active stage but does not
 * complete the permit: that is a separate, explicit step of the permit's lifecycle.
 */
export function completeTask(
  definition: WorkflowDefinition,
  progress: Progress,
  taskKey: string,
  by: { userId: string; now: Date },
): ProgressStep {
  const task = taskOf(progress, taskKey);
  if (task.status !== 'ReadyToBegin' && task.status !== 'InProgress') {
    throw new ProgressRefusal(`${task.name} is ${describeStatus(task.status)}, so it cannot be completed.`);
  }
  const carried = carriedOf(progress);
  carried.tasks.set(taskKey, {
    ...carried.tasks.get(taskKey)!,
    status: 'Completed',
    completedAt: by.now,
    completedBy: by.userId,
  });
  const next = settle(definition, carried, by.now);
  return { progress: next, changes: changesBetween(progress, next, taskKey) };
}

/**
 * Reverses completing a task: it returns to InProgress when it had been started, ReadyToBegin otherwise;
 * its dependents not yet started go back to NotStarted; a stage it had finished reopens and the stage
 * started after it goes back to NotStarted. Refused when work already done depends on the completion.
 */
export function uncompleteTask(
  definition: WorkflowDefinition,
  progress: Progress,
  taskKey: string,
  now: Date,
): ProgressStep {
  const task = taskOf(progress, taskKey);
  if (task.status !== 'Completed') throw new ProgressRefusal(`${task.name} is not completed.`);
  const dependents = definition.stages
    .flatMap((stage) => stage.tasks)
    .filter((t) => t.dependsOn.includes(taskKey))
    .map((t) => taskOf(progress, t.key))
    .filter((t) => t.status === 'Completed');
  if (dependents.length > 0) {
    throw new ProgressRefusal(
      `${names(dependents)} depends on ${task.name} and is completed; uncomplete it first.`,
    );
  }
  const carried = carriedOf(progress);
  carried.tasks.set(taskKey, {
    ...carried.tasks.get(taskKey)!,
    status: task.startedAt ? 'InProgress' : 'ReadyToBegin',
    completedAt: null,
    completedBy: null,
  });
  const next = settle(definition, carried, now);
  const activeIndex = next.stages.findIndex((s) => s.stageKey === next.activeStageKey);
  const doneLater = next.tasks.filter(
    (t) =>
      activeIndex !== -1 &&
      stagePosition(next, t.stageKey) > activeIndex &&
      (t.status === 'Completed' || t.status === 'InProgress'),
  );
  if (doneLater.length > 0) {
    throw new ProgressRefusal(
      `Uncompleting ${task.name} would reopen its stage, but work was already done in a later stage: ${names(doneLater)}.`,
    );
  }
  return { progress: next, changes: changesBetween(progress, next, taskKey) };
}

const stagePosition = (progress: Progress, stageKey: string) =>
  progress.stages.find((s) => s.stageKey === stageKey)?.position ?? -1;

const names = (tasks: { name: string }[]) => tasks.map((t) => t.name).join(', ');

function describeStatus(status: TaskStatus) {
  return {
    NotStarted: 'not ready to begin',
    ReadyToBegin: 'ready',
    InProgress: 'in progress',
    Completed: 'already completed',
  }[status];
}

/** What changed from one state to the next: the acted-on task first, then stages in order, then other tasks. */
function changesBetween(before: Progress, after: Progress, taskKey: string): ProgressChange[] {
  const acted: ProgressChange[] = [];
  const stages: ProgressChange[] = [];
  const tasks: ProgressChange[] = [];
  const stageWas = new Map(before.stages.map((s) => [s.stageKey, s.status]));
  const taskWas = new Map(before.tasks.map((t) => [t.taskKey, t.status]));
  for (const stage of after.stages) {
    const was = stageWas.get(stage.stageKey) ?? 'NotStarted';
    if (was === stage.status) continue;
    stages.push({
      kind: stageChangeKind(was, stage.status),
      stageKey: stage.stageKey,
      taskKey: null,
      name: stage.name,
      from: was,
      to: stage.status,
    });
  }
  for (const task of after.tasks) {
    const was = taskWas.get(task.taskKey) ?? 'NotStarted';
    if (was === task.status) continue;
    const change = {
      kind: taskChangeKind(was, task.status),
      stageKey: task.stageKey,
      taskKey: task.taskKey,
      name: task.name,
      from: was,
      to: task.status,
    };
    (task.taskKey === taskKey ? acted : tasks).push(change);
  }
  return [...acted, ...stages, ...tasks];
}

function stageChangeKind(from: StageStatus, to: StageStatus): StageChangeKind {
  if (to === 'Completed') return 'StageCompleted';
  // Back from Completed, or a later stage put back to NotStarted: both undo a completion.
  if (from === 'Completed' || to === 'NotStarted') return 'StageUncompleted';
  return 'StageStarted';
}

function taskChangeKind(from: TaskStatus, to: TaskStatus): ProgressChange['kind'] {
  if (to === 'Completed') return 'TaskCompleted';
  if (from === 'Completed') return 'TaskUncompleted';
  if (to === 'ReadyToBegin') return 'TaskReadyToBegin';
  return 'TaskChanged';
}
