import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The outbox: a write that others must see records its event here in the same transaction; the
    -- real-time publisher sends it after commit and stamps published_at.
    CREATE TABLE events (
      id bigserial PRIMARY KEY,
      type text NOT NULL,
      user_id uuid,
      organization_id uuid,
      payload jsonb NOT NULL DEFAULT '{}',
      connection_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz
    );
    CREATE INDEX events_unpublished_idx ON events (id) WHERE published_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE events;`.execute(db);
}
