import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The open tasks carry their key and name too: a sort or summary of the whole program by a stage's active task,
    -- the next up task or its people reads every visible permit's open tasks from this index alone (the
    -- planner reads an expression from an index alone only when the column it is computed from is there).
    DROP INDEX permit_tasks_open_name_idx;
    CREATE INDEX permit_tasks_open_name_idx ON permit_tasks (lower(name))
      INCLUDE (project_id, permit_id, stage_key, task_key, position, name) WHERE status IN ('ReadyToBegin', 'InProgress');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX permit_tasks_open_name_idx;
    CREATE INDEX permit_tasks_open_name_idx ON permit_tasks (lower(name))
      INCLUDE (project_id, permit_id, stage_key, position) WHERE status IN ('ReadyToBegin', 'InProgress');
  `.execute(db);
}
