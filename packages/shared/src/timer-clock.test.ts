import { describe, expect, it } from 'vitest';
import {
  addCountedDays,
  type ClockTimer,
  countedDaysBetween,
  DAY_MS,
  elapsed,
  type HoldSpan,
  isTimeZone,
  localDayBounds,
  readTimer,
  runningIntervals,
  wallClockDate,
  wallClockText,
} from './timer-clock.ts';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

// 2026-01-02 is a Friday; 2026-01-05 the Monday after.
const FRIDAY_9 = at('2026-01-02T09:00:00Z');

function timer(fields: Partial<ClockTimer> & { pausesOnHold?: boolean; holds?: HoldSpan[] } = {}) {
  return {
    durationDays: 2,
    dayKind: 'Business' as const,
    startedAt: FRIDAY_9,
    stoppedAt: null,
    pausesOnHold: true,
    holds: [],
    ...fields,
  };
}

describe('addCountedDays', () => {
  it('counts every day for a calendar timer', () => {
    expect(addCountedDays(FRIDAY_9, 2, 'Calendar')).toEqual(at('2026-01-04T09:00:00Z'));
  });

  it('skips the weekend for a business timer started on a Friday', () => {
    expect(addCountedDays(FRIDAY_9, 2, 'Business')).toEqual(at('2026-01-06T09:00:00Z'));
    expect(addCountedDays(FRIDAY_9, 10, 'Business')).toEqual(at('2026-01-16T09:00:00Z'));
  });

  it('starts counting on Monday for a business timer started on a weekend', () => {
    expect(addCountedDays(at('2026-01-03T15:00:00Z'), 1, 'Business')).toEqual(at('2026-01-06T00:00:00Z'));
  });

  it('counts local days and weekends in the time zone given', () => {
    // Friday 20:00 in New York is already Saturday in UTC: the New York business day still runs to midnight.
    const fridayEvening = at('2026-01-03T01:00:00Z');
    expect(addCountedDays(fridayEvening, 1, 'Business', 'America/New_York')).toEqual(
      at('2026-01-06T01:00:00Z'),
    );
    expect(addCountedDays(fridayEvening, 1, 'Business')).toEqual(at('2026-01-06T00:00:00Z'));
  });

  it('keeps the local time of day across a daylight-saving change', () => {
    // Clocks in New York go forward on Sunday 2026-03-08: 09:00 EST is 14:00 UTC, 09:00 EDT is 13:00 UTC.
    const saturday = at('2026-03-07T14:00:00Z');
    expect(addCountedDays(saturday, 2, 'Calendar', 'America/New_York')).toEqual(at('2026-03-09T13:00:00Z'));
    expect(addCountedDays(saturday, 2, 'Calendar')).toEqual(at('2026-03-09T14:00:00Z'));
  });

  it('keeps the local time of day where the clocks go forward at midnight', () => {
    // Havana goes from 00:00 to 01:00 on Sunday 2026-03-08: 09:00 CST is 14:00 UTC, 09:00 CDT 13:00 UTC.
    const saturday = at('2026-03-07T14:00:00Z');
    expect(addCountedDays(saturday, 2, 'Calendar', 'America/Havana')).toEqual(at('2026-03-09T13:00:00Z'));
    // The short Sunday begins at 01:00: half of it is 12:30 local.
    expect(addCountedDays(at('2026-03-08T05:00:00Z'), 0.5, 'Calendar', 'America/Havana')).toEqual(
      at('2026-03-08T16:30:00Z'),
    );
  });

  it('counts a date the zone skipped, reached at the jump', () => {
    // Samoa went from Thursday 29 to Saturday 31 December 2011 at midnight (10:00 UTC): a clock started
    // at Thursday noon reaches one day at the jump, for it counts the skipped Friday whole.
    const thursdayNoon = at('2011-12-29T22:00:00Z');
    expect(addCountedDays(thursdayNoon, 1, 'Calendar', 'Pacific/Apia')).toEqual(at('2011-12-30T10:00:00Z'));
    expect(addCountedDays(thursdayNoon, 1.5, 'Calendar', 'Pacific/Apia')).toEqual(at('2011-12-30T10:00:00Z'));
    expect(addCountedDays(thursdayNoon, 2, 'Calendar', 'Pacific/Apia')).toEqual(at('2011-12-30T22:00:00Z'));
  });
});

