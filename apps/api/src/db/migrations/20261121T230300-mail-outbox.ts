import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Every e-mail Crossarm sends. Without an SMTP server this table and the log are the delivery.
    CREATE TABLE mail_outbox (
      id bigserial PRIMARY KEY,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text NOT NULL,
      template text NOT NULL,
      user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      error text
    );
    CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC);
    CREATE INDEX mail_outbox_unsent_idx ON mail_outbox (id) WHERE sent_at IS NULL AND error IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE mail_outbox;`.execute(db);
}
