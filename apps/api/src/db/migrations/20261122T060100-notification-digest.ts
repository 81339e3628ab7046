import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Changes to permits waiting for a person's e-mail digest (their setting for the event type is Digest).
    -- The digest is sent once the oldest of them is a day old, and its items are removed with it.
    CREATE TABLE notification_digest_items (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      permit_id uuid NOT NULL REFERENCES permits (id) ON DELETE CASCADE,
      type text NOT NULL,
      headline text NOT NULL,
      summary text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX notification_digest_items_user_idx ON notification_digest_items (user_id, created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE notification_digest_items;`.execute(db);
}
