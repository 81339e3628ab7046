import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE user_system_permissions (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      permission text NOT NULL CHECK (permission IN ('ViewOrganizations', 'ManageOrganizations', 'ViewUsers',
        'InviteUsers', 'ManageUsers', 'ManageProjects', 'ManageLibrary', 'ManageSecurity', 'ViewApps')),
      PRIMARY KEY (user_id, permission)
    );

    -- A user may belong to several organizations; users.organization_id is the one they work in.
    CREATE TABLE user_organizations (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, organization_id)
    );
    CREATE INDEX user_organizations_organization_idx ON user_organizations (organization_id, user_id);

    CREATE TABLE user_organization_permissions (
      user_id uuid NOT NULL,
      organization_id uuid NOT NULL,
      permission text NOT NULL CHECK (permission IN ('ViewOrganizationInfo', 'ManageOrganizationInfo',
        'ViewUsers', 'ManageUsers', 'ViewApps')),
      PRIMARY KEY (user_id, organization_id, permission),
      FOREIGN KEY (user_id, organization_id) REFERENCES user_organizations (user_id, organization_id) ON DELETE CASCADE
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE user_organization_permissions; DROP TABLE user_organizations; DROP TABLE user_system_permissions;`.execute(
    db,
  );
}
