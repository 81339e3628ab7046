import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Versions of a project's terms; the highest version is the current one. Old versions stay as the record
    -- of what was accepted.
    CREATE TABLE project_terms (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      version integer NOT NULL CHECK (version > 0),
      html_content text NOT NULL,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (project_id, version)
    );

    -- An organization's acceptance of one version, on behalf of the whole organization.
    CREATE TABLE project_terms_acceptances (
      terms_id uuid NOT NULL REFERENCES project_terms (id) ON DELETE CASCADE,
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      accepted_by uuid REFERENCES users (id) ON DELETE SET NULL,
      accepted_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (terms_id, organization_id)
    );
    CREATE INDEX project_terms_acceptances_organization_idx ON project_terms_acceptances (organization_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE project_terms_acceptances; DROP TABLE project_terms;`.execute(db);
}
