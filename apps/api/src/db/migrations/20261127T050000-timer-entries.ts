import { type Kysely, sql } from 'kysely';

/** The count of days a clock has run by `now`, as a plain span between two day marks of `timer_day_mark`. */
export const MARKS_BY_CALL =
  'counted := timer_day_mark(until, day_kind, zone) - timer_day_mark(started_at, day_kind, zone);';

/**
 * `timer_counted_days`: the days a clock has run by `now`, from its start to its stop (or now), less the holds
 * it pauses for, each span the difference of two day marks (see timer_day_mark). `marks` sets `counted` to the
 * span from start to `until`, with any variables it needs in `declare`. One call a clock.
 */
export function timerCountedDaysSql(marks: string, declare = '') {
  return sql.raw(`
    CREATE OR REPLACE FUNCTION timer_counted_days(started_at timestamptz, stopped_at timestamptz,
      pauses_on_hold boolean, holds jsonb, day_kind text, zone text, now timestamptz) RETURNS float8
    LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
    DECLARE
      until timestamptz := greatest(started_at, least(coalesce(stopped_at, now), now));
      counted float8;
      hold jsonb;
      held_from timestamptz;
      held_to timestamptz;${declare}
    BEGIN
      ${marks}
      IF pauses_on_hold AND jsonb_array_length(holds) > 0 THEN
        FOR hold IN SELECT jsonb_array_elements(holds) LOOP
          held_from := greatest((hold ->> 'from')::timestamptz, started_at);
          held_to := least(coalesce((hold ->> 'to')::timestamptz, until), until);
          IF held_to > held_from THEN
            counted := counted - (timer_day_mark(held_to, day_kind, zone) - timer_day_mark(held_from, day_kind, zone));
          END IF;
        END LOOP;
      END IF;
      RETURN greatest(0, counted);
    END;
    $$;
  `);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A clock names the library entry of the stage or task it belongs to, so that the permit overview reads
    -- the clocks of one task (a filter, a sort) from one index over the visible projects, with everything
    -- the days are counted from, instead of finding the permits' tasks first and each task's clock by key.
    ALTER TABLE permit_timers ADD COLUMN owner_entry_id uuid;
    UPDATE permit_timers tm SET owner_entry_id = coalesce(
      (SELECT t.library_entry_id FROM permit_tasks t WHERE t.permit_id = tm.permit_id AND t.task_key = tm.owner_key),
      (SELECT s.library_entry_id FROM permit_stages s WHERE s.permit_id = tm.permit_id AND s.stage_key = tm.owner_key));
    CREATE INDEX permit_timers_entry_idx ON permit_timers (project_id, owner_entry_id)
      INCLUDE (permit_id, started_at, stopped_at, pauses_on_hold, day_kind, time_zone, holds);
  `.execute(db);
  await timerCountedDaysSql(MARKS_BY_CALL).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION timer_counted_days; DROP INDEX permit_timers_entry_idx;
    ALTER TABLE permit_timers DROP COLUMN owner_entry_id;`.execute(db);
}