describe('countedDaysBetween', () => {
  it('leaves out weekends for business days only', () => {
    const monday = at('2026-01-05T09:00:00Z');
    expect(countedDaysBetween(FRIDAY_9, monday, 'Calendar')).toBe(3);
    expect(countedDaysBetween(FRIDAY_9, monday, 'Business')).toBe(1);
  });

  it('counts a day of 23 hours that begins at 01:00 as one day', () => {
    // 07:00 on Saturday to 08:00 on Tuesday in Havana, across the change at midnight on Sunday.
    const days = countedDaysBetween(
      at('2026-03-07T12:00:00Z'),
      at('2026-03-10T12:00:00Z'),
      'Calendar',
      'America/Havana',
    );
    expect(days).toBeCloseTo(3 + 1 / 24, 9);
    expect(
      countedDaysBetween(
        at('2026-03-08T05:00:00Z'),
        at('2026-03-09T04:00:00Z'),
        'Calendar',
        'America/Havana',
      ),
    ).toBe(1);
  });

  it('counts the hour a date stepped back in as the day before, 25 hours long', () => {
    // St John's went back from 00:01 to 23:01 on Saturday until 2010 (2009-11-01 02:31 UTC): a minute of
    // that second Saturday evening is a minute of a 25-hour day, and the two days still count two.
    expect(
      countedDaysBetween(
        at('2009-11-01T02:40:00Z'),
        at('2009-11-01T02:41:00Z'),
        'Calendar',
        'America/St_Johns',
      ),
    ).toBeCloseTo(1 / 1500, 12);
    expect(
      countedDaysBetween(
        at('2009-10-31T02:30:00Z'),
        at('2009-11-02T03:30:00Z'),
        'Calendar',
        'America/St_Johns',
      ),
    ).toBeCloseTo(2, 12);
    const clock = { ...timer(), dayKind: 'Calendar' as const, timeZone: 'America/St_Johns' };
    const reading = readTimer(
      { ...clock, startedAt: at('2009-11-01T02:45:00Z') },
      at('2009-11-02T12:00:00Z'),
    );
    expect(reading.breached).toBe(false);
    expect(reading.elapsedOnTimerDays).toBeCloseTo(1.3841666, 6);
  });

  it('counts the dates a zone skipped once a span reaches past the jump', () => {
    const thursday = at('2011-12-29T12:00:00Z');
    expect(countedDaysBetween(thursday, at('2011-12-30T10:00:00Z'), 'Calendar', 'Pacific/Apia')).toBeCloseTo(
      1 + 22 / 24,
      9,
    );
    expect(countedDaysBetween(thursday, at('2011-12-30T09:59:59Z'), 'Calendar', 'Pacific/Apia')).toBeLessThan(
      1,
    );
    // The skipped Friday is a weekday: it counts for business days too; Saturday the 31st does not.
    expect(countedDaysBetween(thursday, at('2011-12-30T12:00:00Z'), 'Business', 'Pacific/Apia')).toBeCloseTo(
      1 + 22 / 24,
      9,
    );
  });
});

