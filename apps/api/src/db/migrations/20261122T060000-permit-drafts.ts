import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- An application saved before it is submitted, to be finished later by the person who saved it. Values
    -- are kept as given (a draft may be incomplete); they are checked again when the permit is applied for.
    CREATE TABLE permit_application_drafts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      template_id uuid REFERENCES workflow_templates (id) ON DELETE SET NULL,
      location text,
      pole_ids jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(pole_ids) = 'array'),
      "values" jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof("values") = 'array'),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX permit_application_drafts_user_idx
      ON permit_application_drafts (user_id, organization_id, updated_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE permit_application_drafts;`.execute(db);
}
