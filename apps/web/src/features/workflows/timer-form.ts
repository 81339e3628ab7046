import type {
  PresetTimer,
  Timer,
  TimerBreachRecipient,
  TimerDayKind,
  TimerPreset,
  TimerStartEvent,
  TimerStopEvent,
} from '@crossarm/shared';

// The timer editor's choices and the rules that keep a timer's events sensible for where it sits. Spelled
// out rather than read from the shared enums so that the labels read as sentences.

/** A timer on a stage or on a task: some events mean "this task" only on a task. */
export type TimerOwnerKind = 'stage' | 'task';

/** Which end of the timer an event is for. */
export type TimerSide = 'startsOn' | 'stopsOn';

export const START_EVENT_LABELS: Record<TimerStartEvent, string> = {
  PermitCreated: 'The permit is created',
  StageStarted: 'The stage starts',
  TaskReadyToBegin: 'A task is ready to begin',
  TaskStarted: 'A task is started',
  TaskCompleted: 'Another task is completed',
};

export const STOP_EVENT_LABELS: Record<TimerStopEvent, string> = {
  TaskCompleted: 'A task is completed',
  StageCompleted: 'The stage completes',
  PermitCompleted: 'The permit completes',
};

export const DAY_KIND_LABELS: Record<TimerDayKind, string> = {
  Calendar: 'Calendar days',
  Business: 'Business days',
};

export const BREACH_RECIPIENT_LABELS: Record<TimerBreachRecipient, string> = {
  Assignees: 'Assignees',
  Applicant: 'Applicant',
  PoleOwner: 'Pole owner',
};

/**
 * Whether an event names a task: not at all, optionally (on a task's own timer, no task means that
 * task), or always.
 */
export function taskChoice(
  owner: TimerOwnerKind,
  side: TimerSide,
  event: TimerStartEvent | TimerStopEvent,
): 'none' | 'optional' | 'required' {
  if (event === 'TaskReadyToBegin' || event === 'TaskStarted')
    return owner === 'task' ? 'optional' : 'required';
  if (event !== 'TaskCompleted') return 'none';
  // A task's timer never starts when another task's completion is not named: that would be itself.
  return owner === 'task' && side === 'stopsOn' ? 'optional' : 'required';
}

/** A new timer: a task's runs from when it can begin until it completes, a stage's for the stage. */
export function newTimer(owner: TimerOwnerKind, durationDays: number | null): Timer {
  return {
    durationDays,
    dayKind: 'Calendar',
    startsOn: { event: owner === 'task' ? 'TaskReadyToBegin' : 'StageStarted' },
    stopsOn: { event: owner === 'task' ? 'TaskCompleted' : 'StageCompleted' },
    pausesOnHold: true,
    onBreach: { flag: true, notify: ['Assignees'] },
  };
}

/** An event, keeping the task it named when the new event names one too. */
function eventOn<E extends TimerStartEvent | TimerStopEvent>(
  owner: TimerOwnerKind,
  side: TimerSide,
  event: E,
  taskKey: string | undefined,
): { event: E; taskKey?: string } {
  return taskKey !== undefined && taskChoice(owner, side, event) !== 'none' ? { event, taskKey } : { event };
}

/**
 * A preset's settings copied into a timer, remembering the preset. The tasks the old events named are
 * kept where the preset's events still name a task.
 */
export function applyPreset(owner: TimerOwnerKind, preset: TimerPreset, current: Timer | undefined): Timer {
  const { timer } = preset;
  return {
    durationDays: timer.durationDays,
    dayKind: timer.dayKind,
    pausesOnHold: timer.pausesOnHold,
    onBreach: { flag: timer.onBreach.flag, notify: [...timer.onBreach.notify] },
    startsOn: eventOn(owner, 'startsOn', timer.startsOn.event, current?.startsOn.taskKey),
    stopsOn: eventOn(owner, 'stopsOn', timer.stopsOn.event, current?.stopsOn.taskKey),
    presetId: preset.id,
  };
}

/** A timer starting on another event. */
export function withStart(owner: TimerOwnerKind, timer: Timer, event: TimerStartEvent): Timer {
  return { ...timer, startsOn: eventOn(owner, 'startsOn', event, timer.startsOn.taskKey) };
}

/** A timer stopping on another event. */
export function withStop(owner: TimerOwnerKind, timer: Timer, event: TimerStopEvent): Timer {
  return { ...timer, stopsOn: eventOn(owner, 'stopsOn', event, timer.stopsOn.taskKey) };
}

/** The settings a preset keeps (no task references), or null while the days are not entered. */
export function presetTimerOf(timer: Timer): PresetTimer | null {
  if (timer.durationDays === null) return null;
  return {
    durationDays: timer.durationDays,
    dayKind: timer.dayKind,
    pausesOnHold: timer.pausesOnHold,
    onBreach: timer.onBreach,
    startsOn: { event: timer.startsOn.event },
    stopsOn: { event: timer.stopsOn.event },
  };
}

/** One line about a timer, for task rows and stage headers: '45 calendar days'. */
export function timerSummary(timer: Timer): string {
  if (timer.durationDays === null) return 'Timer: days not set';
  const days = timer.durationDays === 1 ? 'day' : 'days';
  return `${timer.durationDays} ${timer.dayKind === 'Business' ? 'business' : 'calendar'} ${days}`;
}
