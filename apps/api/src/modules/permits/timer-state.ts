import {
  definitionTimers,
  type HoldSpan,
  type PermitStatus,
  type PlacedTimer,
  readTimer,
  type TimerEvent,
  type TimerReading,
  timerEventMatches,
  type WorkflowDefinition,
} from '@crossarm/shared';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { PermitTimersTable } from '../../db/schema.ts';
import type { Progress } from './engine.ts';

// A permit's clocks move with what happens to it: the engine's changes start and stop them, holds pause
// them. Each clock starts at most once: a start event for a clock that already ran is ignored, and a stop
// for a clock never started does nothing.

export type TimerRow = Selectable<PermitTimersTable>;

/** The permit a clock belongs to; its status says whether a newly started clock begins on hold. */
export interface TimedPermit {
  id: string;
  project_id: string;
  status: PermitStatus;
}

const holdsOf = (row: TimerRow): HoldSpan[] =>
  row.holds.map((hold) => ({ from: new Date(hold.from), to: hold.to === null ? null : new Date(hold.to) }));

/** Reads a stored clock at `now`. */
export function readRow(row: TimerRow, now: Date): TimerReading {
  return readTimer(
    {
      durationDays: row.duration_days,
      dayKind: row.day_kind,
      timeZone: row.time_zone,
      startedAt: row.started_at,
      stoppedAt: row.stopped_at,
      pausesOnHold: row.pauses_on_hold,
      holds: holdsOf(row),
    },
    now,
  );
}

const pausedNow = (row: TimerRow) => row.pauses_on_hold && row.holds.some((hold) => hold.to === null);

/** When the sweep should look at a clock again: when it runs out, unless it is paused or stopped in time. */
export function nextDueAt(row: TimerRow, now: Date): Date | null {
  return pausedNow(row) ? null : readRow(row, now).dueAt;
}

/** A permit's clock started at `now`: paused from the start when the permit is on hold. */
export function startedRow(permit: TimedPermit, placed: PlacedTimer, now: Date): TimerRow {
  const { timer } = placed;
  const row: TimerRow = {
    permit_id: permit.id,
    project_id: permit.project_id,
    owner_key: placed.ownerKey,
    owner_kind: placed.ownerKind,
    owner_entry_id: placed.libraryEntryId,
    stage_key: placed.stageKey,
    duration_days: timer.durationDays,
    day_kind: timer.dayKind,
    pauses_on_hold: timer.pausesOnHold,
    on_breach: timer.onBreach,
    time_zone: 'UTC',
    started_at: now,
    stopped_at: null,
    // A clock started while the permit is on hold begins paused.
    holds: permit.status === 'OnHold' ? [{ from: now.toISOString(), to: null }] : [],
    due_at: null,
    breached_at: null,
    flagged: false,
  };
  return { ...row, due_at: nextDueAt(row, now) };
}

/** Undoing an event: a clock it started is dropped, a clock it stopped runs again. */
const UNDOES: Partial<Record<string, string>> = {
  TaskUncompleted: 'TaskCompleted',
  StageUncompleted: 'StageCompleted',
  PermitUncompleted: 'PermitCompleted',
};

/** The clock after undoing an event: dropped ('removed'), reopened, or untouched (null). */
function afterUndo(
  placed: PlacedTimer,
  row: TimerRow,
  event: TimerEvent,
  now: Date,
): TimerRow | 'removed' | null {
  const undone = UNDOES[event.kind];
  if (!undone) return null;
  const original = { ...event, kind: undone };
  // The clock should never have started: it starts afresh when the event happens again.
  if (timerEventMatches(placed, 'startsOn', original)) return 'removed';
  if (!row.stopped_at || !timerEventMatches(placed, 'stopsOn', original)) return null;
  // The stop did not stand, so the time since it counted all along.
  const reopened = { ...row, stopped_at: null };
  return { ...reopened, due_at: nextDueAt(reopened, now) };
}

/** The clock after one event: changed, dropped ('removed'), or null when the event does not touch it. */
function afterEvent(
  permit: TimedPermit,
  placed: PlacedTimer,
  row: TimerRow | undefined,
  event: TimerEvent,
  now: Date,
): TimerRow | 'removed' | null {
  const iso = now.toISOString();
  if (!row) return timerEventMatches(placed, 'startsOn', event) ? startedRow(permit, placed, now) : null;
  const undo = afterUndo(placed, row, event, now);
  if (undo || row.stopped_at) return undo;
  if (timerEventMatches(placed, 'stopsOn', event)) {
    const stopped = { ...row, stopped_at: now, holds: closeHolds(row, iso) };
    return { ...stopped, due_at: nextDueAt(stopped, now) };
  }
  return event.kind === 'PermitAddOnHold' || event.kind === 'PermitRemoveOnHold'
    ? heldRow(row, event.kind, now)
    : null;
}

