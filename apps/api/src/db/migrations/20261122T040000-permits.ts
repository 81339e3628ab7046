import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Each project numbers its permits 1, 2, 3...: the row is incremented in the transaction that creates a
    -- permit, so numbers have no gaps and two permits of one project never get the same number.
    CREATE TABLE permit_counters (
      project_id uuid PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
      last_number integer NOT NULL DEFAULT 0 CHECK (last_number >= 0)
    );

    -- An attacher's application on a project, running on one published template version. A project that
    -- has permits cannot be deleted (no cascade from projects), nor can the version they run on.
    CREATE TABLE permits (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects (id),
      applicant_organization_id uuid NOT NULL REFERENCES organizations (id),
      template_id uuid NOT NULL REFERENCES workflow_templates (id),
      permit_number text NOT NULL CHECK (length(permit_number) > 0),
      status text NOT NULL DEFAULT 'Active'
        CHECK (status IN ('Active', 'OnHold', 'CancelRequested', 'Cancelled', 'Completed')),
      restricted boolean NOT NULL DEFAULT false,
      restricted_reason text,
      on_hold_reason text,
      location text,
      actual_poles integer CHECK (actual_poles >= 0),
      -- Copied from permit_stages so that the permit grid sorts and filters on it without a join.
      active_stage_key uuid,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      last_activity_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      UNIQUE (project_id, id),
      CHECK (restricted OR restricted_reason IS NULL),
      CHECK ((status = 'Completed') = (completed_at IS NOT NULL))
    );
    CREATE UNIQUE INDEX permits_number_key ON permits (project_id, permit_number);
    -- Counts per project, scoped to the applicant for attachers, by status; the summary's stage figures
    -- read the included columns without visiting the table.
    CREATE INDEX permits_counts_idx ON permits (project_id, applicant_organization_id, status)
      INCLUDE (template_id, active_stage_key);
    CREATE INDEX permits_template_idx ON permits (project_id, template_id, created_at DESC, id);
    CREATE INDEX permits_created_idx ON permits (project_id, created_at DESC, id);
    CREATE INDEX permits_last_activity_idx ON permits (project_id, last_activity_at DESC, id);
    CREATE INDEX permits_active_stage_idx ON permits (project_id, active_stage_key);

    -- A permit's copy of its version's stages and tasks, with their progress. The project is repeated from
    -- the permit so that grid filters on a stage, task or property start from the project.
    CREATE TABLE permit_stages (
      permit_id uuid NOT NULL,
      project_id uuid NOT NULL,
      stage_key uuid NOT NULL,
      position integer NOT NULL CHECK (position >= 0),
      library_entry_id uuid NOT NULL,
      name text NOT NULL,
      status text NOT NULL DEFAULT 'NotStarted' CHECK (status IN ('NotStarted', 'Active', 'Completed')),
      started_at timestamptz,
      completed_at timestamptz,
      PRIMARY KEY (permit_id, stage_key),
      FOREIGN KEY (project_id, permit_id) REFERENCES permits (project_id, id) ON DELETE CASCADE,
      CHECK ((status = 'Completed') = (completed_at IS NOT NULL))
    );
    CREATE INDEX permit_stages_filter_idx ON permit_stages (project_id, library_entry_id, status);

    CREATE TABLE permit_tasks (
      permit_id uuid NOT NULL,
      project_id uuid NOT NULL,
      stage_key uuid NOT NULL,
      task_key uuid NOT NULL,
      position integer NOT NULL CHECK (position >= 0),
      library_entry_id uuid NOT NULL,
      name text NOT NULL,
      required boolean NOT NULL,
      status text NOT NULL DEFAULT 'NotStarted'
        CHECK (status IN ('NotStarted', 'ReadyToBegin', 'InProgress', 'Completed')),
      ready_at timestamptz,
      started_at timestamptz,
      completed_at timestamptz,
      completed_by uuid REFERENCES users (id) ON DELETE SET NULL,
      PRIMARY KEY (permit_id, task_key),
      FOREIGN KEY (project_id, permit_id) REFERENCES permits (project_id, id) ON DELETE CASCADE,
      FOREIGN KEY (permit_id, stage_key) REFERENCES permit_stages (permit_id, stage_key) ON DELETE CASCADE,
      CHECK ((status = 'Completed') = (completed_at IS NOT NULL))
    );
    CREATE INDEX permit_tasks_filter_idx ON permit_tasks (project_id, library_entry_id, status);

    -- What was filled in: on the application form (no task) or on a task. One value per place.
    CREATE TABLE permit_property_values (
      permit_id uuid NOT NULL,
      project_id uuid NOT NULL,
      property_entry_id uuid NOT NULL,
      task_key uuid,
      value jsonb NOT NULL,
      updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (project_id, permit_id) REFERENCES permits (project_id, id) ON DELETE CASCADE
    );
    CREATE UNIQUE INDEX permit_property_values_key
      ON permit_property_values (permit_id, task_key, property_entry_id) NULLS NOT DISTINCT;
    CREATE INDEX permit_property_values_filter_idx ON permit_property_values (project_id, property_entry_id);

    -- The permit's history. Entries are only ever added: they go only with their permit.
    CREATE TABLE permit_activity (
      id bigserial PRIMARY KEY,
      permit_id uuid NOT NULL,
      project_id uuid NOT NULL,
      kind text NOT NULL CHECK (kind IN ('PermitCreated', 'PermitCancelRequested', 'PermitCancelApproved',
        'PermitCancelRejected', 'PermitUncancelled', 'PermitCompleted', 'PermitUncompleted', 'PermitMapUpdated',
        'PermitMigrated', 'StageStarted', 'StageCompleted', 'StageUncompleted', 'TaskStarted', 'TaskReadyToBegin',
        'TaskChanged', 'TaskAssigned', 'TaskUnassigned', 'TaskCompleted', 'TaskUncompleted', 'PropertyChanged',
        'CommentAdded', 'FileUploaded', 'FileDeleted', 'PermitRestricted', 'PermitRestrictionRemoved',
        'PermitAddOnHold', 'PermitRemoveOnHold')),
      actor_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      summary text NOT NULL,
      before jsonb,
      after jsonb,
      FOREIGN KEY (project_id, permit_id) REFERENCES permits (project_id, id) ON DELETE CASCADE
    );
    CREATE INDEX permit_activity_permit_idx ON permit_activity (permit_id, created_at);

    CREATE FUNCTION permit_activity_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'permit activity % cannot be changed', OLD.id
        USING ERRCODE = 'integrity_constraint_violation';
    END;
    $$;
    -- Who acted may still be cleared when that user is removed; nothing else changes.
    CREATE TRIGGER permit_activity_is_append_only
      BEFORE UPDATE ON permit_activity
      FOR EACH ROW WHEN ((NEW.id, NEW.permit_id, NEW.project_id, NEW.kind, NEW.created_at, NEW.summary,
        NEW.before, NEW.after) IS DISTINCT FROM (OLD.id, OLD.permit_id, OLD.project_id, OLD.kind, OLD.created_at,
        OLD.summary, OLD.before, OLD.after))
      EXECUTE FUNCTION permit_activity_is_append_only();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE permit_activity;
    DROP FUNCTION permit_activity_is_append_only();
    DROP TABLE permit_property_values;
    DROP TABLE permit_tasks;
    DROP TABLE permit_stages;
    DROP TABLE permits;
    DROP TABLE permit_counters;
  `.execute(db);
}
