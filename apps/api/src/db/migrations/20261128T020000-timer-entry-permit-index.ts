import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- One index for the clocks of a task, where there were two: by project and task for the tracker's filters
    -- and sets, and by permit and task for one permit's clock. Keyed by project, task, permit and start, it
    -- serves both (a permit's clock is named with its project), so a filtered page reads one permit's clock
    -- from the pages the filter has just read, and a clock's write updates one index instead of two.
    DROP INDEX permit_timers_permit_entry_idx;
    DROP INDEX permit_timers_entry_idx;
    CREATE INDEX permit_timers_entry_idx ON permit_timers (project_id, owner_entry_id, permit_id, started_at)
      INCLUDE (stopped_at, pauses_on_hold, day_kind, time_zone, holds);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX permit_timers_entry_idx;
    CREATE INDEX permit_timers_entry_idx ON permit_timers (project_id, owner_entry_id)
      INCLUDE (permit_id, started_at, stopped_at, pauses_on_hold, day_kind, time_zone, holds);
    CREATE INDEX permit_timers_permit_entry_idx ON permit_timers (permit_id, owner_entry_id, started_at)
      INCLUDE (stopped_at, pauses_on_hold, day_kind, time_zone, holds);
  `.execute(db);
}
