import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Every change an administrator makes: who, what, when, and the record before and after. Rows are only
    -- ever inserted.
    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      actor_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      action text NOT NULL,
      target_type text NOT NULL,
      target_id text NOT NULL,
      organization_id uuid,
      before jsonb,
      after jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, created_at DESC);
    CREATE INDEX audit_log_organization_idx ON audit_log (organization_id, created_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE audit_log;`.execute(db);
}
