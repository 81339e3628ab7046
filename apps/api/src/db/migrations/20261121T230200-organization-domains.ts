import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- E-mail domains an organization's users must belong to; none means any domain.
    CREATE TABLE organization_domains (
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      domain_name text NOT NULL CHECK (domain_name = lower(domain_name) AND domain_name ~ '^[a-z0-9-]+(\\.[a-z0-9-]+)+$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, domain_name)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE organization_domains;`.execute(db);
}
