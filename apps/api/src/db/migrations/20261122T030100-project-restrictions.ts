import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A contributor organization the pole owner has stopped from creating permits on the project, and why.
    CREATE TABLE project_restrictions (
      project_id uuid NOT NULL,
      organization_id uuid NOT NULL,
      reason text NOT NULL CHECK (length(trim(reason)) > 0 AND length(reason) <= 1000),
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (project_id, organization_id),
      FOREIGN KEY (project_id, organization_id)
        REFERENCES project_organizations (project_id, organization_id) ON DELETE CASCADE
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE project_restrictions;`.execute(db);
}