describe('runningIntervals', () => {
  it('is empty before the timer starts', () => {
    expect(runningIntervals(timer({ startedAt: null }), at('2026-01-10T00:00:00Z'))).toEqual([]);
  });

  it('takes holds out when the timer pauses on hold, and keeps them otherwise', () => {
    const holds = [{ from: at('2026-01-02T12:00:00Z'), to: at('2026-01-02T13:00:00Z') }];
    const now = at('2026-01-02T15:00:00Z');
    expect(runningIntervals(timer({ holds }), now)).toEqual([
      { from: FRIDAY_9, to: at('2026-01-02T12:00:00Z') },
      { from: at('2026-01-02T13:00:00Z'), to: now },
    ]);
    expect(runningIntervals(timer({ holds, pausesOnHold: false }), now)).toEqual([
      { from: FRIDAY_9, to: now },
    ]);
  });

  it('ends at a hold still open, and at the stop', () => {
    const holds = [{ from: at('2026-01-02T12:00:00Z'), to: null }];
    expect(runningIntervals(timer({ holds }), at('2026-01-09T00:00:00Z'))).toEqual([
      { from: FRIDAY_9, to: at('2026-01-02T12:00:00Z') },
    ]);
    const stoppedAt = at('2026-01-02T10:00:00Z');
    expect(runningIntervals(timer({ stoppedAt }), at('2026-01-09T00:00:00Z'))).toEqual([
      { from: FRIDAY_9, to: stoppedAt },
    ]);
  });
});

describe('elapsed and readTimer', () => {
  it('reads a timer not yet started as all time left', () => {
    const clock = timer({ startedAt: null });
    expect(elapsed(clock, [], at('2026-01-09T00:00:00Z'))).toEqual({
      elapsedTimeMs: 0,
      elapsedOnTimerDays: 0,
      remainingDays: 2,
      dueAt: null,
      breached: false,
    });
  });

  it('counts a calendar timer through the weekend', () => {
    const reading = readTimer(timer({ dayKind: 'Calendar' }), at('2026-01-03T21:00:00Z'));
    expect(reading).toEqual({
      elapsedTimeMs: 36 * HOUR,
      elapsedOnTimerDays: 1.5,
      remainingDays: 0.5,
      dueAt: at('2026-01-04T09:00:00Z'),
      breached: false,
    });
  });

  it('does not count the weekend on a business timer started on a Friday', () => {
    const reading = readTimer(timer(), at('2026-01-05T09:00:00Z'));
    expect(reading.elapsedTimeMs).toBe(72 * HOUR);
    expect(reading.elapsedOnTimerDays).toBe(1);
    expect(reading.remainingDays).toBe(1);
    expect(reading.dueAt).toEqual(at('2026-01-06T09:00:00Z'));
    expect(reading.breached).toBe(false);
  });

  it('is breached exactly at the boundary, and not a millisecond before', () => {
    const due = at('2026-01-06T09:00:00Z');
    const before = readTimer(timer(), new Date(due.getTime() - 1));
    expect(before.breached).toBe(false);
    expect(before.remainingDays).toBe(1 / DAY_MS);
    expect(before.dueAt).toEqual(due);
    const onTheDot = readTimer(timer(), due);
    expect(onTheDot).toMatchObject({ breached: true, remainingDays: 0, elapsedOnTimerDays: 2, dueAt: due });
    const later = readTimer(timer(), at('2026-01-08T09:00:00Z'));
    expect(later).toMatchObject({ breached: true, remainingDays: 0, elapsedOnTimerDays: 4, dueAt: due });
  });

  it('a hold across a weekend moves a business timer only by the business time it covers', () => {
    // On hold from Friday 21:00 to Monday 09:00: three business hours on Friday, nine on Monday.
    const holds = [{ from: at('2026-01-02T21:00:00Z'), to: at('2026-01-05T09:00:00Z') }];
    const reading = readTimer(timer({ holds }), at('2026-01-05T21:00:00Z'));
    expect(reading.elapsedOnTimerDays).toBe(1);
    expect(reading.dueAt).toEqual(at('2026-01-06T21:00:00Z'));
    const calendar = readTimer(timer({ holds, dayKind: 'Calendar' }), at('2026-01-05T21:00:00Z'));
    expect(calendar.elapsedOnTimerDays).toBe(1);
    expect(calendar.elapsedTimeMs).toBe(84 * HOUR);
  });

  it('keeps counting through a hold when the timer does not pause on hold', () => {
    const holds = [{ from: at('2026-01-02T12:00:00Z'), to: null }];
    const now = at('2026-01-03T09:00:00Z');
    expect(readTimer(timer({ holds, dayKind: 'Calendar', pausesOnHold: false }), now)).toMatchObject({
      elapsedOnTimerDays: 1,
      dueAt: at('2026-01-04T09:00:00Z'),
    });
    // Paused, the projection resumes now: 3 hours ran, so 45 hours are left from now.
    expect(readTimer(timer({ holds, dayKind: 'Calendar' }), now)).toMatchObject({
      elapsedOnTimerDays: 3 / 24,
      dueAt: at('2026-01-05T06:00:00Z'),
      breached: false,
    });
  });

  it('stops counting at the stop: in time means no due date and never a breach', () => {
    const stoppedAt = at('2026-01-05T21:00:00Z');
    const reading = readTimer(timer({ stoppedAt }), at('2026-02-01T00:00:00Z'));
    expect(reading).toEqual({
      elapsedTimeMs: 84 * HOUR,
      elapsedOnTimerDays: 1.5,
      remainingDays: 0.5,
      dueAt: null,
      breached: false,
    });
  });

  it('a timer stopped late stays breached at the moment it ran out', () => {
    const reading = readTimer(timer({ stoppedAt: at('2026-01-07T09:00:00Z') }), at('2026-02-01T00:00:00Z'));
    expect(reading).toMatchObject({
      breached: true,
      dueAt: at('2026-01-06T09:00:00Z'),
      elapsedOnTimerDays: 3,
    });
  });

  it('counts a 23-hour local day as a whole day', () => {
    const start = at('2026-03-07T14:00:00Z');
    const clock = timer({ startedAt: start, dayKind: 'Calendar', timeZone: 'America/New_York' });
    const reading = readTimer(clock, at('2026-03-09T13:00:00Z'));
    expect(reading).toMatchObject({ breached: true, elapsedOnTimerDays: 2, remainingDays: 0 });
    expect(reading.elapsedTimeMs).toBe(47 * HOUR);
  });
});

