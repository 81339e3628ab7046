import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Saved views of the permit tracker (a table or a map), owned by the person who created it in their
    -- working organization. Filters are stored normalized; columns, sorts and the summary row by dataId.
    CREATE TABLE custom_views (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      owner_organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      application text NOT NULL DEFAULT 'JointUse' CHECK (application IN ('JointUse')),
      type text NOT NULL CHECK (type IN ('Table', 'Map')),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      description text NOT NULL DEFAULT '',
      column_options jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(column_options) = 'array'),
      filter_options jsonb,
      sort_options jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(sort_options) = 'array'),
      summary_row_options jsonb NOT NULL DEFAULT '[]'::jsonb
        CHECK (jsonb_typeof(summary_row_options) = 'array'),
      is_summary_visible boolean NOT NULL DEFAULT false,
      map_center jsonb,
      map_zoom double precision,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX custom_views_owner_idx ON custom_views (owner_user_id);

    -- Who may use a view: people and organizations, at Manage, Edit or View (None is not stored).
    CREATE TABLE custom_view_user_permissions (
      view_id uuid NOT NULL REFERENCES custom_views (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      permission text NOT NULL CHECK (permission IN ('Manage', 'Edit', 'View')),
      PRIMARY KEY (view_id, user_id)
    );
    CREATE INDEX custom_view_user_permissions_user_idx ON custom_view_user_permissions (user_id);
    CREATE TABLE custom_view_organization_permissions (
      view_id uuid NOT NULL REFERENCES custom_views (id) ON DELETE CASCADE,
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      permission text NOT NULL CHECK (permission IN ('Manage', 'Edit', 'View')),
      PRIMARY KEY (view_id, organization_id)
    );
    CREATE INDEX custom_view_organization_permissions_org_idx
      ON custom_view_organization_permissions (organization_id);

    -- A person's default view and favourites (in folders), per working organization. view_ids lists every
    -- view the preferences name, so deleting a view finds the preferences to clean without reading them all.
    CREATE TABLE view_prefs (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      default_views jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(default_views) = 'array'),
      favorite_views jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(favorite_views) = 'array'),
      favorite_folders jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(favorite_folders) = 'array'),
      view_ids text[] NOT NULL DEFAULT '{}',
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, organization_id)
    );
    CREATE INDEX view_prefs_view_ids_idx ON view_prefs USING gin (view_ids);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE view_prefs, custom_view_organization_permissions, custom_view_user_permissions,
    custom_views;`.execute(db);
}
