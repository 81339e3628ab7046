import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A joint use program run by a pole owner, which attacher organizations apply to.
    CREATE TABLE projects (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_organization_id uuid NOT NULL REFERENCES organizations (id),
      name text NOT NULL CHECK (length(trim(name)) > 0),
      project_code text NOT NULL CHECK (length(project_code) > 0),
      description text,
      status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Archived')),
      archived_at timestamptz,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX projects_owner_code_key ON projects (owner_organization_id, lower(project_code));

    -- The organizations that take part in a project and their role in it. Every query about a project
    -- starts here: an organization that is not listed cannot know the project exists.
    CREATE TABLE project_organizations (
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      organization_id uuid NOT NULL REFERENCES organizations (id),
      role text NOT NULL CHECK (role IN ('PoleOwner', 'AttacherOrg')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (project_id, organization_id)
    );
    CREATE INDEX project_organizations_organization_idx ON project_organizations (organization_id, project_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE project_organizations; DROP TABLE projects;`.execute(db);
}
