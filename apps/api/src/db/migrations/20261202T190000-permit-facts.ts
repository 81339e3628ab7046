import { type Kysely, sql } from 'kysely';

/**
 * The tables a permit's facts are read from, the permit id column of each, and the columns whose change
 * changes the facts (an update touching none of them leaves the facts alone).
 */
const SOURCES: [table: string, permit: string, columns: string][] = [
  ['permits', 'id', 'project_id, applicant_organization_id, created_at, status, permit_number, actual_poles'],
  ['permit_stages', 'permit_id', 'library_entry_id, status'],
  ['permit_tasks', 'permit_id', 'library_entry_id, status'],
  ['permit_property_values', 'permit_id', 'property_entry_id, task_key, value, updated_at'],
];

/** Writes the facts of the permits of `ids` again, where they differ from what the view computes. */
export const FACTS_UPSERT = `INSERT INTO permit_facts SELECT * FROM permit_facts_computed c WHERE c.permit_id = ANY (ids)
      ON CONFLICT (permit_id) DO UPDATE SET project_id = EXCLUDED.project_id,
        applicant_organization_id = EXCLUDED.applicant_organization_id, created_at = EXCLUDED.created_at,
        status = EXCLUDED.status, permit_number = EXCLUDED.permit_number, actual_poles = EXCLUDED.actual_poles,
        tokens = EXCLUDED.tokens, value_entries = EXCLUDED.value_entries, value_numbers = EXCLUDED.value_numbers,
        value_texts = EXCLUDED.value_texts, value_least = EXCLUDED.value_least,
        value_greatest = EXCLUDED.value_greatest
      WHERE (permit_facts.*) IS DISTINCT FROM (EXCLUDED.*)`;

/** The permits an update changed, among its new rows (a format: %1$I the permit id column, %2$s the columns). */
export const CHANGED_IN_NEW_ROWS = `SELECT array_agg(DISTINCT %1$I) FROM (SELECT %1$I, %2$s FROM new_rows
          EXCEPT ALL SELECT %1$I, %2$s FROM old_rows) changed`;

/**
 * The trigger function keeping the facts: once a statement, for the permits whose rows it wrote (with an
 * update, those `changed` names: a query formatted with the permit id column and the fact columns, which
 * the trigger passes as TG_ARGV[0] and TG_ARGV[1]).
 */
