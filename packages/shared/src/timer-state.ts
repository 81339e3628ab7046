import { z } from 'zod';
import { type Timer, TimerBreach, TimerDayKind, type WorkflowDefinition } from './workflow.ts';

// A permit's deadline clocks as the permit page shows them: one per stage or task timer of its version,
// read at the moment of the request.

/** Whose timer it is: a stage's or a task's. */
export const TimerOwnerKind = z.enum(['Stage', 'Task']);
export type TimerOwnerKind = z.infer<typeof TimerOwnerKind>;

/** A span the permit was on hold while the timer ran; `to` is null while it still is. */
export const TimerHold = z.object({ from: z.string(), to: z.string().nullable() });
export type TimerHold = z.infer<typeof TimerHold>;

/** `GET joint-use/permit/{id}/timers`: one timer of the permit. */
export const PermitTimer = z.object({
  ownerKind: TimerOwnerKind,
  /** The stage's key, or the task's key. */
  ownerKey: z.string(),
  /** The stage the timer's stage or task belongs to. */
  stageKey: z.string(),
  /** The stage's or task's name. */
  name: z.string(),
  durationDays: z.number(),
  dayKind: TimerDayKind,
  pausesOnHold: z.boolean(),
  onBreach: TimerBreach,
  /** Null until the event that starts it happens. */
  startedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  holds: z.array(TimerHold),
  /** Wall time since it started (until it stopped). */
  elapsedTimeMs: z.number(),
  /** Days the clock ran, calendar or business as it counts. */
  elapsedOnTimerDays: z.number(),
  remainingDays: z.number(),
  /** When it ran out, or will if it keeps running; null before it starts and when it stopped in time. */
  dueAt: z.string().nullable(),
  breached: z.boolean(),
  /** When the breach was recorded, once it was. */
  breachedAt: z.string().nullable(),
  /** Shown as overdue: the timer ran out and its template asks to flag it. */
  flagged: z.boolean(),
});
export type PermitTimer = z.infer<typeof PermitTimer>;

/** A timer of a template version and where it sits. */
export interface PlacedTimer {
  ownerKind: TimerOwnerKind;
  ownerKey: string;
  stageKey: string;
  /** The task's key for a task timer; null for a stage timer. */
  taskKey: string | null;
  /** The library entry of the stage or task the timer belongs to. */
  libraryEntryId: string;
  name: string;
  timer: Timer & { durationDays: number };
}

/** Every stage and task timer of a definition, in stage order (a stage's own timer before its tasks'). */
export function definitionTimers(definition: WorkflowDefinition): PlacedTimer[] {
  return definition.stages.flatMap((stage) => {
    const placed: PlacedTimer[] = [];
    const add = (
      timer: Timer | undefined,
      ownerKind: TimerOwnerKind,
      owner: { key: string; name: string; libraryEntryId: string },
    ) => {
      // Only a draft lacks its days; a published version always has them.
      if (timer?.durationDays == null) return;
      placed.push({
        ownerKind,
        ownerKey: owner.key,
        stageKey: stage.key,
        taskKey: ownerKind === 'Task' ? owner.key : null,
        libraryEntryId: owner.libraryEntryId,
        name: owner.name,
        timer: { ...timer, durationDays: timer.durationDays },
      });
    };
    add(stage.timer, 'Stage', stage);
    for (const task of stage.tasks) add(task.timer, 'Task', task);
    return placed;
  });
}

/** Something that happened to a permit, as its engine or lifecycle reports it. */
export interface TimerEvent {
  kind: string;
  stageKey?: string | null;
  taskKey?: string | null;
}

/**
 * Whether an event starts (or stops) a timer. Task events name their task, or the timer's own task when
 * the template leaves the key out; stage events are about the timer's own stage.
 */
export function timerEventMatches(
  placed: PlacedTimer,
  side: 'startsOn' | 'stopsOn',
  event: TimerEvent,
): boolean {
  const on = placed.timer[side];
  if (on.event !== event.kind) return false;
  switch (on.event) {
    case 'PermitCreated':
    case 'PermitCompleted':
      return true;
    case 'StageStarted':
    case 'StageCompleted':
      return event.stageKey === placed.stageKey;
    default:
      return event.taskKey != null && event.taskKey === (on.taskKey ?? placed.taskKey);
  }
}
