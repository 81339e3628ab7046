import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The poles a permit applies for, named by the pole owner's external id so that a pole survives its
    -- project's map being synced again (project_poles rows are rewritten, external ids stay).
    CREATE TABLE permit_poles (
      permit_id uuid NOT NULL,
      project_id uuid NOT NULL,
      external_id text NOT NULL,
      position integer NOT NULL CHECK (position >= 0),
      PRIMARY KEY (permit_id, external_id),
      FOREIGN KEY (project_id, permit_id) REFERENCES permits (project_id, id) ON DELETE CASCADE
    );
    CREATE INDEX permit_poles_project_idx ON permit_poles (project_id, external_id);

    -- An event about one permit also goes to the room of the people who have that permit open.
    ALTER TABLE events ADD COLUMN permit_id uuid;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE events DROP COLUMN permit_id; DROP TABLE permit_poles;`.execute(db);
}
