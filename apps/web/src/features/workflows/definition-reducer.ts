import type {
  TemplateProperty,
  TemplateStage,
  TemplateTask,
  Timer,
  WorkflowDefinition,
} from '@crossarm/shared';

// The designer's edits of a template definition, as a pure reducer. Stages and tasks are addressed by
// their keys, which stay put while things are reordered; new keys are made by the caller so that the
// reducer stays deterministic.

/** A library entry being placed in the template. */
export interface EntryRef {
  id: string;
  name: string;
}

/** Where a timer sits: on a stage, or on a task. */
export type TimerOwnerRef = { stageKey: string } | { taskKey: string };

/** A list of properties: a task's, or the application form. */
export type PropertyListRef = { taskKey: string } | 'applicationForm';

/** What may change on a task in one step. */
export type TaskChange = Partial<Pick<TemplateTask, 'name' | 'required' | 'dependsOn' | 'defaultAssignees'>>;

export type DefinitionAction =
  | { type: 'load'; definition: WorkflowDefinition }
  | { type: 'addStage'; key: string; entry: EntryRef }
  | { type: 'renameStage'; stageKey: string; name: string }
  | { type: 'moveStage'; from: number; to: number }
  | { type: 'removeStage'; stageKey: string }
  | { type: 'addTask'; stageKey: string; key: string; entry: EntryRef }
  | { type: 'changeTask'; taskKey: string; change: TaskChange }
  | { type: 'moveTask'; stageKey: string; from: number; to: number }
  | { type: 'removeTask'; taskKey: string }
  | { type: 'setTimer'; owner: TimerOwnerRef; timer: Timer | null }
  | { type: 'addProperty'; list: PropertyListRef; libraryEntryId: string }
  | { type: 'setPropertyRequired'; list: PropertyListRef; index: number; required: boolean }
  | { type: 'removeProperty'; list: PropertyListRef; index: number };

/** The list with the item at `from` moved to `to`; out-of-range moves leave it as it is. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from === to || from < 0 || to < 0 || from >= next.length || to >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

const mapStage = (
  definition: WorkflowDefinition,
  stageKey: string,
  change: (stage: TemplateStage) => TemplateStage,
): WorkflowDefinition => ({
  ...definition,
  stages: definition.stages.map((stage) => (stage.key === stageKey ? change(stage) : stage)),
});

const mapTask = (
  definition: WorkflowDefinition,
  taskKey: string,
  change: (task: TemplateTask) => TemplateTask,
): WorkflowDefinition => ({
  ...definition,
  stages: definition.stages.map((stage) =>
    stage.tasks.some((task) => task.key === taskKey)
      ? { ...stage, tasks: stage.tasks.map((task) => (task.key === taskKey ? change(task) : task)) }
      : stage,
  ),
});

/** An event, no longer naming a task that is gone. */
function eventWithout<E>(on: { event: E; taskKey?: string | undefined }, gone: ReadonlySet<string>) {
  return on.taskKey !== undefined && gone.has(on.taskKey) ? { event: on.event } : on;
}

/** A timer with its events no longer naming the given tasks. */
function timerWithout(timer: Timer | undefined, gone: ReadonlySet<string>): Timer | undefined {
  if (!timer) return timer;
  return {
    ...timer,
    startsOn: eventWithout(timer.startsOn, gone),
    stopsOn: eventWithout(timer.stopsOn, gone),
  };
}

/**
 * Removes what points at tasks that are gone: dependencies on them, and timer events naming them (a
 * task's own events then mean the task itself; others ask for a task again when published).
 */
function forgetTasks(definition: WorkflowDefinition, gone: ReadonlySet<string>): WorkflowDefinition {
  return {
    ...definition,
    stages: definition.stages.map((stage) => ({
      ...stage,
      timer: timerWithout(stage.timer, gone),
      tasks: stage.tasks.map((task) => ({
        ...task,
        dependsOn: task.dependsOn.filter((key) => !gone.has(key)),
        timer: timerWithout(task.timer, gone),
      })),
    })),
  };
}

