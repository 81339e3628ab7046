import { findCycle } from './graph.ts';
import type { TemplateTask, WorkflowDefinition } from './workflow.ts';

// How the tasks of a template wait on each other. Stages run in order; within a stage a task is ready to
// begin when the tasks it depends on are completed; a stage completes when its required tasks are done.
// From that follows which tasks can ever become ready, and which stages can ever start.

/** One reason a template cannot be published, located by its path in the definition. */
export interface TemplateIssue {
  /** Where in the definition, dot-separated: `stages.0.tasks.1.timer.durationDays`. */
  path: string;
  message: string;
}

/** A task with where it sits. */
export interface PlacedTask {
  task: TemplateTask;
  stageIndex: number;
  taskIndex: number;
  path: string;
}

export const stagePath = (stageIndex: number) => `stages.${stageIndex}`;
export const taskPath = (stageIndex: number, taskIndex: number) => `stages.${stageIndex}.tasks.${taskIndex}`;

/** The template's tasks by key; where a key repeats, the first task holding it. */
export function indexTasks(definition: WorkflowDefinition): Map<string, PlacedTask> {
  const tasks = new Map<string, PlacedTask>();
  definition.stages.forEach((stage, stageIndex) => {
    stage.tasks.forEach((task, taskIndex) => {
      if (!tasks.has(task.key)) {
        tasks.set(task.key, { task, stageIndex, taskIndex, path: taskPath(stageIndex, taskIndex) });
      }
    });
  });
  return tasks;
}

/** Why a task can never become ready, by task key; tasks that can are absent. */
export type Unreachable = Map<string, string>;

/** What the dependency checks found, for the checks that build on them. */
export interface DependencyAnalysis {
  issues: TemplateIssue[];
  /** Tasks that can never become ready, with the reason. */
  unreachable: Unreachable;
  /** The tasks a task waits on, directly or through others (its own stage only). */
  ancestorsOf(key: string): ReadonlySet<string>;
}

/** The dependencies that can be followed: on a known task of the same stage. Others are reported. */
function followableEdges(definition: WorkflowDefinition, tasks: Map<string, PlacedTask>) {
  const issues: TemplateIssue[] = [];
  const edges = new Map<string, string[]>();
  definition.stages.forEach((stage, stageIndex) => {
    stage.tasks.forEach((task, taskIndex) => {
      const own = tasks.get(task.key);
      if (own?.task !== task) return; // a task with a repeated key: its key problem is reported instead
      const followed: string[] = [];
      task.dependsOn.forEach((key, depIndex) => {
        const path = `${taskPath(stageIndex, taskIndex)}.dependsOn.${depIndex}`;
        const target = tasks.get(key);
        if (!target) {
          issues.push({ path, message: `No task has the key ${key}` });
        } else if (target.stageIndex !== stageIndex) {
          const stageName = definition.stages[target.stageIndex]?.name ?? '';
          issues.push({
            path,
            message: `'${target.task.name}' is in the stage '${stageName}'; a task can only wait on tasks of its own stage`,
          });
        } else {
          followed.push(key);
        }
      });
      edges.set(task.key, followed);
    });
  });
  return { issues, edges };
}

/** The groups of tasks that wait on each other in a circle (strongly connected components with a cycle). */
function circles(keys: string[], edges: ReadonlyMap<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (key: string) => {
    index.set(key, index.size);
    low.set(key, index.get(key)!);
    stack.push(key);
    onStack.add(key);
    for (const next of edges.get(key) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(key, Math.min(low.get(key)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(key, Math.min(low.get(key)!, index.get(next)!));
      }
    }
    if (low.get(key) !== index.get(key)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== key);
    if (component.length > 1 || (edges.get(key) ?? []).includes(key)) found.push(component);
  };
  for (const key of keys) if (!index.has(key)) visit(key);
  return found;
}

/** A walk round the circle from `start`, staying inside it, back to `start`. */
function walkRound(start: string, members: ReadonlySet<string>, edges: ReadonlyMap<string, string[]>) {
  const inside = new Map(
    [...members].map((key) => [key, (edges.get(key) ?? []).filter((k) => members.has(k))]),
  );
  return findCycle(start, inside) ?? [start, start];
}

/** Tasks that can never become ready: those left over once every task that can be done has been. */
function stuckTasks(keys: string[], edges: ReadonlyMap<string, string[]>): Set<string> {
  const done = new Set<string>();
  let progressed = true;
  while (progressed) {
    progressed = false;
    for (const key of keys) {
      if (!done.has(key) && (edges.get(key) ?? []).every((dep) => done.has(dep))) {
        done.add(key);
        progressed = true;
      }
    }
  }
  return new Set(keys.filter((key) => !done.has(key)));
}

/** Reports unknown, cross-stage and circular dependencies, and works out which tasks can never be ready. */
export function analyseDependencies(
  definition: WorkflowDefinition,
  tasks: Map<string, PlacedTask>,
): DependencyAnalysis {
  const { issues, edges } = followableEdges(definition, tasks);
  const nameOf = (key: string) => tasks.get(key)?.task.name ?? key;
  const unreachable: Unreachable = new Map();
  let stuckStage: { stageName: string; taskName: string } | null = null;
  for (const stage of definition.stages) {
    const keys = stage.tasks.filter((task) => tasks.get(task.key)?.task === task).map((task) => task.key);
    for (const circle of circles(keys, edges)) {
      const members = new Set(circle);
      const first = keys.find((key) => members.has(key))!;
      const place = tasks.get(first)!;
      const walk = walkRound(first, members, edges).map(nameOf);
      issues.push({
        path: `${place.path}.dependsOn`,
        message:
          walk.length === 2
            ? `'${walk[0]}' waits on itself`
            : `These tasks wait on each other in a circle: ${walk.join(' → ')}`,
      });
    }
    const stuck = stuckTasks(keys, edges);
    for (const key of keys) {
      if (stuckStage) {
        unreachable.set(
          key,
          `the stage '${stage.name}' never starts, because '${stuckStage.taskName}' in '${stuckStage.stageName}' never becomes ready`,
        );
      } else if (stuck.has(key)) {
        unreachable.set(key, `'${nameOf(key)}' never becomes ready: its dependencies wait in a circle`);
      }
    }
    const blocking = stage.tasks.find((task) => task.required && stuck.has(task.key));
    if (!stuckStage && blocking) stuckStage = { stageName: stage.name, taskName: blocking.name };
  }
  return { issues, unreachable, ancestorsOf: ancestry(edges) };
}

/** The transitive dependencies of each task, worked out when first asked for. */
function ancestry(edges: ReadonlyMap<string, string[]>) {
  const memo = new Map<string, Set<string>>();
  return (key: string): ReadonlySet<string> => {
    const known = memo.get(key);
    if (known) return known;
    const seen = new Set<string>();
    const pending = [...(edges.get(key) ?? [])];
    while (pending.length > 0) {
      const next = pending.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      pending.push(...(edges.get(next) ?? []));
    }
    memo.set(key, seen);
    return seen;
  };
}
