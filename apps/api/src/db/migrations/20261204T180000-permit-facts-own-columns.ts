import { type Kysely, sql } from 'kysely';

/**
 * A permit's own columns (its project, applicant, creation, status, number and poles) are its facts' own
 * columns and their first two tokens (`p:<project>`, `s:<status>`, see `permit_facts_computed`); nothing
 * else in the facts reads the permit's row. An update of permits therefore writes those in place, from the
 * new rows alone, instead of computing the changed permits' facts again from their stages, tasks and values:
 * putting 10,000 permits on hold no longer reads their 600,000 places.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION permit_facts_permit_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE permit_facts f SET project_id = n.project_id, applicant_organization_id = n.applicant_organization_id,
        created_at = n.created_at, status = n.status, permit_number = n.permit_number,
        actual_poles = n.actual_poles,
        tokens = ARRAY[permit_fact_token('p:' || n.project_id), permit_fact_token('s:' || n.status)]
          || f.tokens[3:]
      FROM new_rows n
      WHERE f.permit_id = n.id
        AND (f.project_id, f.applicant_organization_id, f.created_at, f.status, f.permit_number, f.actual_poles)
          IS DISTINCT FROM
          (n.project_id, n.applicant_organization_id, n.created_at, n.status, n.permit_number, n.actual_poles);
      RETURN NULL;
    END;
    $$;
    DROP TRIGGER permits_facts_update ON permits;
    CREATE TRIGGER permits_facts_update AFTER UPDATE ON permits REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION permit_facts_permit_changed();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER permits_facts_update ON permits;
    CREATE TRIGGER permits_facts_update AFTER UPDATE ON permits
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION permit_facts_changed('id',
        'project_id, applicant_organization_id, created_at, status, permit_number, actual_poles');
    DROP FUNCTION permit_facts_permit_changed;
  `.execute(db);
}
