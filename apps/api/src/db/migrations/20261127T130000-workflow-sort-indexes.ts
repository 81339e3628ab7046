import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The active stages and the open tasks by name, as the overview sorts the Active Stage and Next Up Task
    -- columns: a page of the whole program sorted by one of them reads its index in order and stops, rather
    -- than looking up every visible permit's stage or tasks. Each carries what the page needs to check that
    -- the place is the permit's (its stage, its position) and the permit's project.
    CREATE INDEX permit_stages_active_name_idx ON permit_stages (lower(name))
      INCLUDE (project_id, permit_id, stage_key) WHERE status = 'Active';
    CREATE INDEX permit_tasks_open_name_idx ON permit_tasks (lower(name))
      INCLUDE (project_id, permit_id, stage_key, position) WHERE status IN ('ReadyToBegin', 'InProgress');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX permit_tasks_open_name_idx;
    DROP INDEX permit_stages_active_name_idx;
  `.execute(db);
}
