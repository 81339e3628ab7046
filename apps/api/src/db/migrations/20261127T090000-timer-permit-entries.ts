import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A permit's clock of one task (the cell that shows its days, the key that sorts by them) read from one
    -- index alone, already in the order that picks the clock started first, instead of the permit's clocks
    -- read from the table and sorted.
    CREATE INDEX permit_timers_permit_entry_idx ON permit_timers (permit_id, owner_entry_id, started_at)
      INCLUDE (stopped_at, pauses_on_hold, day_kind, time_zone, holds);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX permit_timers_permit_entry_idx;`.execute(db);
}
