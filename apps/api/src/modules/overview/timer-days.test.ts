import { readTimer, type TimerDayKind } from '@crossarm/shared';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { CLOCK_DAYS_AHEAD, timerDaysSql } from './place-columns.ts';

// The days a clock has run, counted in SQL for the overview's filters, sorts and sums, against the shared
// timer clock that shows them everywhere else: both must give the same number for any clock.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Clock {
  startedAt: Date;
  stoppedAt: Date | null;
  pausesOnHold: boolean;
  holds: { from: Date; to: Date | null }[];
  dayKind: TimerDayKind;
  timeZone: string;
}

// Havana and Santiago change their clocks at midnight (a local day then begins an hour late, or midnight
// comes twice), and so do the Azores in October.
const ZONES = [
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'Australia/Sydney',
  'America/Havana',
  'America/Santiago',
  'Atlantic/Azores',
];
const HOUR_MS = 3_600_000;

/** The days each clock has run at `now`, by one SQL statement over all of them. */
async function daysInSql(clocks: Clock[], now: Date): Promise<number[]> {
  const rows = clocks.map((clock, index) => ({
    i: index,
    started_at: clock.startedAt.toISOString(),
    stopped_at: clock.stoppedAt?.toISOString() ?? null,
    pauses_on_hold: clock.pausesOnHold,
    holds: clock.holds.map((hold) => ({ from: hold.from.toISOString(), to: hold.to?.toISOString() ?? null })),
    day_kind: clock.dayKind,
    time_zone: clock.timeZone,
  }));
  const result = await sql<{ i: number; days: number }>`
    SELECT tm.i, ${timerDaysSql('tm', sql`${now.toISOString()}::timestamptz`)} AS days
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS tm (i int, started_at timestamptz,
      stopped_at timestamptz, pauses_on_hold boolean, holds jsonb, day_kind text, time_zone text)
    ORDER BY tm.i`.execute(t.db);
  return result.rows.map((row) => Number(row.days));
}

const daysInClock = (clock: Clock, now: Date) =>
  readTimer({ ...clock, durationDays: 30 }, now).elapsedOnTimerDays;

/** A clock started within a year before `now`, maybe stopped, with holds one after another. */
const clockArb = (now: number): fc.Arbitrary<Clock> =>
  fc
    .record({
      startHoursAgo: fc.integer({ min: 1, max: 365 * 24 }),
      minutes: fc.integer({ min: 0, max: 59 }),
      runHours: fc.option(fc.integer({ min: 0, max: 120 * 24 }), { nil: null }),
      pausesOnHold: fc.boolean(),
      holdSteps: fc.array(fc.tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 300 })), {
        maxLength: 3,
      }),
      openHold: fc.boolean(),
      dayKind: fc.constantFrom<TimerDayKind>('Calendar', 'Business'),
      timeZone: fc.constantFrom(...ZONES),
    })
    .map((draw) => {
      const started = now - draw.startHoursAgo * HOUR_MS - draw.minutes * 60_000;
      const holds: Clock['holds'] = [];
      let at = started;
      for (const [gap, length] of draw.holdSteps) {
        const from = at + gap * HOUR_MS;
        holds.push({ from: new Date(from), to: new Date(from + length * HOUR_MS) });
        at = from + length * HOUR_MS;
      }
      // The last hold may still be going on (when it began before now).
      const last = holds.at(-1);
      if (draw.openHold && last && last.from.getTime() < now) last.to = null;
      return {
        startedAt: new Date(started),
        stoppedAt: draw.runHours === null ? null : new Date(started + draw.runHours * HOUR_MS),
        pausesOnHold: draw.pausesOnHold,
        holds,
        dayKind: draw.dayKind,
        timeZone: draw.timeZone,
      };
    });

