import { sql } from 'kysely';
import type pg from 'pg';

/**
 * Statements that run on every request with a long text (the permit overview's page statement) are parsed
 * and analysed once per connection on a PostgreSQL server, as named prepared statements, instead of once per
 * call. At a million permits, parsing and analysing the overview's page statement of 40 columns took about
 * half of its 14 ms; its plan is still made for each call's values (`plan_cache_mode = force_custom_plan` on
 * the pool's connections), so a prepared statement never runs a plan made for other values.
 *
 * A statement opts in by starting with `PREPARED` (a comment). A connection keeps at most
 * `PREPARED_PER_CONNECTION` of them, the least recently used given back to the server first (each holds about
 * half a megabyte there). A named statement that fails (a table it reads changed shape under it, say) is given
 * back, so that its next call prepares it again.
 *
 * PGlite serves every pooled connection from one backend session that outlives them: a closed connection's
 * statements would stay prepared there for good, so there statements stay unnamed.
 */
export const PREPARED_MARK = '/* prepared */';
/** Put first in a statement's text (`sql\`${PREPARED} SELECT ...\``) to have it prepared. */
export const PREPARED = sql.raw(PREPARED_MARK);
export const PREPARED_PER_CONNECTION = 16;

type QueryResult = pg.QueryResult<Record<string, unknown>>;
interface ParsedStatements {
  parsedStatements?: Record<string, string>;
}

/** Makes every connection the pool opens prepare the statements marked with `PREPARED` (see above). */
export function prepareMarkedStatements(pool: pg.Pool, limit = PREPARED_PER_CONNECTION) {
  let counter = 0;
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<QueryResult>;
    // The statement texts this connection has prepared, with their names, least recently used first.
    const names = new Map<string, string>();
    const giveBack = (name: string) => {
      // The client remembers what it has parsed; forgotten, the name is never used again.
      delete (client as unknown as { connection?: ParsedStatements }).connection?.parsedStatements?.[name];
      query(`DEALLOCATE ${name}`).catch(() => {
        // In a failed transaction the server refuses; the statement then lasts as long as the connection.
      });
    };
    client.query = ((text: unknown, values: unknown, ...rest: unknown[]) => {
      if (
        typeof text !== 'string' ||
        !text.startsWith(PREPARED_MARK) ||
        rest.length > 0 ||
        !(values === undefined || Array.isArray(values))
      ) {
        return query(text, values, ...rest);
      }
      let name = names.get(text);
      if (name) {
        names.delete(text);
      } else {
        name = `crossarm_prepared_${++counter}`;
        if (names.size >= limit) {
          const [oldestText, oldestName] = names.entries().next().value as [string, string];
          names.delete(oldestText);
          giveBack(oldestName);
        }
      }
      names.set(text, name);
      const chosen = name;
      return query({ name: chosen, text, values }).catch((error: unknown) => {
        if (names.get(text) === chosen) {
          names.delete(text);
          giveBack(chosen);
        }
        throw error;
      });
    }) as typeof client.query;
  });
}