const closeHolds = (row: TimerRow, iso: string) =>
  row.holds.map((hold) => (hold.to === null ? { ...hold, to: iso } : hold));

/**
 * A running clock after its permit is put on hold (a hold span opens) or taken off hold (the open span
 * closes), with its due time moved; null when the clock is stopped or already where the event puts it.
 */
export function heldRow(
  row: TimerRow,
  kind: 'PermitAddOnHold' | 'PermitRemoveOnHold',
  now: Date,
): TimerRow | null {
  if (row.stopped_at) return null;
  const iso = now.toISOString();
  const open = row.holds.some((hold) => hold.to === null);
  let next: TimerRow | null = null;
  if (kind === 'PermitAddOnHold' && !open) next = { ...row, holds: [...row.holds, { from: iso, to: null }] };
  else if (kind === 'PermitRemoveOnHold' && open) next = { ...row, holds: closeHolds(row, iso) };
  return next && { ...next, due_at: nextDueAt(next, now) };
}

/** The permit's stored clocks by owner key. */
export async function timerRowsOf(db: Executor, permitId: string) {
  const rows = await db.selectFrom('permit_timers').selectAll().where('permit_id', '=', permitId).execute();
  return new Map(rows.map((row) => [row.owner_key, row]));
}

/**
 * Starts, stops, pauses and resumes a permit's clocks for what just happened to it, in the caller's
 * transaction (the caller holds the permit's lock). Events apply in order. Holds are the permit's
 * PermitAddOnHold and PermitRemoveOnHold; TaskUncompleted, StageUncompleted and PermitUncompleted undo
 * their event (a clock it started is dropped, one it stopped runs on); every other event is matched against
 * the timers' start and stop events. Returns the clocks it started or changed.
 */
export async function applyTimerEvents(
  trx: Executor,
  permit: TimedPermit,
  definition: WorkflowDefinition,
  events: readonly TimerEvent[],
  now: Date,
): Promise<TimerRow[]> {
  const rows = await timerRowsOf(trx, permit.id);
  const changed = new Map<string, TimerRow | 'removed'>();
  for (const event of events) {
    for (const placed of definitionTimers(definition)) {
      const next = afterEvent(permit, placed, rows.get(placed.ownerKey), event, now);
      if (!next) continue;
      if (next === 'removed') rows.delete(placed.ownerKey);
      else rows.set(placed.ownerKey, next);
      changed.set(placed.ownerKey, next);
    }
  }
  const saved: TimerRow[] = [];
  for (const [ownerKey, row] of changed) {
    if (row === 'removed') await removeRow(trx, permit.id, ownerKey);
    else saved.push(await saveRow(trx, row));
  }
  return saved;
}

async function removeRow(trx: Executor, permitId: string, ownerKey: string) {
  await trx
    .deleteFrom('permit_timers')
    .where('permit_id', '=', permitId)
    .where('owner_key', '=', ownerKey)
    .execute();
}

async function saveRow(trx: Executor, row: TimerRow) {
  const values = {
    ...row,
    on_breach: JSON.stringify(row.on_breach),
    holds: JSON.stringify(row.holds),
  };
  await trx
    .insertInto('permit_timers')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['permit_id', 'owner_key']).doUpdateSet({
        stopped_at: values.stopped_at,
        holds: values.holds,
        due_at: values.due_at,
      }),
    )
    .execute();
  return row;
}

/**
 * What creating a permit amounts to for its clocks: the permit is created, its first stage starts and the
 * tasks of that stage without dependencies are ready to begin.
 */
export function creationEvents(progress: Progress): TimerEvent[] {
  return [
    { kind: 'PermitCreated' },
    ...progress.stages
      .filter((stage) => stage.status === 'Active')
      .map((stage) => ({ kind: 'StageStarted', stageKey: stage.stageKey })),
    ...progress.tasks
      .filter((task) => task.status === 'ReadyToBegin')
      .map((task) => ({ kind: 'TaskReadyToBegin', stageKey: task.stageKey, taskKey: task.taskKey })),
  ];
}
