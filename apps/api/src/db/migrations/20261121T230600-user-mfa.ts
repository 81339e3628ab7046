import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A user's second factor (enrolled with the organization security features); an administrator's
    -- reset clears it so the user enrolls again.
    ALTER TABLE users ADD COLUMN mfa_secret text;
    ALTER TABLE users ADD COLUMN mfa_enrolled_at timestamptz;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN mfa_enrolled_at; ALTER TABLE users DROP COLUMN mfa_secret;`.execute(
    db,
  );
}
