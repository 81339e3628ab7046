import { type Kysely, sql } from 'kysely';

/**
 * The tables a caller's session is read from (the user, their permissions, their working organization and
 * its applications), with the writes that can change one. A user's sign-in time is not part of a session:
 * signing in does not move the number.
 */
const SOURCES: { name: string; table: string; events: string; when?: string }[] = [
  {
    name: 'users_session',
    table: 'users',
    events: 'UPDATE',
    when: `(to_jsonb(OLD) - 'last_sign_in_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_sign_in_at')`,
  },
  { name: 'users_session_delete', table: 'users', events: 'DELETE' },
  {
    name: 'user_system_permissions_session',
    table: 'user_system_permissions',
    events: 'INSERT OR UPDATE OR DELETE',
  },
  {
    name: 'user_organization_permissions_session',
    table: 'user_organization_permissions',
    events: 'INSERT OR UPDATE OR DELETE',
  },
  { name: 'organizations_session', table: 'organizations', events: 'UPDATE OR DELETE' },
  {
    name: 'organization_applications_session',
    table: 'organization_applications',
    events: 'INSERT OR UPDATE OR DELETE',
  },
];
const TABLES = [...new Set(SOURCES.map((source) => source.table))];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A number that moves whenever something a session is read from changes. A session kept between
    -- requests holds while the number it was read with is the number now, which a read-only request can
    -- check inside its own statement instead of reading the session again.
    CREATE TABLE session_version (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      version bigint NOT NULL,
      -- The transaction that moved it last: each transaction moves it once.
      moved_by xid8
    );
    INSERT INTO session_version (version) VALUES (1);

    CREATE FUNCTION session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE session_version SET version = version + 1, moved_by = pg_current_xact_id()
        WHERE moved_by IS DISTINCT FROM pg_current_xact_id();
      RETURN NULL;
    END;
    $$;
  `.execute(db);
  // Deferred to the commit, like the overview context's number: the row is the last thing a writing
  // transaction locks.
  for (const { name, table, events, when } of SOURCES) {
    await sql`
      CREATE CONSTRAINT TRIGGER ${sql.raw(name)} AFTER ${sql.raw(events)}
        ON ${sql.table(table)} DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW ${sql.raw(when ? `WHEN (${when})` : '')} EXECUTE FUNCTION session_changed();
    `.execute(db);
  }
  for (const table of TABLES) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_session_truncate`)} AFTER TRUNCATE ON ${sql.table(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION session_changed();
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { name, table } of SOURCES) {
    await sql`DROP TRIGGER ${sql.raw(name)} ON ${sql.table(table)}`.execute(db);
  }
  for (const table of TABLES) {
    await sql`DROP TRIGGER ${sql.raw(`${table}_session_truncate`)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION session_changed; DROP TABLE session_version;`.execute(db);
}
