import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The Active Stage column sorts in workflow order: by the stage's place in its workflow, then by name
    -- (permits of different workflows whose active stages stand at the same place come together by name).
    -- The key is one text, the position written with ten digits (an integer never has more) before the
    -- lower-cased name, so that the page of the whole program sorted by it still reads one index in order.
    DROP INDEX permit_stages_active_name_idx;
    CREATE INDEX permit_stages_active_order_idx ON permit_stages ((lpad(position::text, 10, '0') || ' ' || lower(name)))
      INCLUDE (project_id, permit_id, stage_key) WHERE status = 'Active';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX permit_stages_active_order_idx;
    CREATE INDEX permit_stages_active_name_idx ON permit_stages (lower(name))
      INCLUDE (project_id, permit_id, stage_key) WHERE status = 'Active';
  `.execute(db);
}
