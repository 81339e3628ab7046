import type { TimerDayKind } from './workflow.ts';

// The arithmetic of a permit's deadline clocks, pure so that the server (breach sweep) and the browser
// (time left) read a timer the same way.
// - A day is a local day in the timer's IANA time zone (UTC unless given). Every moment of a running span
//   counts towards the day it falls on, as the fraction of that local day it covers, so that a clock started
//   at 09:00 runs out at 09:00 local time N days later even across a daylight-saving change.
// - Business days are Monday to Friday. Public holidays are not known yet: they count as business days.
// - A timer is breached from the moment its counted time reaches its duration (exactly at the boundary).

export const DAY_MS = 86_400_000;

/** A span of time; `to` after `from`. */
export interface Interval {
  from: Date;
  to: Date;
}

/** A period the permit was on hold; `to` is null while it still is. */
export interface HoldSpan {
  from: Date;
  to: Date | null;
}

/** How a timer counts, and when it started and stopped. */
export interface ClockTimer {
  durationDays: number;
  dayKind: TimerDayKind;
  /** IANA zone whose local days (and weekends) count; UTC when left out. */
  timeZone?: string;
  /** Null while the timer has not started. */
  startedAt: Date | null;
  stoppedAt: Date | null;
}

/** Where a timer stands at a moment. */
export interface TimerReading {
  /** Wall time since it started, until it stopped or now; holds included. */
  elapsedTimeMs: number;
  /** Days the clock ran (calendar or business days), holds taken out when the timer pauses on hold. */
  elapsedOnTimerDays: number;
  /** Days left before it runs out; zero once breached. */
  remainingDays: number;
  /**
   * When it ran out, or when it will if it keeps running from now (a paused timer resumes now in this
   * projection); null before it starts and when it stopped in time.
   */
  dueAt: Date | null;
  breached: boolean;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a zone, as if they were UTC. */
function wallClock(ms: number, timeZone: string): number {
  if (timeZone === 'UTC') return ms;
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The instant a local wall-clock time (given as if UTC) happens in a zone. */
function instantOf(wall: number, timeZone: string): number {
  const guess = wall - (wallClock(wall, timeZone) - wall);
  // A second pass settles a guess made on the other side of a daylight-saving change.
  return wall - (wallClock(guess, timeZone) - guess);
}

/** An instant and what the zone's wall clock reads then (as if UTC). */
interface WallInstant {
  at: number;
  wall: number;
}

/**
 * The first instant after `later` at which the zone's wall clock reads `wall` or later. Where the clock
 * jumps over `wall` (a daylight-saving change at midnight, as in Havana or Santiago, or a date a zone
 * skipped, as Samoa did on 30 December 2011), that is the instant of the jump; where the date stepped back
 * after `wall` first came (St John's went from 00:01 back to 23:01 until 2010), it is when `wall` comes
 * again. Either is found by halving an interval that starts before it.
 */
function firstInstantFrom(wall: number, timeZone: string, later = Number.NEGATIVE_INFINITY): WallInstant {
  const guess = instantOf(wall, timeZone);
  const seen = wallClock(guess, timeZone);
  if (seen >= wall && guess > later) return { at: guess, wall: seen };
  // The start reads before `wall`: the guess in a jump, or `later` itself (the caller's instant, whose
  // wall clock is before `wall`).
  let before = seen < wall && guess > later ? guess : later;
  let after = before + 2 * DAY_MS;
  let afterWall = wallClock(after, timeZone);
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    const middleWall = wallClock(middle, timeZone);
    if (middleWall >= wall) {
      after = middle;
      afterWall = middleWall;
    } else before = middle;
  }
  return { at: after, wall: afterWall };
}

const startOfDay = (wall: number) => wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);

