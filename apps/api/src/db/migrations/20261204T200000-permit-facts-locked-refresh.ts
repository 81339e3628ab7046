import { type Kysely, sql } from 'kysely';
import { CHANGED_IN_NEW_ROWS, FACTS_UPSERT, factsChangedFunction } from './20261202T190000-permit-facts.ts';

/** The permits an update changed: among its new rows, and among its old rows (a place moved off a permit). */
const CHANGED_BOTH = `SELECT array_agg(DISTINCT %1$I) FROM ((SELECT %1$I, %2$s FROM new_rows
          EXCEPT ALL SELECT %1$I, %2$s FROM old_rows) UNION ALL (SELECT %1$I, %2$s FROM old_rows
          EXCEPT ALL SELECT %1$I, %2$s FROM new_rows)) changed`;

/**
 * Two writers of one permit's places in concurrent transactions each computed the permit's facts from what
 * their own statement saw, and the later writer's row (computed before the earlier one committed) could
 * replace a newer one. A refresh now first locks the permits it writes facts of (`FOR NO KEY UPDATE`, in id
 * order, as the app's writers lock them; foreign key checks are not blocked by it), then computes their facts
 * in a statement of its own, whose snapshot sees every write committed before the lock was granted. An update
 * that moves a place to another permit refreshes both permits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION permit_facts_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM 1 FROM permits WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE;
      ${sql.raw(FACTS_UPSERT)};
    END;
    $$
  `.execute(db);
  await factsChangedFunction(CHANGED_BOTH).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP FUNCTION permit_facts_refresh;
    CREATE FUNCTION permit_facts_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$ ${sql.raw(FACTS_UPSERT)} $$
  `.execute(db);
  await factsChangedFunction(CHANGED_IN_NEW_ROWS).execute(db);
}
