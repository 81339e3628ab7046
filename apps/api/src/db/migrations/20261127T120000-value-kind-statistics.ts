import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The value indexes hold only numbers, or only short strings, and a query names the same guard to use
    -- them. Without statistics on the guard's expressions the planner takes each for a rare condition (a
    -- value of one property estimated at a few hundred rows where it has one a permit), and sorts all of
    -- them rather than read the index in order. Analyzed now, so that the next query plans with them.
    CREATE STATISTICS permit_property_values_kind_stats ON (jsonb_typeof(value)) FROM permit_property_values;
    CREATE STATISTICS permit_property_values_length_stats ON (length(value::text)) FROM permit_property_values;
    ANALYZE permit_property_values;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP STATISTICS permit_property_values_length_stats;
    DROP STATISTICS permit_property_values_kind_stats;
  `.execute(db);
}
