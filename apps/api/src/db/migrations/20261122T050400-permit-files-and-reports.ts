import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Files attached to a permit. The bytes and their sniffed type live in stored_files; the row's id is the
    -- stored file's, so one id names the file everywhere. Deleting only hides a file: who deleted it and
    -- when stay, and the activity log still points at it.
    CREATE TABLE permit_files (
      file_id uuid PRIMARY KEY REFERENCES stored_files (id),
      permit_id uuid NOT NULL,
      project_id uuid NOT NULL,
      file_type text NOT NULL
        CHECK (file_type IN ('Pdf', 'Image', 'Document', 'Spreadsheet', 'Drawing', 'Text', 'Map', 'Archive')),
      uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
      uploaded_by_organization_id uuid NOT NULL REFERENCES organizations (id),
      uploaded_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      deleted_by uuid REFERENCES users (id) ON DELETE SET NULL,
      FOREIGN KEY (project_id, permit_id) REFERENCES permits (project_id, id) ON DELETE CASCADE
    );
    CREATE INDEX permit_files_permit_idx ON permit_files (permit_id, uploaded_at) WHERE deleted_at IS NULL;

    -- A permit's design reports: an uploaded report file, or a link to a design by its id (and address).
    -- Exactly one report of a permit that has any is the latest; the partial unique index keeps it at most
    -- one, and the service moves the flag when the latest is deleted.
    CREATE TABLE permit_reports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      permit_id uuid NOT NULL,
      project_id uuid NOT NULL,
      file_id uuid REFERENCES stored_files (id),
      design_id text CHECK (design_id ~ '^[A-Za-z0-9-]{3,64}$'),
      design_url text CHECK (length(design_url) <= 2000),
      is_latest boolean NOT NULL DEFAULT false,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_by_organization_id uuid NOT NULL REFERENCES organizations (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      deleted_by uuid REFERENCES users (id) ON DELETE SET NULL,
      FOREIGN KEY (project_id, permit_id) REFERENCES permits (project_id, id) ON DELETE CASCADE,
      CHECK ((file_id IS NULL) <> (design_id IS NULL)),
      CHECK (design_url IS NULL OR design_id IS NOT NULL),
      CHECK (NOT (is_latest AND deleted_at IS NOT NULL))
    );
    CREATE UNIQUE INDEX permit_reports_latest_key ON permit_reports (permit_id) WHERE is_latest;
    CREATE INDEX permit_reports_permit_idx ON permit_reports (permit_id, created_at) WHERE deleted_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE permit_reports;
    DROP TABLE permit_files;
  `.execute(db);
}
