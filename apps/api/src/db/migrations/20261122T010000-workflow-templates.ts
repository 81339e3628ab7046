import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A named workflow of a project, kept as numbered versions. Active: its latest published version is
    -- offered for new permits; Inactive: not offered; Archived: hidden from choices, kept for history.
    CREATE TABLE workflow_template_groups (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(trim(name)) > 0),
      status text NOT NULL DEFAULT 'Inactive' CHECK (status IN ('Active', 'Inactive', 'Archived')),
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (project_id, id)
    );
    CREATE UNIQUE INDEX workflow_template_groups_name_key
      ON workflow_template_groups (project_id, lower(name));

    -- One version of a group. The definition (stages, tasks, properties, timers, application form) is
    -- edited while Draft and frozen once Published: permits created on a version keep running on it.
    -- The project is repeated from the group so that every template query can start from the project.
    CREATE TABLE workflow_templates (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL,
      group_id uuid NOT NULL,
      version integer NOT NULL CHECK (version >= 1),
      status text NOT NULL DEFAULT 'Draft' CHECK (status IN ('Draft', 'Published')),
      definition jsonb NOT NULL DEFAULT '{"stages": [], "applicationForm": []}',
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz,
      published_by uuid REFERENCES users (id) ON DELETE SET NULL,
      FOREIGN KEY (project_id, group_id) REFERENCES workflow_template_groups (project_id, id) ON DELETE CASCADE,
      CHECK ((status = 'Published') = (published_at IS NOT NULL))
    );
    CREATE UNIQUE INDEX workflow_templates_version_key ON workflow_templates (project_id, group_id, version);
    -- A group has at most one draft: the next version being prepared.
    CREATE UNIQUE INDEX workflow_templates_one_draft_key
      ON workflow_templates (project_id, group_id) WHERE status = 'Draft';
    CREATE INDEX workflow_templates_published_idx
      ON workflow_templates (project_id, group_id, version DESC) WHERE status = 'Published';

    -- A published version never changes, whoever writes to the database. (Only who made it may be cleared,
    -- when such a user is removed.)
    CREATE FUNCTION workflow_templates_published_is_final() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'workflow template % is published and cannot be changed', OLD.id
        USING ERRCODE = 'integrity_constraint_violation';
    END;
    $$;
    CREATE TRIGGER workflow_templates_published_is_final
      BEFORE UPDATE ON workflow_templates
      FOR EACH ROW WHEN (OLD.status = 'Published' AND
        (NEW.project_id, NEW.group_id, NEW.version, NEW.status, NEW.definition, NEW.published_at)
          IS DISTINCT FROM
        (OLD.project_id, OLD.group_id, OLD.version, OLD.status, OLD.definition, OLD.published_at))
      EXECUTE FUNCTION workflow_templates_published_is_final();

    -- Timers an organization saved to reuse in its templates (its state's rules, its own service levels).
    CREATE TABLE timer_presets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(trim(name)) > 0),
      description text,
      timer jsonb NOT NULL,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX timer_presets_name_key ON timer_presets (organization_id, lower(name));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE timer_presets;
    DROP TABLE workflow_templates;
    DROP FUNCTION workflow_templates_published_is_final();
    DROP TABLE workflow_template_groups;
  `.execute(db);
}
