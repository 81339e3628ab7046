import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- What each contributor organization may do with the project's permits. An organization added without
    -- going through the service holds nothing until the pole owner grants it something.
    ALTER TABLE project_organizations
      ADD COLUMN permissions text[] NOT NULL DEFAULT '{}'
      CHECK (permissions <@ ARRAY['ViewPermits', 'CreatePermits', 'EditPermits', 'CommentOnPermits',
        'ExportPermits', 'ManagePermits']::text[]);
    UPDATE project_organizations SET permissions = CASE role
      WHEN 'PoleOwner' THEN ARRAY['ViewPermits', 'CreatePermits', 'EditPermits', 'CommentOnPermits',
        'ExportPermits', 'ManagePermits']
      ELSE ARRAY['ViewPermits', 'CreatePermits', 'EditPermits', 'CommentOnPermits', 'ExportPermits'] END;

    -- A user's own set on a project, which narrows their organization's; no row means the user inherits it.
    -- It goes with the contributor and with the user's membership of the organization.
    CREATE TABLE project_user_permissions (
      project_id uuid NOT NULL,
      organization_id uuid NOT NULL,
      user_id uuid NOT NULL,
      permissions text[] NOT NULL
        CHECK (permissions <@ ARRAY['ViewPermits', 'CreatePermits', 'EditPermits', 'CommentOnPermits',
          'ExportPermits', 'ManagePermits']::text[]),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (project_id, organization_id, user_id),
      FOREIGN KEY (project_id, organization_id)
        REFERENCES project_organizations (project_id, organization_id) ON DELETE CASCADE,
      FOREIGN KEY (user_id, organization_id) REFERENCES user_organizations (user_id, organization_id) ON DELETE CASCADE
    );
    CREATE INDEX project_user_permissions_user_idx ON project_user_permissions (user_id, organization_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE project_user_permissions;
    ALTER TABLE project_organizations DROP COLUMN permissions;
  `.execute(db);
}
