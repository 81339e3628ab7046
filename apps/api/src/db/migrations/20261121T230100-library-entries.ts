import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The library workflows are built from: stages, properties, tasks and units of one application.
    -- Kind-specific columns are null for the other kinds; names are unique per kind, ignoring case, archived
    -- entries included, so that unarchiving never collides.
    CREATE TABLE library_entries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      application text NOT NULL DEFAULT 'JointUse'
        CHECK (application IN ('JointUse', 'Engineering', 'Vegetation', 'Resilience', 'Geospatial')),
      kind text NOT NULL CHECK (kind IN ('stage', 'property', 'task', 'unit')),
      name text NOT NULL CHECK (length(trim(name)) > 0),
      description text,
      status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Archived')),
      field_type text CHECK (field_type IN ('Text', 'TextArea', 'Number', 'Date', 'Checkbox', 'Radio',
        'Dropdown', 'Email', 'Phone', 'File', 'User', 'Expression')),
      render_options jsonb,
      default_duration_days integer CHECK (default_duration_days >= 0),
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      archived_at timestamptz,
      CHECK ((kind = 'property') = (field_type IS NOT NULL AND render_options IS NOT NULL)),
      CHECK (kind = 'task' OR default_duration_days IS NULL),
      CHECK ((status = 'Archived') = (archived_at IS NOT NULL))
    );
    CREATE UNIQUE INDEX library_entries_name_key ON library_entries (application, kind, lower(name));
    CREATE INDEX library_entries_status_idx ON library_entries (application, kind, status, lower(name));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE library_entries;`.execute(db);
}
