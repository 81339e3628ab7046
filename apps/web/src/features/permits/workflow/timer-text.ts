import {
  DAY_MS,
  type PermitStatus,
  type PermitTimer,
  readTimer,
  type StageStatus,
  type TaskStatus,
} from '@crossarm/shared';

// How a permit's clocks read on its page. The page reads each timer again from its start, stop and holds
// (the shared clock the server uses), so time left ticks without asking the server.

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** A duration as its two largest units: '3d 4h', '5h 12m', '42m', 'under a minute'. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms));
  const days = Math.floor(total / DAY_MS);
  const hours = Math.floor((total % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((total % HOUR_MS) / MINUTE_MS);
  if (days > 0) return hours > 0 ? `${days}d ${hours}h` : `${days}d`;
  if (hours > 0) return minutes > 0 ? `${hours}h ${minutes}m` : `${hours}h`;
  if (minutes > 0) return `${minutes}m`;
  return 'under a minute';
}

/** A number of days as it reads: '1 day', '2.5 days'. */
function daysText(days: number, business: boolean) {
  const rounded = Math.round(days * 10) / 10;
  const unit = business ? 'business day' : 'day';
  return `${rounded} ${unit}${rounded === 1 ? '' : 's'}`;
}

export type TimerTone = 'running' | 'overdue' | 'paused' | 'done' | 'idle';

/** Where a timer stands now, in words and a tone for its colour. */
export interface TimerView {
  tone: TimerTone;
  text: string;
  /** Milliseconds left while it runs (negative once overdue); null when it does not run. */
  leftMs: number | null;
}

/** Whether a running timer is paused now: it pauses on hold and a hold is open. */
function isPaused(timer: PermitTimer) {
  return timer.pausesOnHold && timer.holds.some((hold) => hold.to === null);
}

/** Reads a permit's timer at `now`. */
export function timerView(timer: PermitTimer, now: Date): TimerView {
  const business = timer.dayKind === 'Business';
  if (!timer.startedAt) {
    return { tone: 'idle', text: `Not started · ${daysText(timer.durationDays, business)}`, leftMs: null };
  }
  const reading = readTimer(
    {
      durationDays: timer.durationDays,
      dayKind: timer.dayKind,
      startedAt: new Date(timer.startedAt),
      stoppedAt: timer.stoppedAt ? new Date(timer.stoppedAt) : null,
      pausesOnHold: timer.pausesOnHold,
      holds: timer.holds.map((hold) => ({
        from: new Date(hold.from),
        to: hold.to ? new Date(hold.to) : null,
      })),
    },
    now,
  );
  const dueMs = reading.dueAt ? reading.dueAt.getTime() : null;
  if (timer.stoppedAt) {
    return reading.breached
      ? { tone: 'overdue', text: 'Finished late', leftMs: null }
      : { tone: 'done', text: 'Finished in time', leftMs: null };
  }
  if (reading.breached && dueMs !== null) {
    const late = now.getTime() - dueMs;
    return { tone: 'overdue', text: `Overdue by ${formatDuration(late)}`, leftMs: -late };
  }
  if (isPaused(timer)) {
    return {
      tone: 'paused',
      text: `Paused · ${daysText(reading.remainingDays, business)} left`,
      leftMs: null,
    };
  }
  const left = dueMs === null ? reading.remainingDays * DAY_MS : dueMs - now.getTime();
  return { tone: 'running', text: `${formatDuration(left)} left`, leftMs: left };
}

/** The Mantine colour of a timer's tone: blue running, red overdue, amber paused, green done, grey idle. */
export const TIMER_COLORS: Record<TimerTone, string> = {
  running: 'blue',
  overdue: 'red',
  paused: 'yellow',
  done: 'green',
  idle: 'gray',
};

/** The colour of a permit's status: blue active, amber on hold or waiting, grey cancelled, green completed. */
export const PERMIT_STATUS_COLORS: Record<PermitStatus, string> = {
  Active: 'blue',
  OnHold: 'yellow',
  CancelRequested: 'yellow',
  Cancelled: 'gray',
  Completed: 'green',
};

/** How a permit's status reads. */
export const PERMIT_STATUS_LABELS: Record<PermitStatus, string> = {
  Active: 'Active',
  OnHold: 'On hold',
  CancelRequested: 'Cancel requested',
  Cancelled: 'Cancelled',
  Completed: 'Completed',
};

/** The colour of a stage's or task's status: blue in progress or ready, green completed, grey otherwise. */
export function workColor(status: StageStatus | TaskStatus): string {
  switch (status) {
    case 'Completed':
      return 'green';
    case 'NotStarted':
      return 'gray';
    default:
      return 'blue';
  }
}

/** The timer of a stage or a task, by its owner's key. */
export function timerOf(timers: readonly PermitTimer[] | undefined, ownerKey: string) {
  return timers?.find((timer) => timer.ownerKey === ownerKey) ?? null;
}
