import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- State of the embedded OpenID provider (sessions, grants, codes, refresh tokens), so that a restart
    -- or a second instance keeps people signed in.
    CREATE TABLE identity_payloads (
      model text NOT NULL,
      id text NOT NULL,
      payload jsonb NOT NULL,
      grant_id text,
      user_code text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      PRIMARY KEY (model, id)
    );
    CREATE INDEX identity_payloads_grant_idx ON identity_payloads (grant_id) WHERE grant_id IS NOT NULL;
    CREATE INDEX identity_payloads_uid_idx ON identity_payloads (uid) WHERE uid IS NOT NULL;
    CREATE INDEX identity_payloads_expires_idx ON identity_payloads (expires_at);

    -- Token signing keys (private JWKs) and cookie signing keys; created once, kept for restarts.
    CREATE TABLE identity_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL CHECK (kind IN ('signing', 'cookie')),
      material jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE login_failures (
      id bigserial PRIMARY KEY,
      email text NOT NULL,
      ip text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_failures_email_idx ON login_failures (email, created_at);
    CREATE INDEX login_failures_ip_idx ON login_failures (ip, created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE login_failures; DROP TABLE identity_keys; DROP TABLE identity_payloads;`.execute(db);
}
