import { type Kysely, sql } from 'kysely';

/** The tables a caller's overview context is built from, with the writes that can change it. */
const SOURCES: [table: string, events: string][] = [
  ['project_organizations', 'INSERT OR UPDATE OR DELETE'],
  ['project_user_permissions', 'INSERT OR UPDATE OR DELETE'],
  ['projects', 'INSERT OR UPDATE OF owner_organization_id OR DELETE'],
  ['organizations', 'UPDATE OF name OR DELETE'],
  ['workflow_templates', 'INSERT OR UPDATE OF project_id, status, definition OR DELETE'],
  ['library_entries', 'INSERT OR UPDATE OF application, kind, name, field_type, render_options OR DELETE'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A number that moves whenever something a caller's permit overview context is built from changes (the
    -- projects it sees and its role in each, their pole owners' names, the published templates and the
    -- library entries they name). A context kept between requests holds while the number it was read with
    -- is the number now: one read of one row, however many projects, templates and entries there are.
    CREATE TABLE overview_context_version (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      version bigint NOT NULL,
      -- The transaction that moved it last: each transaction moves it once.
      moved_by xid8
    );
    INSERT INTO overview_context_version (version) VALUES (1);

    CREATE FUNCTION overview_context_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE overview_context_version SET version = version + 1, moved_by = pg_current_xact_id()
        WHERE moved_by IS DISTINCT FROM pg_current_xact_id();
      RETURN NULL;
    END;
    $$;
  `.execute(db);
  // Deferred to the commit, the row is the last thing a writing transaction locks: two transactions that
  // write these tables in different orders cannot wait on each other through it.
  for (const [table, events] of SOURCES) {
    await sql`
      CREATE CONSTRAINT TRIGGER ${sql.raw(`${table}_overview_context`)} AFTER ${sql.raw(events)}
        ON ${sql.table(table)} DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION overview_context_changed();
      CREATE TRIGGER ${sql.raw(`${table}_overview_context_truncate`)} AFTER TRUNCATE ON ${sql.table(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION overview_context_changed();
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table] of SOURCES) {
    await sql`
      DROP TRIGGER ${sql.raw(`${table}_overview_context`)} ON ${sql.table(table)};
      DROP TRIGGER ${sql.raw(`${table}_overview_context_truncate`)} ON ${sql.table(table)};
    `.execute(db);
  }
  await sql`DROP FUNCTION overview_context_changed; DROP TABLE overview_context_version;`.execute(db);
}
