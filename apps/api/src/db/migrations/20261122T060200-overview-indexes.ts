import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The permit overview filters on stages, tasks and values with EXISTS; these let the planner start from
    -- the matching rows (a semi-join) instead of probing every visible permit.
    CREATE INDEX permit_tasks_entry_status_idx ON permit_tasks (library_entry_id, status, permit_id);
    CREATE INDEX permit_stages_entry_idx ON permit_stages (library_entry_id, permit_id);
    -- Number values (Number properties and number formulas) compared by size.
    CREATE INDEX permit_property_values_number_idx ON permit_property_values
      (property_entry_id, (CASE WHEN jsonb_typeof(value) = 'number' THEN (value #>> '{}')::float8 END));
    -- Short text values (dates as YYYY-MM-DD, choices) compared exactly or by order. Long texts stay out:
    -- an index entry has a size limit, and they are searched with "contains", not compared.
    CREATE INDEX permit_property_values_short_text_idx ON permit_property_values
      (property_entry_id, (value #>> '{}'))
      WHERE jsonb_typeof(value) = 'string' AND length(value::text) <= 256;
    -- The overview's default order, newest first, over every project the caller sees: a page of a large
    -- program is read from here and stops once full.
    CREATE INDEX permits_newest_idx ON permits (created_at DESC, id DESC);
    -- The overview's search ("contains", ignoring case) on the permit's own text.
    CREATE INDEX permits_number_trgm_idx ON permits USING gin (permit_number gin_trgm_ops);
    CREATE INDEX permits_location_trgm_idx ON permits USING gin (location gin_trgm_ops);
    CREATE INDEX projects_name_trgm_idx ON projects USING gin ((name || ' ' || project_code) gin_trgm_ops);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX projects_name_trgm_idx;
    DROP INDEX permits_location_trgm_idx;
    DROP INDEX permits_number_trgm_idx;
    DROP INDEX permits_newest_idx;
    DROP INDEX permit_property_values_short_text_idx;
    DROP INDEX permit_property_values_number_idx;
    DROP INDEX permit_stages_entry_idx;
    DROP INDEX permit_tasks_entry_status_idx;
  `.execute(db);
}
