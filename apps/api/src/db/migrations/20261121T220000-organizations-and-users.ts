import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE organizations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(trim(name)) > 0),
      address_line1 text, address_line2 text, city text, state text, postal_code text, country text,
      contact_name text, contact_email text, contact_phone text, website text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX organizations_name_key ON organizations (lower(name));

    CREATE TABLE organization_applications (
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      application text NOT NULL
        CHECK (application IN ('JointUse', 'Engineering', 'Vegetation', 'Resilience', 'Geospatial')),
      enabled_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, application)
    );

    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL CHECK (email = lower(email) AND position('@' in email) > 1),
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      phone text, title text,
      status text NOT NULL CHECK (status IN ('Invited', 'Active', 'Inactive', 'Deleted')),
      role text NOT NULL DEFAULT 'User' CHECK (role IN ('Admin', 'User')),
      dark_mode boolean NOT NULL DEFAULT false,
      organization_id uuid REFERENCES organizations (id) ON DELETE SET NULL,
      password_hash text,
      identity_subject text,
      last_sign_in_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_email_key ON users (email);
    CREATE UNIQUE INDEX users_identity_subject_key ON users (identity_subject) WHERE identity_subject IS NOT NULL;
    CREATE INDEX users_organization_idx ON users (organization_id, status);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE users; DROP TABLE organization_applications; DROP TABLE organizations;`.execute(db);
}
