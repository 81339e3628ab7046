import { type Kysely, sql } from 'kysely';
import { timerDayMarkFirst, timerDayMarkSql } from './20261127T040000-timer-counted-days.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The first moment of a local date in a zone. Where the clocks go back from 01:00 to midnight (Havana in
    -- November, the Azores in October), midnight comes twice and AT TIME ZONE takes the later; the day began
    -- at the earlier, midnight at the offset of the day before, as the shared timer clock counts it.
    CREATE FUNCTION timer_local_day_start(day timestamp, zone text) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    DECLARE
      later timestamptz := day AT TIME ZONE zone;
      before timestamptz := later - interval '1 day';
      earlier timestamptz := (day - ((before AT TIME ZONE zone) - (before AT TIME ZONE 'UTC'))) AT TIME ZONE 'UTC';
    BEGIN
      IF earlier < later AND earlier AT TIME ZONE zone = day THEN
        RETURN earlier;
      END IF;
      RETURN later;
    END;
    $$;
  `.execute(db);
  // As before, but a local day runs from its first moment to the first moment of the next date after `at`
  // (where a date stepped back, as St John's did until 2010, the next date's midnight comes again).
  await timerDayMarkSql({
    declare: `
      day_start timestamptz;
      day_end timestamptz;`,
    localDay: `
        day := date_trunc('day', at AT TIME ZONE zone);
        n := day::date - DATE '2001-01-01';
        day_start := timer_local_day_start(day, zone);
        day_end := timer_local_day_start(day + interval '1 day', zone);
        IF day_end <= at THEN
          day_end := (day + interval '1 day') AT TIME ZONE zone;
        END IF;
        part := extract(epoch FROM at - day_start) / extract(epoch FROM day_end - day_start);`,
  }).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await timerDayMarkFirst.execute(db);
  await sql`DROP FUNCTION timer_local_day_start;`.execute(db);
}
