import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The overview's default order, newest first, now carrying the columns its visibility rule reads (the
    -- project and the applicant): a deep page of a large program walks the index alone, in order, skipping
    -- the permits of other projects without visiting the table, and stops once the page is full.
    DROP INDEX permits_newest_idx;
    CREATE INDEX permits_newest_idx ON permits (created_at DESC, id DESC)
      INCLUDE (project_id, applicant_organization_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX permits_newest_idx;
    CREATE INDEX permits_newest_idx ON permits (created_at DESC, id DESC);
  `.execute(db);
}
