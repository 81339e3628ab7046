import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A filter on a task's status keeps the permits whose task rows match: carrying the permit lets those
    -- rows come from the index alone, without visiting a table of twenty rows a permit.
    DROP INDEX permit_tasks_filter_idx;
    CREATE INDEX permit_tasks_filter_idx ON permit_tasks (project_id, library_entry_id, status) INCLUDE (permit_id);
    -- One value of a permit is read by its property (a cell, a sort key, a summed value): with the property
    -- second, the key finds that value directly instead of walking every value the permit has.
    DROP INDEX permit_property_values_key;
    CREATE UNIQUE INDEX permit_property_values_key
      ON permit_property_values (permit_id, property_entry_id, task_key) NULLS NOT DISTINCT;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX permit_property_values_key;
    CREATE UNIQUE INDEX permit_property_values_key
      ON permit_property_values (permit_id, task_key, property_entry_id) NULLS NOT DISTINCT;
    DROP INDEX permit_tasks_filter_idx;
    CREATE INDEX permit_tasks_filter_idx ON permit_tasks (project_id, library_entry_id, status);
  `.execute(db);
}
