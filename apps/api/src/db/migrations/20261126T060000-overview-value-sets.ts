import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A filter on values is read as the set of permits whose value matches, among the visible projects:
    -- carrying the project, the permit and the (short) value lets that set come from the index alone, without
    -- visiting a table of thirty rows a permit (the planner reads an expression from an index alone only when
    -- the column it is computed from is there too). Only number values are in the number index (the filter
    -- names the same guard).
    DROP INDEX permit_property_values_number_idx;
    CREATE INDEX permit_property_values_number_idx ON permit_property_values
      (property_entry_id, (CASE WHEN jsonb_typeof(value) = 'number' THEN (value #>> '{}')::float8 END))
      INCLUDE (project_id, permit_id, value)
      WHERE jsonb_typeof(value) = 'number';
    DROP INDEX permit_property_values_short_text_idx;
    CREATE INDEX permit_property_values_short_text_idx ON permit_property_values
      (property_entry_id, (value #>> '{}'))
      INCLUDE (project_id, permit_id, value)
      WHERE jsonb_typeof(value) = 'string' AND length(value::text) <= 256;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX permit_property_values_short_text_idx;
    CREATE INDEX permit_property_values_short_text_idx ON permit_property_values
      (property_entry_id, (value #>> '{}'))
      WHERE jsonb_typeof(value) = 'string' AND length(value::text) <= 256;
    DROP INDEX permit_property_values_number_idx;
    CREATE INDEX permit_property_values_number_idx ON permit_property_values
      (property_entry_id, (CASE WHEN jsonb_typeof(value) = 'number' THEN (value #>> '{}')::float8 END));
  `.execute(db);
}
