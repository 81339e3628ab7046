import type { FieldError, MappedItem, WorkflowDefinition } from '@crossarm/shared';

// Which stage and task of the target version each stage and task of the source version becomes. By
// default they are paired by library entry: first a target item with the same key and entry (versions of
// one group share keys, so two tasks on the same entry keep their own partners), then the first unused
// target item on the same entry, in order. What the caller maps explicitly wins; the defaults fill in the
// rest around it. Anything left without a partner is dropped.

/** Source key → target key, or null when dropped. */
export type KeyMapping = Record<string, string | null>;

export interface MappingOverrides {
  stages?: KeyMapping;
  tasks?: KeyMapping;
}

/** Every source key with its target key, or null when it is dropped. */
export interface Mapping {
  stages: Map<string, string | null>;
  tasks: Map<string, string | null>;
}

interface Item {
  key: string;
  libraryEntryId: string;
  name: string;
}

type Kind = 'stage' | 'task';

const stagesOf = (definition: WorkflowDefinition): Item[] => definition.stages;
const tasksOf = (definition: WorkflowDefinition): Item[] => definition.stages.flatMap((stage) => stage.tasks);

/** Checks what the caller mapped: keys of each side that exist, and no target taken twice. */
function checkOverrides(kind: Kind, source: Item[], target: Item[], overrides: KeyMapping): FieldError[] {
  const sourceKeys = new Set(source.map((item) => item.key));
  const targetKeys = new Set(target.map((item) => item.key));
  const taken = new Map<string, string>();
  const issues: FieldError[] = [];
  for (const [from, to] of Object.entries(overrides)) {
    const field = `body.mapping.${kind}s.${from}`;
    if (!sourceKeys.has(from)) {
      issues.push({ field, message: `The permits' version has no ${kind} with this key` });
    } else if (to !== null && !targetKeys.has(to)) {
      issues.push({ field, message: `The target version has no ${kind} with the key ${to}` });
    } else if (to !== null && taken.has(to)) {
      issues.push({ field, message: `Another ${kind} is already mapped to ${to}` });
    } else if (to !== null) {
      taken.set(to, from);
    }
  }
  return issues;
}

/** Pairs source items with target items: the overrides, then same key and entry, then same entry in order. */
function pair(source: Item[], target: Item[], overrides: KeyMapping): Map<string, string | null> {
  const result = new Map<string, string | null>();
  const used = new Set<string>();
  for (const item of source) {
    if (!Object.hasOwn(overrides, item.key)) continue;
    const to = overrides[item.key] ?? null;
    result.set(item.key, to);
    if (to !== null) used.add(to);
  }
  const claim = (item: Item, match: (candidate: Item) => boolean) => {
    if (result.has(item.key)) return;
    const found = target.find((candidate) => !used.has(candidate.key) && match(candidate));
    if (!found) return;
    result.set(item.key, found.key);
    used.add(found.key);
  };
  for (const item of source) {
    claim(
      item,
      (candidate) => candidate.key === item.key && candidate.libraryEntryId === item.libraryEntryId,
    );
  }
  for (const item of source) claim(item, (candidate) => candidate.libraryEntryId === item.libraryEntryId);
  return new Map(source.map((item) => [item.key, result.get(item.key) ?? null]));
}

/** The mapping from one version to another, or the problems with the caller's overrides. */
export function buildMapping(
  source: WorkflowDefinition,
  target: WorkflowDefinition,
  overrides: MappingOverrides = {},
): { mapping: Mapping; issues: FieldError[] } {
  const sides = {
    stages: [stagesOf(source), stagesOf(target)] as const,
    tasks: [tasksOf(source), tasksOf(target)] as const,
  };
  const issues = [
    ...checkOverrides('stage', ...sides.stages, overrides.stages ?? {}),
    ...checkOverrides('task', ...sides.tasks, overrides.tasks ?? {}),
  ];
  return {
    mapping: {
      stages: pair(...sides.stages, overrides.stages ?? {}),
      tasks: pair(...sides.tasks, overrides.tasks ?? {}),
    },
    issues,
  };
}

/** The mapping as a list to show: each source item with its target (or none), in source order. */
export function describeMapping(source: WorkflowDefinition, target: WorkflowDefinition, mapping: Mapping) {
  const describe = (sourceItems: Item[], targetItems: Item[], keys: Map<string, string | null>) => {
    const names = new Map(targetItems.map((item) => [item.key, item.name]));
    return sourceItems.map((item): MappedItem => {
      const to = keys.get(item.key) ?? null;
      return { sourceKey: item.key, sourceName: item.name, targetKey: to, targetName: to && names.get(to)! };
    });
  };
  const mapped = (keys: Map<string, string | null>) =>
    new Set([...keys.values()].filter((key) => key !== null));
  const stageTargets = mapped(mapping.stages);
  const taskTargets = mapped(mapping.tasks);
  return {
    stages: describe(stagesOf(source), stagesOf(target), mapping.stages),
    tasks: describe(tasksOf(source), tasksOf(target), mapping.tasks),
    newStages: target.stages
      .filter((stage) => !stageTargets.has(stage.key))
      .map((stage) => ({ key: stage.key, name: stage.name })),
    newTasks: target.stages.flatMap((stage) =>
      stage.tasks
        .filter((task) => !taskTargets.has(task.key))
        .map((task) => ({ key: task.key, name: task.name, stageKey: stage.key })),
    ),
  };
}

/** The pairs that change anything (a new key, or dropped), as the activity log records them. */
export function changedPairs(keys: Map<string, string | null>): KeyMapping {
  return Object.fromEntries([...keys].filter(([from, to]) => from !== to));
}
