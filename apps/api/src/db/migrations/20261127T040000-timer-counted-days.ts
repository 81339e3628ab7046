import { type Kysely, sql } from 'kysely';

/**
 * `timer_day_mark` around the part that finds where `at` stands in its local day outside UTC: `declare`
 * adds variables, and `localDay` sets `day` (the local date), `n` (days from 2001-01-01) and `part` (the
 * fraction of the local day gone by). Each definition of the mark is built here, so that what they share
 * is written once.
 *
 * The mark of a moment is a running total of counted days from a fixed Monday (2001-01-01, local) to it:
 * the days counted between two moments are the difference of their marks, the same arithmetic as the shared
 * timer clock (a moment counts as the fraction of its local day it covers, so a 23- or 25-hour day counts
 * as one day; business days are Monday to Friday). In UTC every day is 24 hours long, so the day and the
 * part of it come from the moment alone (about 1 microsecond a mark; 2 in a zone with daylight saving).
 */
export function timerDayMarkSql(localDay: { declare: string; localDay: string }) {
  return sql.raw(`
    CREATE OR REPLACE FUNCTION timer_day_mark(at timestamptz, day_kind text, zone text) RETURNS float8
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    DECLARE
      day timestamp;
      n integer;
      part float8;
      weekday integer;${localDay.declare}
    BEGIN
      IF zone = 'UTC' THEN
        part := extract(epoch FROM at) / 86400 - 11323;
        n := floor(part);
        part := part - n;
      ELSE${localDay.localDay}
      END IF;
      IF day_kind = 'Calendar' THEN
        RETURN n + part;
      END IF;
      weekday := ((n % 7) + 7) % 7;
      RETURN (n - weekday) / 7 * 5 + least(weekday, 5) + CASE WHEN weekday < 5 THEN part ELSE 0 END;
    END;
    $$;
  `);
}

/**
 * The days a permit's clock has run, readable in SQL so that the permit overview can filter, sort and sum
 * by them: this migration's day mark, whose local day runs between two midnights as AT TIME ZONE reads them
 * (a later migration replaces it, and restores it when undone).
 */
export const timerDayMarkFirst = timerDayMarkSql({
  declare: '',
  localDay: `
        day := date_trunc('day', at AT TIME ZONE zone);
        n := day::date - DATE '2001-01-01';
        part := extract(epoch FROM at - (day AT TIME ZONE zone))
          / extract(epoch FROM ((day + interval '1 day') AT TIME ZONE zone) - (day AT TIME ZONE zone));`,
});

export async function up(db: Kysely<unknown>): Promise<void> {
  await timerDayMarkFirst.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION timer_day_mark;`.execute(db);
}