/** Whether a text names a time zone this runtime knows (an IANA name such as `America/Chicago`, or UTC). */
export function isTimeZone(timeZone: string): boolean {
  if (formatters.has(timeZone)) return true;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * When a calendar day (`YYYY-MM-DD`) begins and ends in a zone: the first instant of that day and the first of
 * the next (23 to 25 hours later where daylight saving changes; a day the zone skipped begins and ends at
 * once). The same calendar day is a different span of time in each zone.
 */
export function localDayBounds(day: string, timeZone = 'UTC'): { start: Date; end: Date } {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const start = firstInstantFrom(midnight, timeZone).at;
  const end = firstInstantFrom(midnight + DAY_MS, timeZone, start - 1).at;
  return { start: new Date(start), end: new Date(Math.max(start, end)) };
}

/** An instant as the zone's wall clock reads it, `YYYY-MM-DD HH:MM:SS`, the form spreadsheets read as a date and time. */
export function wallClockText(at: Date, timeZone = 'UTC'): string {
  return new Date(wallClock(at.getTime(), timeZone)).toISOString().slice(0, 19).replace('T', ' ');
}

/** An instant moved so that its UTC fields read as the zone's wall clock does then (for a file that holds no zone). */
export function wallClockDate(at: Date, timeZone = 'UTC'): Date {
  return new Date(wallClock(at.getTime(), timeZone));
}

const isWeekend = (midnight: number) => {
  const weekday = new Date(midnight).getUTCDay();
  return weekday === 0 || weekday === 6;
};

/**
 * The local day an instant falls on: its end (when the next local day begins, with the wall clock then),
 * its length (23 to 25 hours where daylight saving changes), whether it is a weekend day, and the dates the
 * zone skipped right after it (none but where a zone jumped a whole date) with how many were weekdays.
 * `begun`, when given, is the instant the day began with its wall clock (the end of the day before), which
 * spares reading them again when the days are walked one after another.
 */
function localDay(ms: number, timeZone: string, begun?: WallInstant) {
  const wall = begun?.wall ?? wallClock(ms, timeZone);
  const midnight = startOfDay(wall);
  const start = begun?.at ?? firstInstantFrom(midnight, timeZone).at;
  // The next day begins after the instant itself, so walking day by day always moves forward.
  const { at: end, wall: endWall } = firstInstantFrom(midnight + DAY_MS, timeZone, ms);
  let skipped = 0;
  let skippedWeekdays = 0;
  for (let day = midnight + DAY_MS; day < startOfDay(endWall); day += DAY_MS) {
    skipped++;
    if (!isWeekend(day)) skippedWeekdays++;
  }
  return { end, endWall, length: end - start, weekend: isWeekend(midnight), skipped, skippedWeekdays };
}

/** Whether a day counts for this kind of timer. */
const counts = (dayKind: TimerDayKind, day: { weekend: boolean }) => dayKind === 'Calendar' || !day.weekend;

/** A counted piece of one local day: its span, and its length in standard 24-hour-day milliseconds. */
interface Piece {
  from: number;
  to: number;
  dayLength: number;
  scaled: number;
}

/**
 * The pieces of [from, to) that fall on counted days. Dates a zone skipped count whole when [from, to)
 * reaches past the jump, as a piece of no length at the instant of the jump.
 */
function* countedPieces(from: number, to: number, dayKind: TimerDayKind, timeZone: string) {
  let at = from;
  let begun: WallInstant | undefined;
  while (at < to) {
    const day = localDay(at, timeZone, begun);
    const end = Math.min(day.end, to);
    if (counts(dayKind, day)) {
      const dayLength = day.length;
      const scaled = dayLength === DAY_MS ? end - at : Math.round(((end - at) * DAY_MS) / dayLength);
      yield { from: at, to: end, dayLength, scaled } satisfies Piece;
    }
    const skipped = dayKind === 'Calendar' ? day.skipped : day.skippedWeekdays;
    if (skipped > 0 && day.end <= to) {
      yield { from: day.end, to: day.end, dayLength: DAY_MS, scaled: skipped * DAY_MS } satisfies Piece;
    }
    at = end;
    begun = end === day.end ? { at: day.end, wall: day.endWall } : undefined;
  }
}

/** The instant within a piece by which `need` standard milliseconds of it have been counted. */
const within = (piece: Piece, need: number) =>
  piece.to === piece.from
    ? piece.from
    : piece.from + (piece.dayLength === DAY_MS ? need : Math.round((need * piece.dayLength) / DAY_MS));

/**
 * The spans a timer ran: from its start to its stop (or now), less the holds when it pauses on hold.
 * Nothing when it has not started.
 */
export function runningIntervals(
  timer: {
    startedAt: Date | null;
    stoppedAt: Date | null;
    pausesOnHold: boolean;
    holds: readonly HoldSpan[];
  },
  now: Date,
): Interval[] {
  if (!timer.startedAt) return [];
  const end = Math.min(timer.stoppedAt?.getTime() ?? now.getTime(), now.getTime());
  let spans: [number, number][] = [[timer.startedAt.getTime(), end]];
  if (timer.pausesOnHold) {
    for (const hold of timer.holds) {
      const holdFrom = hold.from.getTime();
      const holdTo = hold.to?.getTime() ?? Number.POSITIVE_INFINITY;
      spans = spans.flatMap(([from, to]): [number, number][] =>
        holdTo <= from || holdFrom >= to
          ? [[from, to]]
          : [
              [from, Math.min(to, holdFrom)],
              [Math.max(from, holdTo), to],
            ],
      );
    }
  }
  return spans
    .filter(([from, to]) => to > from)
    .map(([from, to]) => ({ from: new Date(from), to: new Date(to) }));
}

/** The instant `days` counted days after `from`, counting forward on counted days only. */
export function addCountedDays(from: Date, days: number, dayKind: TimerDayKind, timeZone = 'UTC'): Date {
  let need = Math.round(days * DAY_MS);
  if (need <= 0) return from;
  // Long enough to hold `days` business days whatever the weekday: seven calendar days per five.
  const horizon = from.getTime() + (Math.ceil(days / 5) * 7 + 7) * DAY_MS;
  for (const piece of countedPieces(from.getTime(), horizon, dayKind, timeZone)) {
    if (piece.scaled >= need) return new Date(within(piece, need));
    need -= piece.scaled;
  }
  return new Date(horizon);
}

/** How many counted days lie between two instants. */
export function countedDaysBetween(from: Date, to: Date, dayKind: TimerDayKind, timeZone = 'UTC'): number {
  let total = 0;
  for (const piece of countedPieces(from.getTime(), to.getTime(), dayKind, timeZone)) total += piece.scaled;
  return total / DAY_MS;
}

/** Reads a timer at `now` from the spans it ran (see runningIntervals). */
export function elapsed(timer: ClockTimer, intervals: readonly Interval[], now: Date): TimerReading {
  const limit = Math.round(timer.durationDays * DAY_MS);
  if (!timer.startedAt) {
    return {
      elapsedTimeMs: 0,
      elapsedOnTimerDays: 0,
      remainingDays: timer.durationDays,
      dueAt: null,
      breached: false,
    };
  }
  const timeZone = timer.timeZone ?? 'UTC';
  const until = Math.min(timer.stoppedAt?.getTime() ?? now.getTime(), now.getTime());
  let counted = 0;
  let dueAt: Date | null = null;
  for (const interval of intervals) {
    for (const piece of countedPieces(
      interval.from.getTime(),
      interval.to.getTime(),
      timer.dayKind,
      timeZone,
    )) {
      if (dueAt === null && counted + piece.scaled >= limit) dueAt = new Date(within(piece, limit - counted));
      counted += piece.scaled;
    }
  }
  const breached = dueAt !== null;
  if (!breached && !timer.stoppedAt) {
    dueAt = addCountedDays(new Date(until), (limit - counted) / DAY_MS, timer.dayKind, timeZone);
  }
  return {
    elapsedTimeMs: Math.max(0, until - timer.startedAt.getTime()),
    elapsedOnTimerDays: counted / DAY_MS,
    remainingDays: Math.max(0, limit - counted) / DAY_MS,
    dueAt,
    breached,
  };
}

/** Reads a timer with its holds: runningIntervals then elapsed. */
export function readTimer(
  timer: ClockTimer & { pausesOnHold: boolean; holds: readonly HoldSpan[] },
  now: Date,
): TimerReading {
  return elapsed(timer, runningIntervals(timer, now), now);
}
