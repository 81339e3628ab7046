import { sql } from 'kysely';
import type { Executor } from './database.ts';

/**
 * Inserts rows into `table` in one statement whatever their number, in the order given (so serial ids follow
 * it): the rows travel as one JSON parameter, read back with `jsonb_to_recordset` under the column types
 * given. Table, column names and types are the caller's constants, never input; values are JSON (a `Date`
 * becomes its ISO text, `null` and a missing key SQL NULL).
 */
export async function insertRows(
  db: Executor,
  table: string,
  columns: Record<string, string>,
  rows: Record<string, unknown>[],
) {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const list = sql.join(names.map((name) => sql.ref(name)));
  const typed = sql.join(names.map((name) => sql`${sql.ref(name)} ${sql.raw(columns[name]!)}`));
  await sql`
    INSERT INTO ${sql.table(table)} (${list})
    SELECT ${sql.join(names.map((name) => sql.ref(`e.${name}`)))}
    FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS (${typed}))
      WITH ORDINALITY AS e(${list}, n)
    ORDER BY e.n`.execute(db);
}
