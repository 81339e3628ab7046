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
