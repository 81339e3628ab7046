import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE terms_of_service (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      version integer NOT NULL UNIQUE CHECK (version > 0),
      html_content text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE privacy_policies (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      version integer NOT NULL UNIQUE CHECK (version > 0),
      html_content text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE terms_agreements (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      terms_of_service_id uuid NOT NULL REFERENCES terms_of_service (id),
      agreed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, terms_of_service_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE terms_agreements; DROP TABLE privacy_policies; DROP TABLE terms_of_service;`.execute(
    db,
  );
}
