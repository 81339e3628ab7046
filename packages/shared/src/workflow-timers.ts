import {
  TIMER_MAX_DAYS,
  TIMER_MIN_DAYS,
  type Timer,
  type TimerStartEvent,
  type TimerStopEvent,
  type WorkflowDefinition,
} from './workflow.ts';
import {
  type DependencyAnalysis,
  type PlacedTask,
  stagePath,
  type TemplateIssue,
  taskPath,
} from './workflow-dependencies.ts';

// Whether each timer of a template can run: it has its days, the tasks its events name exist, and it
// cannot stop before it starts. A permit moves forward only: stages in order, and within a stage a task is
// ready, then started, then completed, after the tasks it depends on are completed.

/** Where a timer sits: on a stage, or on one of its tasks. */
interface TimerOwner {
  stageIndex: number;
  taskKey: string | null;
  path: string;
}

/** A moment in a permit's life a timer starts or stops at. */
type Moment =
  | { kind: 'PermitStart' }
  | { kind: 'StageStart'; stageIndex: number }
  | { kind: 'Task'; stageIndex: number; taskKey: string; phase: number }
  | { kind: 'StageEnd'; stageIndex: number }
  | { kind: 'PermitEnd' };

/** The order in which the events of one task happen. */
const TASK_PHASE: Partial<Record<TimerStartEvent | TimerStopEvent, number>> = {
  TaskReadyToBegin: 0,
  TaskStarted: 1,
  TaskCompleted: 2,
};
const PHASE_WORDS = ['is ready to begin', 'starts', 'completes'];

interface TimerCheck {
  definition: WorkflowDefinition;
  tasks: Map<string, PlacedTask>;
  issues: TemplateIssue[];
}

function checkDuration(timer: Timer, path: string, issues: TemplateIssue[]) {
  const days = timer.durationDays;
  if (days === null) {
    issues.push({ path: `${path}.durationDays`, message: 'Enter the number of days' });
  } else if (!Number.isInteger(days) || days < TIMER_MIN_DAYS || days > TIMER_MAX_DAYS) {
    issues.push({
      path: `${path}.durationDays`,
      message: `Between ${TIMER_MIN_DAYS} and ${TIMER_MAX_DAYS} whole days`,
    });
  }
}

/** The moment an event stands for, or null (reported) when the task it names is missing or wrong. */
function resolve(
  check: TimerCheck,
  owner: TimerOwner,
  side: 'startsOn' | 'stopsOn',
  on: { event: TimerStartEvent | TimerStopEvent; taskKey?: string | undefined },
): Moment | null {
  const path = `${owner.path}.${side}.taskKey`;
  const phase = TASK_PHASE[on.event];
  if (phase === undefined) {
    if (on.taskKey !== undefined) check.issues.push({ path, message: 'This event does not name a task' });
    if (on.event === 'PermitCreated') return { kind: 'PermitStart' };
    if (on.event === 'PermitCompleted') return { kind: 'PermitEnd' };
    return { kind: on.event === 'StageStarted' ? 'StageStart' : 'StageEnd', stageIndex: owner.stageIndex };
  }
  const startsOnOtherTask = side === 'startsOn' && on.event === 'TaskCompleted';
  const key = on.taskKey ?? (startsOnOtherTask ? null : owner.taskKey);
  if (key === null) {
    const message = startsOnOtherTask
      ? 'Choose the task whose completion starts the timer'
      : 'Choose the task this event is about';
    check.issues.push({ path, message });
    return null;
  }
  const target = check.tasks.get(key);
  if (!target) {
    check.issues.push({ path, message: `No task has the key ${key}` });
    return null;
  }
  if (startsOnOtherTask && key === owner.taskKey) {
    check.issues.push({ path, message: "A task's timer cannot start when that same task completes" });
    return null;
  }
  return { kind: 'Task', stageIndex: target.stageIndex, taskKey: key, phase };
}

/** How far into the permit a moment is, stage by stage. */
function stageRank(moment: Moment): number {
  if (moment.kind === 'PermitStart') return Number.NEGATIVE_INFINITY;
  if (moment.kind === 'PermitEnd') return Number.POSITIVE_INFINITY;
  return moment.stageIndex;
}

function stopsBeforeStart(start: Moment, stop: Moment, analysis: DependencyAnalysis): boolean {
  if (stageRank(stop) !== stageRank(start)) return stageRank(stop) < stageRank(start);
  if (start.kind !== 'Task' || stop.kind !== 'Task') return false;
  if (start.taskKey === stop.taskKey) return stop.phase <= start.phase;
  // The stop task completes before the start task can even be ready when the start task waits on it.
  return analysis.ancestorsOf(start.taskKey).has(stop.taskKey);
}

function describe(check: TimerCheck, moment: Moment): string {
  const stageName = (index: number) => check.definition.stages[index]?.name ?? '';
  switch (moment.kind) {
    case 'PermitStart':
      return 'the permit is created';
    case 'PermitEnd':
      return 'the permit completes';
    case 'StageStart':
      return `the stage '${stageName(moment.stageIndex)}' starts`;
    case 'StageEnd':
      return `the stage '${stageName(moment.stageIndex)}' completes`;
    case 'Task':
      return `'${check.tasks.get(moment.taskKey)?.task.name}' ${PHASE_WORDS[moment.phase]}`;
  }
}

function checkTimer(check: TimerCheck, analysis: DependencyAnalysis, timer: Timer, owner: TimerOwner) {
  checkDuration(timer, owner.path, check.issues);
  const start = resolve(check, owner, 'startsOn', timer.startsOn);
  const stop = resolve(check, owner, 'stopsOn', timer.stopsOn);
  if (!start || !stop || !stopsBeforeStart(start, stop, analysis)) return;
  const [startText, stopText] = [describe(check, start), describe(check, stop)];
  check.issues.push({
    path: `${owner.path}.stopsOn`,
    message:
      startText === stopText
        ? `The timer would stop the moment it starts (${startText})`
        : `The timer would stop before it starts: ${stopText} before ${startText}`,
  });
}

/** Checks every stage and task timer of the template. */
export function checkTimers(
  definition: WorkflowDefinition,
  tasks: Map<string, PlacedTask>,
  analysis: DependencyAnalysis,
): TemplateIssue[] {
  const check: TimerCheck = { definition, tasks, issues: [] };
  definition.stages.forEach((stage, stageIndex) => {
    if (stage.timer) {
      checkTimer(check, analysis, stage.timer, {
        stageIndex,
        taskKey: null,
        path: `${stagePath(stageIndex)}.timer`,
      });
    }
    stage.tasks.forEach((task, taskIndex) => {
      if (!task.timer) return;
      checkTimer(check, analysis, task.timer, {
        stageIndex,
        taskKey: task.key,
        path: `${taskPath(stageIndex, taskIndex)}.timer`,
      });
    });
  });
  return check.issues;
}
