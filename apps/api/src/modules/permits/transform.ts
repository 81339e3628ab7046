import type { WorkflowDefinition } from '@crossarm/shared';
import {
  type Carried,
  type CarriedStage,
  type CarriedTask,
  type Progress,
  type StageState,
  settle,
  type TaskState,
} from './engine.ts';
import type { Mapping } from './mapping.ts';

// What one permit becomes on another version. Mapped tasks keep their status and dates, new ones start
// afresh, and the engine settles stage statuses and ready tasks. Property values follow their task; a
// value whose place is gone moves to where the target version still has that property (the application
// form first, then the tasks in order), and is dropped only when the target has it nowhere free.

/** A property value as stored: on the application form (no task key) or on a task. */
export interface StoredValue {
  taskKey: string | null;
  propertyEntryId: string;
  value: unknown;
  updatedBy: string | null;
  updatedAt: Date;
}

/** What a permit has on its current version. */
export interface PermitSnapshot {
  stages: Pick<StageState, 'stageKey' | 'startedAt' | 'completedAt'>[];
  tasks: Pick<TaskState, 'taskKey' | 'status' | 'readyAt' | 'startedAt' | 'completedAt' | 'completedBy'>[];
  values: StoredValue[];
}

export interface MigratedState {
  progress: Progress;
  /** Every value the permit keeps, in its new place. */
  values: StoredValue[];
  /** Whether any value moved or was dropped, so that untouched permits' values are left alone. */
  valuesChanged: boolean;
  dropped: StoredValue[];
}

/** Where the target version holds each property: the application form (null) and tasks, in order. */
export function placementsOf(definition: WorkflowDefinition): Map<string, (string | null)[]> {
  const places = new Map<string, (string | null)[]>();
  const add = (entryId: string, taskKey: string | null) => {
    const list = places.get(entryId) ?? [];
    if (!list.includes(taskKey)) list.push(taskKey);
    places.set(entryId, list);
  };
  for (const property of definition.applicationForm) add(property.libraryEntryId, null);
  for (const stage of definition.stages) {
    for (const task of stage.tasks)
      for (const property of task.properties) add(property.libraryEntryId, task.key);
  }
  return places;
}

/** What the permit carries onto the target's stages and tasks, under their target keys. */
function carriedOnto(snapshot: PermitSnapshot, mapping: Mapping): Carried {
  const stages = new Map<string, CarriedStage>();
  for (const stage of snapshot.stages) {
    const to = mapping.stages.get(stage.stageKey);
    if (to) stages.set(to, stage);
  }
  const tasks = new Map<string, CarriedTask>();
  for (const task of snapshot.tasks) {
    const to = mapping.tasks.get(task.taskKey);
    if (to) tasks.set(to, task);
  }
  return { stages, tasks };
}

/** Puts each value in its place on the target; see the module comment. */
function placeValues(
  values: StoredValue[],
  mapping: Mapping,
  placements: Map<string, (string | null)[]>,
): Pick<MigratedState, 'values' | 'valuesChanged' | 'dropped'> {
  const taken = new Set<string>();
  const spot = (taskKey: string | null, entryId: string) => `${taskKey ?? ''}/${entryId}`;
  const kept: StoredValue[] = [];
  const homeless: StoredValue[] = [];
  let moved = false;
  for (const value of values) {
    const places = placements.get(value.propertyEntryId) ?? [];
    const to = value.taskKey === null ? null : (mapping.tasks.get(value.taskKey) ?? undefined);
    if (to !== undefined && places.includes(to)) {
      kept.push({ ...value, taskKey: to });
      taken.add(spot(to, value.propertyEntryId));
      moved ||= to !== value.taskKey;
    } else {
      homeless.push(value);
    }
  }
  const dropped: StoredValue[] = [];
  for (const value of homeless) {
    const places = placements.get(value.propertyEntryId) ?? [];
    const free = places.find((place) => !taken.has(spot(place, value.propertyEntryId)));
    if (free === undefined) {
      dropped.push(value);
    } else {
      kept.push({ ...value, taskKey: free });
      taken.add(spot(free, value.propertyEntryId));
    }
  }
  return { values: kept, valuesChanged: moved || homeless.length > 0, dropped };
}

/** The permit's stages, tasks and values on the target version. */
export function migratePermitState(
  target: WorkflowDefinition,
  mapping: Mapping,
  placements: Map<string, (string | null)[]>,
  snapshot: PermitSnapshot,
  now: Date,
): MigratedState {
  const progress = settle(target, carriedOnto(snapshot, mapping), now);
  return { progress, ...placeValues(snapshot.values, mapping, placements) };
}
