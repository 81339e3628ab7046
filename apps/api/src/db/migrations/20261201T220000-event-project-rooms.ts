import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- An event about a permit reaches the members of each organization who may see that project's permits,
    -- not the whole organization: a member without ViewPermits on the project hears nothing of its permits.
    ALTER TABLE events ADD COLUMN project_id uuid;
    -- Kept from the rooms of this permit's open pages, which hear the same change through another event.
    ALTER TABLE events ADD COLUMN except_permit_id uuid;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE events DROP COLUMN except_permit_id;
    ALTER TABLE events DROP COLUMN project_id;
  `.execute(db);
}