export const factsChangedFunction = (changed: string) => sql`
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

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A fact's token: a 64-bit hash of its text (see overview/facts.ts for the texts).
    CREATE FUNCTION permit_fact_token(fact text) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT hashtextextended(fact, 0) $$;
    CREATE FUNCTION permit_fact_tokens(facts text[]) RETURNS bigint[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT coalesce(array_agg(hashtextextended(fact, 0)), '{}') FROM unnest(facts) fact $$;

    -- A number as a bigint in the same order (its IEEE bits, the negative ones turned around; -0 is 0):
    -- the leading bits of the key name ever finer ranges of numbers.
    CREATE FUNCTION permit_fact_number_key(x float8) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT CASE WHEN b < 0 THEN b # 9223372036854775807 ELSE b END
        FROM (SELECT ('x' || encode(float8send(x + 0), 'hex'))::bit(64)::bigint AS b) bits $$;

    -- The facts a filter or a sort reads of each permit, in one row: the tokens of what an equality or a
    -- range names (its project, status, active stages, each task's status, short values, number ranges),
    -- which a GIN index answers, and the values its sorts and sums read. See permit_facts_computed.
    CREATE TABLE permit_facts (
      permit_id uuid PRIMARY KEY,
      project_id uuid NOT NULL,
      applicant_organization_id uuid NOT NULL,
      created_at timestamptz NOT NULL,
      status text NOT NULL,
      permit_number text NOT NULL,
      actual_poles integer,
      tokens bigint[] NOT NULL,
      -- By property (the token of its entry id): the latest value as a number and as a short text (what a
      -- sort reads), and the least and greatest number among all its values (what a comparison reads).
      value_entries bigint[] NOT NULL,
      value_numbers float8[] NOT NULL,
      value_texts text[] NOT NULL,
      value_least float8[] NOT NULL,
      value_greatest float8[] NOT NULL,
      FOREIGN KEY (project_id, permit_id) REFERENCES permits (project_id, id) ON DELETE CASCADE
    );
    CREATE INDEX permit_facts_tokens_idx ON permit_facts USING gin (tokens);

    -- What permit_facts holds, computed from the permits' rows. Tokens are of texts:
    --   p:<project>, s:<status>, as:<entry of an active stage>, t:<task entry>:<status>,
    --   v:<property entry>:<short string value>, n0|n1|n2:<property entry>:<number key shifted by 56|52|49>.
    CREATE VIEW permit_facts_computed AS
    SELECT p.id AS permit_id, p.project_id, p.applicant_organization_id, p.created_at, p.status,
      p.permit_number, p.actual_poles,
      ARRAY[permit_fact_token('p:' || p.project_id), permit_fact_token('s:' || p.status)]
        || coalesce(st.tokens, '{}') || coalesce(tk.tokens, '{}') || coalesce(vv.tokens, '{}') AS tokens,
      coalesce(vv.entries, '{}') AS value_entries,
      coalesce(vv.numbers, '{}') AS value_numbers,
      coalesce(vv.texts, '{}') AS value_texts,
      coalesce(vv.least, '{}') AS value_least,
      coalesce(vv.greatest, '{}') AS value_greatest
    FROM permits p
    LEFT JOIN LATERAL (
      SELECT array_agg(DISTINCT permit_fact_token('as:' || s.library_entry_id)) AS tokens
      FROM permit_stages s WHERE s.permit_id = p.id AND s.status = 'Active') st ON true
    LEFT JOIN LATERAL (
      SELECT array_agg(DISTINCT permit_fact_token('t:' || t.library_entry_id || ':' || t.status)) AS tokens
      FROM permit_tasks t WHERE t.permit_id = p.id) tk ON true
    LEFT JOIN LATERAL (
      WITH x AS (
        SELECT v.property_entry_id, v.updated_at, v.task_key, n.number,
          CASE WHEN jsonb_typeof(v.value) = 'string' AND length(v.value::text) <= 256
            THEN v.value #>> '{}' END AS text,
          permit_fact_number_key(n.number) AS key
        FROM permit_property_values v
        CROSS JOIN LATERAL (SELECT CASE WHEN jsonb_typeof(v.value) = 'number'
          THEN (v.value #>> '{}')::float8 END AS number) n
        WHERE v.permit_id = p.id)
      SELECT
        (SELECT array_agg(DISTINCT token) FROM x CROSS JOIN LATERAL unnest(ARRAY[
            permit_fact_token('v:' || x.property_entry_id || ':' || x.text),
            permit_fact_token('n0:' || x.property_entry_id || ':' || (x.key >> 56)),
            permit_fact_token('n1:' || x.property_entry_id || ':' || (x.key >> 52)),
            permit_fact_token('n2:' || x.property_entry_id || ':' || (x.key >> 49))]) token
          WHERE token IS NOT NULL) AS tokens,
        array_agg(e.entry ORDER BY e.entry) AS entries,
        array_agg(e.number ORDER BY e.entry) AS numbers,
        array_agg(e.text ORDER BY e.entry) AS texts,
        array_agg(e.least ORDER BY e.entry) AS least,
        array_agg(e.greatest ORDER BY e.entry) AS greatest
      FROM (
        SELECT permit_fact_token(x.property_entry_id::text) AS entry,
          (array_agg(x.number ORDER BY x.updated_at DESC, x.task_key ASC NULLS FIRST))[1] AS number,
          (array_agg(x.text ORDER BY x.updated_at DESC, x.task_key ASC NULLS FIRST))[1] AS text,
          min(x.number) AS least, max(x.number) AS greatest
        FROM x GROUP BY x.property_entry_id) e) vv ON true;
  `.execute(db);
  await sql`
    -- Writes the facts of the permits of ids again (a permit that is gone has none: its row went with it).
    CREATE FUNCTION permit_facts_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$ ${sql.raw(FACTS_UPSERT)} $$
  `.execute(db);
  await factsChangedFunction(CHANGED_IN_NEW_ROWS).execute(db);
  for (const [table, permit, columns] of SOURCES) {
    const name = (event: string) => sql.raw(`${table}_facts_${event}`);
    const args = sql.raw(`'${permit}', '${columns}'`);
    // A permit's own deletion takes its facts with it; its places' deletions then find no permit to refresh.
    await sql`
      CREATE TRIGGER ${name('insert')} AFTER INSERT ON ${sql.table(table)}
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION permit_facts_changed(${args});
      CREATE TRIGGER ${name('update')} AFTER UPDATE ON ${sql.table(table)}
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION permit_facts_changed(${args});
    `.execute(db);
    if (table !== 'permits') {
      await sql`
        CREATE TRIGGER ${name('delete')} AFTER DELETE ON ${sql.table(table)}
          REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION permit_facts_changed(${args});
      `.execute(db);
    }
  }
  // The permits there are, in project order so that a program's rows lie together.
  await sql`
    INSERT INTO permit_facts SELECT * FROM permit_facts_computed ORDER BY project_id, created_at;
    ANALYZE permit_facts;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table] of SOURCES) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_facts_${event}`)} ON ${sql.table(table)}`.execute(
        db,
      );
    }
  }
  await sql`
    DROP FUNCTION permit_facts_changed;
    DROP FUNCTION permit_facts_refresh;
    DROP VIEW permit_facts_computed;
    DROP TABLE permit_facts;
    DROP FUNCTION permit_fact_number_key;
    DROP FUNCTION permit_fact_tokens;
    DROP FUNCTION permit_fact_token;
  `.execute(db);
}
