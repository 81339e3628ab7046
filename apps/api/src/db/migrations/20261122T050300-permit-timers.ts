import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The deadline clocks a permit has started, one per stage or task timer of its version (keyed by the stage
    -- or task key). The timer's settings are copied when it starts, so a running clock keeps counting the way
    -- it began even if the permit later moves to another version. Timers not yet started have no row.
    CREATE TABLE permit_timers (
      permit_id uuid NOT NULL,
      project_id uuid NOT NULL,
      owner_key uuid NOT NULL,
      owner_kind text NOT NULL CHECK (owner_kind IN ('Stage', 'Task')),
      stage_key uuid NOT NULL,
      duration_days integer NOT NULL CHECK (duration_days BETWEEN 1 AND 3650),
      day_kind text NOT NULL CHECK (day_kind IN ('Calendar', 'Business')),
      pauses_on_hold boolean NOT NULL,
      on_breach jsonb NOT NULL,
      -- Whose local days and weekends count; UTC until projects carry a time zone.
      time_zone text NOT NULL DEFAULT 'UTC',
      started_at timestamptz NOT NULL,
      stopped_at timestamptz,
      -- The spans the permit was on hold while the clock ran: [{"from": iso, "to": iso or null}].
      holds jsonb NOT NULL DEFAULT '[]',
      -- When the clock runs out if nothing changes; null while paused or once stopped in time. The sweep
      -- looks only at clocks due by now and not yet recorded as breached.
      due_at timestamptz,
      breached_at timestamptz,
      -- Shown as overdue: breached, and the timer asks to flag it.
      flagged boolean NOT NULL DEFAULT false,
      PRIMARY KEY (permit_id, owner_key),
      FOREIGN KEY (project_id, permit_id) REFERENCES permits (project_id, id) ON DELETE CASCADE,
      CHECK (stopped_at IS NULL OR stopped_at >= started_at),
      CHECK (NOT flagged OR breached_at IS NOT NULL)
    );
    CREATE INDEX permit_timers_due_idx ON permit_timers (due_at) WHERE breached_at IS NULL AND due_at IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE permit_timers;`.execute(db);
}
