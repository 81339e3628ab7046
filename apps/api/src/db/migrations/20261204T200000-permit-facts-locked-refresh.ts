import { type Kysely, sql } from 'kysely';

const CHANGED_ONLY_NEW = `SELECT array_agg(DISTINCT %1$I) FROM (SELECT %1$I, %2$s FROM new_rows
            EXCEPT ALL SELECT %1$I, %2$s FROM old_rows) changed`;
const CHANGED_BOTH = `SELECT array_agg(DISTINCT %1$I) FROM ((SELECT %1$I, %2$s FROM new_rows
            EXCEPT ALL SELECT %1$I, %2$s FROM old_rows) UNION ALL (SELECT %1$I, %2$s FROM old_rows
            EXCEPT ALL SELECT %1$I, %2$s FROM new_rows)) changed`;

/** The trigger function of permit_facts with `changed` as the query naming an update's changed permits. */
const changedFunction = (changed: string) => sql`
  CREATE OR REPLACE FUNCTION permit_facts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    ids uuid[];
  BEGIN
    IF TG_OP = 'INSERT' THEN
      EXECUTE format('SELECT array_agg(DISTINCT %I) FROM new_rows', TG_ARGV[0]) INTO ids;
    ELSIF TG_OP = 'UPDATE' THEN
      EXECUTE format('${sql.raw(changed)}', TG_ARGV[0], TG_ARGV[1]) INTO ids;
    ELSE
      EXECUTE format('SELECT array_agg(DISTINCT %I) FROM old_rows', TG_ARGV[0]) INTO ids;
    END IF;
    IF ids IS NOT NULL THEN
      PERFORM permit_facts_refresh(ids);
    END IF;
    RETURN NULL;
  END;
  $$`;

const UPSERT = `INSERT INTO permit_facts SELECT * FROM permit_facts_computed c WHERE c.permit_id = ANY (ids)
      ON CONFLICT (permit_id) DO UPDATE SET project_id = EXCLUDED.project_id,
        applicant_organization_id = EXCLUDED.applicant_organization_id, created_at = EXCLUDED.created_at,
        status = EXCLUDED.status, permit_number = EXCLUDED.permit_number, actual_poles = EXCLUDED.actual_poles,
        tokens = EXCLUDED.tokens, value_entries = EXCLUDED.value_entries, value_numbers = EXCLUDED.value_numbers,
        value_texts = EXCLUDED.value_texts, value_least = EXCLUDED.value_least,
        value_greatest = EXCLUDED.value_greatest
      WHERE (permit_facts.*) IS DISTINCT FROM (EXCLUDED.*)`;

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
      ${sql.raw(UPSERT)};
    END;
    $$
  `.execute(db);
  await changedFunction(CHANGED_BOTH).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP FUNCTION permit_facts_refresh;
    CREATE FUNCTION permit_facts_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$ ${sql.raw(UPSERT)} $$
  `.execute(db);
  await changedFunction(CHANGED_ONLY_NEW).execute(db);
}
