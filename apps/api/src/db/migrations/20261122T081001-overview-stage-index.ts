import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A filter on the active stage or on a stage's elapsed time keeps the permits whose stage rows match,
    -- read from the visible projects' rows of that stage: carrying the permit and the stage key lets those
    -- rows come from the index alone.
    DROP INDEX permit_stages_filter_idx;
    CREATE INDEX permit_stages_filter_idx ON permit_stages (project_id, library_entry_id, status)
      INCLUDE (permit_id, stage_key);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX permit_stages_filter_idx;
    CREATE INDEX permit_stages_filter_idx ON permit_stages (project_id, library_entry_id, status);
  `.execute(db);
}
