import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Trigram indexes serve the lists' "contains" searches (ILIKE '%text%'); the sort index serves a page of
    -- users by name without sorting every row.
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX users_search_trgm_idx ON users
      USING gin ((email || ' ' || first_name || ' ' || last_name) gin_trgm_ops);
    CREATE INDEX users_name_sort_idx ON users (lower(last_name || ' ' || first_name), id);
    CREATE INDEX organizations_name_trgm_idx ON organizations USING gin (name gin_trgm_ops);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX organizations_name_trgm_idx;
    DROP INDEX users_name_sort_idx;
    DROP INDEX users_search_trgm_idx;
  `.execute(db);
}
