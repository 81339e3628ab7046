import { type Kysely, sql } from 'kysely';

/**
 * Both version rows are moved at commit by deferred triggers, and a transaction can move both: renaming an
 * organization moves the overview context's number and then the session's, while removing someone from an
 * organization deletes their organization permissions (the session's) and their project permissions (the
 * context's), in the order the cascades run. Two such transactions could each hold one row and wait for the
 * other. The session's trigger now takes the context's row first, so every transaction locks the two rows
 * in the same order: the context's, then the session's.
 */
/** The session's trigger function, taking the context version's row first or not. */
const sessionChanged = (contextRowFirst: boolean) => sql`
  CREATE OR REPLACE FUNCTION session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${sql.raw(contextRowFirst ? 'PERFORM 1 FROM overview_context_version FOR NO KEY UPDATE;' : '')}
    UPDATE session_version SET version = version + 1, moved_by = pg_current_xact_id()
      WHERE moved_by IS DISTINCT FROM pg_current_xact_id();
    RETURN NULL;
  END;
  $$;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sessionChanged(true).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sessionChanged(false).execute(db);
}
