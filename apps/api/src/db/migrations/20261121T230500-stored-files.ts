import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Uploaded files (organization logos, avatars; later permit files). The bytes live in file storage
    -- under storage_key; the content type is the one sniffed from the bytes.
    CREATE TABLE stored_files (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid REFERENCES organizations (id) ON DELETE CASCADE,
      purpose text NOT NULL,
      original_name text NOT NULL,
      content_type text NOT NULL,
      size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
      storage_key text NOT NULL UNIQUE,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE organizations ADD COLUMN logo_file_id uuid REFERENCES stored_files (id) ON DELETE SET NULL;
    ALTER TABLE users ADD COLUMN avatar_file_id uuid REFERENCES stored_files (id) ON DELETE SET NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users DROP COLUMN avatar_file_id;
    ALTER TABLE organizations DROP COLUMN logo_file_id;
    DROP TABLE stored_files;
  `.execute(db);
}