describe('calendar days and wall clocks in a zone', () => {
  it('bounds a calendar day by its own zone, 23 or 25 hours long where daylight saving changes', () => {
    expect(localDayBounds('2026-10-31')).toEqual({
      start: at('2026-10-31T00:00:00Z'),
      end: at('2026-11-01T00:00:00Z'),
    });
    expect(localDayBounds('2026-10-31', 'America/Los_Angeles')).toEqual({
      start: at('2026-10-31T07:00:00Z'),
      end: at('2026-11-01T07:00:00Z'),
    });
    // Clocks go back on 1 November 2026 in Los Angeles (25 hours) and forward on 8 March (23 hours).
    const back = localDayBounds('2026-11-01', 'America/Los_Angeles');
    expect(back).toEqual({ start: at('2026-11-01T07:00:00Z'), end: at('2026-11-02T08:00:00Z') });
    const forward = localDayBounds('2026-03-08', 'America/Los_Angeles');
    expect(forward.end.getTime() - forward.start.getTime()).toBe(23 * HOUR);
    // A midnight the clock skips (Santiago moves forward at midnight): the day begins at the jump.
    const skipped = localDayBounds('2026-09-06', 'America/Santiago');
    expect(skipped.start).toEqual(at('2026-09-06T04:00:00Z'));
    // A date the zone skipped whole (Samoa, 30 December 2011) begins and ends at once.
    const samoa = localDayBounds('2011-12-30', 'Pacific/Apia');
    expect(samoa.end.getTime()).toBe(samoa.start.getTime());
  });

  it('reads an instant as the wall clock of a zone', () => {
    const moment = at('2026-11-01T05:22:41.939Z');
    expect(wallClockText(moment)).toBe('2026-11-01 05:22:41');
    expect(wallClockText(moment, 'America/Los_Angeles')).toBe('2026-10-31 22:22:41');
    expect(wallClockDate(moment, 'America/Los_Angeles')).toEqual(at('2026-10-31T22:22:41Z'));
  });

  it('tells the zones it knows', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