// An absent timer is left undefined: it is dropped when the definition is sent as JSON.
const withTimer = <T extends { timer?: Timer | undefined }>(owner: T, timer: Timer | null): T => ({
  ...owner,
  timer: timer ?? undefined,
});

function setTimer(definition: WorkflowDefinition, owner: TimerOwnerRef, timer: Timer | null) {
  if ('stageKey' in owner) return mapStage(definition, owner.stageKey, (stage) => withTimer(stage, timer));
  return mapTask(definition, owner.taskKey, (task) => withTimer(task, timer));
}

function changeProperties(
  definition: WorkflowDefinition,
  list: PropertyListRef,
  change: (properties: TemplateProperty[]) => TemplateProperty[],
): WorkflowDefinition {
  if (list === 'applicationForm') {
    return { ...definition, applicationForm: change(definition.applicationForm) };
  }
  return mapTask(definition, list.taskKey, (task) => ({ ...task, properties: change(task.properties) }));
}

const newTask = (key: string, entry: EntryRef): TemplateTask => ({
  key,
  libraryEntryId: entry.id,
  name: entry.name,
  required: true,
  dependsOn: [],
  properties: [],
  defaultAssignees: [],
});

function propertyAction(definition: WorkflowDefinition, action: DefinitionAction): WorkflowDefinition {
  switch (action.type) {
    case 'addProperty':
      return changeProperties(definition, action.list, (list) => [
        ...list,
        { libraryEntryId: action.libraryEntryId, required: false },
      ]);
    case 'setPropertyRequired':
      return changeProperties(definition, action.list, (list) =>
        list.map((property, index) =>
          index === action.index ? { ...property, required: action.required } : property,
        ),
      );
    case 'removeProperty':
      return changeProperties(definition, action.list, (list) =>
        list.filter((_, index) => index !== action.index),
      );
    default:
      return definition;
  }
}

function taskAction(definition: WorkflowDefinition, action: DefinitionAction): WorkflowDefinition {
  switch (action.type) {
    case 'addTask':
      return mapStage(definition, action.stageKey, (stage) => ({
        ...stage,
        tasks: [...stage.tasks, newTask(action.key, action.entry)],
      }));
    case 'changeTask':
      return mapTask(definition, action.taskKey, (task) => ({ ...task, ...action.change }));
    case 'moveTask':
      return mapStage(definition, action.stageKey, (stage) => ({
        ...stage,
        tasks: moveItem(stage.tasks, action.from, action.to),
      }));
    case 'removeTask': {
      const without = {
        ...definition,
        stages: definition.stages.map((stage) => ({
          ...stage,
          tasks: stage.tasks.filter((task) => task.key !== action.taskKey),
        })),
      };
      return forgetTasks(without, new Set([action.taskKey]));
    }
    default:
      return propertyAction(definition, action);
  }
}

/** The definition after one designer action. */
export function definitionReducer(
  definition: WorkflowDefinition,
  action: DefinitionAction,
): WorkflowDefinition {
  switch (action.type) {
    case 'load':
      return action.definition;
    case 'addStage':
      return {
        ...definition,
        stages: [
          ...definition.stages,
          { key: action.key, libraryEntryId: action.entry.id, name: action.entry.name, tasks: [] },
        ],
      };
    case 'renameStage':
      return mapStage(definition, action.stageKey, (stage) => ({ ...stage, name: action.name }));
    case 'moveStage':
      return { ...definition, stages: moveItem(definition.stages, action.from, action.to) };
    case 'removeStage': {
      const stage = definition.stages.find((s) => s.key === action.stageKey);
      const without = { ...definition, stages: definition.stages.filter((s) => s.key !== action.stageKey) };
      return forgetTasks(without, new Set(stage?.tasks.map((task) => task.key) ?? []));
    }
    case 'setTimer':
      return setTimer(definition, action.owner, action.timer);
    default:
      return taskAction(definition, action);
  }
}

/** The stage holding a task, with the task, or null. */
export function findTask(definition: WorkflowDefinition, taskKey: string) {
  for (const stage of definition.stages) {
    const task = stage.tasks.find((t) => t.key === taskKey);
    if (task) return { stage, task };
  }
  return null;
}
