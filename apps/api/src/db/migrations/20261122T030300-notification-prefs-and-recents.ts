import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A person's notification settings for one project: the mute, and only the event types whose setting
    -- differs from the default, so new event types arrive with their default.
    CREATE TABLE project_notification_prefs (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      muted boolean NOT NULL DEFAULT false,
      events jsonb NOT NULL DEFAULT '{}',
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, project_id)
    );
    CREATE INDEX project_notification_prefs_project_idx ON project_notification_prefs (project_id);

    -- What a person looked at lately, newest first; the service keeps the latest few per type.
    CREATE TABLE recents (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('Project', 'Permit', 'Dashboard')),
      ref_id uuid NOT NULL,
      metadata jsonb NOT NULL DEFAULT '{}',
      viewed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, type, ref_id)
    );
    CREATE INDEX recents_latest_idx ON recents (user_id, type, viewed_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE recents; DROP TABLE project_notification_prefs;`.execute(db);
}