describe('the days a clock has run, counted in SQL', () => {
  it('match the shared clock for any start, stop, holds, kind of day and zone', async () => {
    const now = new Date('2026-11-27T14:25:00Z');
    await fc.assert(
      fc.asyncProperty(fc.array(clockArb(now.getTime()), { minLength: 1, maxLength: 25 }), async (clocks) => {
        const got = await daysInSql(clocks, now);
        clocks.forEach((clock, index) => {
          expect(got[index], JSON.stringify(clock)).toBeCloseTo(daysInClock(clock, now), 6);
        });
      }),
      { numRuns: 60, seed: 20261127 },
    );
  });

  // A filter for clocks past N days first keeps the clocks that have spanned N - CLOCK_DAYS_AHEAD days of
  // real time; it may only do so if no clock counts more than that many days ahead of the time it spans.
  it('never count more than CLOCK_DAYS_AHEAD days ahead of the real time a clock spans', async () => {
    const now = new Date('2026-11-27T14:25:00Z');
    const spanned = (clock: Clock) =>
      (Math.min(clock.stoppedAt?.getTime() ?? now.getTime(), now.getTime()) - clock.startedAt.getTime()) /
      (24 * HOUR_MS);
    let most = -Infinity;
    await fc.assert(
      fc.asyncProperty(fc.array(clockArb(now.getTime()), { minLength: 1, maxLength: 25 }), async (clocks) => {
        const got = await daysInSql(clocks, now);
        clocks.forEach((clock, index) => {
          most = Math.max(most, got[index]! - spanned(clock));
          expect(got[index]!, JSON.stringify(clock)).toBeLessThanOrEqual(spanned(clock) + CLOCK_DAYS_AHEAD);
        });
      }),
      { numRuns: 60, seed: 20261128 },
    );
    // Daylight saving puts a clock an hour ahead at most.
    expect(most).toBeLessThanOrEqual(1 / 24 + 1e-9);
    // Samoa skipped 30 December 2011: a clock running through it counts that day it never had.
    const samoa: Clock = {
      startedAt: new Date('2011-12-29T12:00:00Z'),
      stoppedAt: new Date('2011-12-30T12:00:00Z'),
      pausesOnHold: false,
      holds: [],
      dayKind: 'Calendar',
      timeZone: 'Pacific/Apia',
    };
    const [skipped] = await daysInSql([samoa], now);
    expect(skipped).toBeCloseTo(2, 9);
    expect(daysInClock(samoa, now)).toBeCloseTo(2, 9);
    expect(skipped! - spanned(samoa)).toBeLessThanOrEqual(CLOCK_DAYS_AHEAD);
  });

  it('count a day of 23 or 25 hours as one day, and skip weekends for business days', async () => {
    const clock = (startedAt: string, dayKind: TimerDayKind, timeZone: string): Clock => ({
      startedAt: new Date(startedAt),
      stoppedAt: null,
      pausesOnHold: false,
      holds: [],
      dayKind,
      timeZone,
    });
    const cases: [Clock, string, number][] = [
      // Midnight to midnight on the day New York moves its clocks forward: one day of 23 hours.
      [clock('2026-03-08T05:00:00Z', 'Calendar', 'America/New_York'), '2026-03-09T04:00:00Z', 1],
      // And on the day they move back: one day of 25 hours.
      [clock('2026-11-01T04:00:00Z', 'Calendar', 'America/New_York'), '2026-11-02T05:00:00Z', 1],
      // Noon to noon two days later, across the change: two days, though 47 hours passed.
      [clock('2026-03-07T17:00:00Z', 'Calendar', 'America/New_York'), '2026-03-09T16:00:00Z', 2],
      // Friday noon to Monday noon in Sydney: one business day (Friday's half and Monday's half).
      [clock('2026-11-20T01:00:00Z', 'Business', 'Australia/Sydney'), '2026-11-23T01:00:00Z', 1],
      // Saturday to Sunday: none.
      [clock('2026-11-21T10:00:00Z', 'Business', 'UTC'), '2026-11-22T20:00:00Z', 0],
      // Monday 00:00 to the next Monday 00:00: five.
      [clock('2026-11-16T00:00:00Z', 'Business', 'UTC'), '2026-11-23T00:00:00Z', 5],
      // Havana moves its clocks from midnight to 01:00: 8 March 2026 is a day of 23 hours that begins at
      // 01:00, and counts whole.
      [clock('2026-03-08T05:00:00Z', 'Calendar', 'America/Havana'), '2026-03-09T04:00:00Z', 1],
      // 07:00 on the 7th to 08:00 on the 10th, local: three days and an hour.
      [clock('2026-03-07T12:00:00Z', 'Calendar', 'America/Havana'), '2026-03-10T12:00:00Z', 3 + 1 / 24],
      // Havana goes back from 01:00 to midnight on 1 November 2026: the day begins at the first midnight
      // and is 25 hours long; the day before it still counts whole.
      [clock('2026-10-31T04:00:00Z', 'Calendar', 'America/Havana'), '2026-11-01T04:00:00Z', 1],
      [clock('2026-11-01T04:00:00Z', 'Calendar', 'America/Havana'), '2026-11-02T05:00:00Z', 1],
      [clock('2026-10-25T00:00:00Z', 'Calendar', 'Atlantic/Azores'), '2026-10-26T01:00:00Z', 1],
      // St John's went back from 00:01 to 23:01 the day before until 2010: Saturday then ran 25 hours.
      [clock('2009-11-01T02:40:00Z', 'Calendar', 'America/St_Johns'), '2009-11-01T02:41:00Z', 1 / 1500],
      [clock('2009-10-31T02:30:00Z', 'Calendar', 'America/St_Johns'), '2009-11-02T03:30:00Z', 2],
      // Samoa went from 29 to 31 December 2011: the skipped Friday counts, for business days too.
      [clock('2011-12-29T12:00:00Z', 'Calendar', 'Pacific/Apia'), '2011-12-30T12:00:00Z', 2],
      [clock('2011-12-29T12:00:00Z', 'Business', 'Pacific/Apia'), '2011-12-30T12:00:00Z', 1 + 22 / 24],
    ];
    const got = await Promise.all(cases.map(([c, now]) => daysInSql([c], new Date(now))));
    cases.forEach(([c, now, days], index) => {
      expect(got[index]![0]).toBeCloseTo(days, 9);
      expect(daysInClock(c, new Date(now))).toBeCloseTo(days, 9);
    });
  });

  // In UTC the count works the day marks out in its own body (a call of timer_day_mark costs as much as the
  // rest): it must give the very number the marks give, to the last bit, before and after 2001 and across
  // weekends, so that a filter, a sort and a shown cell never disagree by a rounding.
  it('in UTC, give exactly the difference of the two day marks', async () => {
    const moment = fc
      .integer({ min: Date.parse('1995-01-01T00:00:00Z'), max: Date.parse('2040-01-01T00:00:00Z') })
      .map((ms) => new Date(ms).toISOString());
    const clocks = fc.array(
      fc.record({
        from: moment,
        to: moment,
        kind: fc.constantFrom<TimerDayKind>('Calendar', 'Business'),
      }),
      { minLength: 1, maxLength: 50 },
    );
    await fc.assert(
      fc.asyncProperty(clocks, async (drawn) => {
        const result = await sql<{ counted: number; marks: number }>`
          SELECT timer_counted_days(c.started_at, NULL, false, '[]', c.kind, 'UTC', c.until) AS counted,
            greatest(0, timer_day_mark(greatest(c.started_at, c.until), c.kind, 'UTC')
              - timer_day_mark(c.started_at, c.kind, 'UTC')) AS marks
          FROM jsonb_to_recordset(${JSON.stringify(drawn)}::jsonb) AS d ("from" timestamptz, "to" timestamptz, kind text),
            LATERAL (SELECT d."from" AS started_at, d."to" AS until, d.kind) c`.execute(t.db);
        for (const row of result.rows) expect(Number(row.counted)).toBe(Number(row.marks));
      }),
      { numRuns: 40, seed: 20261129 },
    );
  });
});
