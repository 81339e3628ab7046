import { type Kysely, sql } from 'kysely';

/**
 * The texts a search reads of each permit (its number and location), with what the visibility rule and the
 * default order read (its project, applicant and creation time), in a narrow table of their own: a search
 * that finds tens of thousands of permits reads their trigram matches' pages here, half the pages the
 * permits' own rows would take. The database keeps it from the permits' writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE permit_texts (
      id uuid PRIMARY KEY,
      project_id uuid NOT NULL,
      applicant_organization_id uuid NOT NULL,
      created_at timestamptz NOT NULL,
      permit_number text NOT NULL,
      location text,
      FOREIGN KEY (project_id, id) REFERENCES permits (project_id, id) ON DELETE CASCADE
    );

    CREATE FUNCTION permit_texts_written() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO permit_texts
          SELECT n.id, n.project_id, n.applicant_organization_id, n.created_at, n.permit_number, n.location
          FROM new_rows n;
      ELSE
        UPDATE permit_texts x SET project_id = n.project_id, applicant_organization_id = n.applicant_organization_id,
          created_at = n.created_at, permit_number = n.permit_number, location = n.location
        FROM new_rows n
        WHERE x.id = n.id AND (x.project_id, x.applicant_organization_id, x.created_at, x.permit_number, x.location)
          IS DISTINCT FROM (n.project_id, n.applicant_organization_id, n.created_at, n.permit_number, n.location);
      END IF;
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER permits_texts_insert AFTER INSERT ON permits REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION permit_texts_written();
    CREATE TRIGGER permits_texts_update AFTER UPDATE ON permits REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION permit_texts_written();

    INSERT INTO permit_texts
      SELECT id, project_id, applicant_organization_id, created_at, permit_number, location FROM permits;
    CREATE INDEX permit_texts_number_trgm_idx ON permit_texts USING gin (permit_number gin_trgm_ops);
    CREATE INDEX permit_texts_location_trgm_idx ON permit_texts USING gin (location gin_trgm_ops);
    ANALYZE permit_texts;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER permits_texts_update ON permits;
    DROP TRIGGER permits_texts_insert ON permits;
    DROP FUNCTION permit_texts_written;
    DROP TABLE permit_texts;
  `.execute(db);
}
