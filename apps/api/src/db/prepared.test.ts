import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_OPTIONS } from './database.ts';
import { PREPARED_MARK, prepareMarkedStatements } from './prepared.ts';

// One connection, checked out once, so that what it has prepared can be read back on it: on the PostgreSQL
// server of the test run when there is one, else on an embedded engine.
let pglite: PGlite | null = null;
let pool: pg.Pool;
/** Checked out as the app's database layer checks out its connections. */
let client: pg.PoolClient;

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    pool = new pg.Pool({ connectionString: url, max: 1 });
  } else {
    pglite = await PGlite.create(PGLITE_OPTIONS);
    pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  }
  prepareMarkedStatements(pool, 2);
  client = await pool.connect();
});

afterAll(async () => {
  client.release();
  await pool.end();
  await pglite?.close();
});

/** The statements the connection holds prepared, by text. */
async function preparedTexts() {
  const { rows } = await client.query<{ statement: string }>(
    'SELECT statement FROM pg_prepared_statements ORDER BY prepare_time',
  );
  return rows.map((row) => row.statement);
}

const marked = (body: string) => `${PREPARED_MARK} ${body}`;

describe('statements marked to be prepared', () => {
  it('are prepared once on a connection and then run with each call’s values', async () => {
    const text = marked('SELECT $1::int * 2 AS doubled');
    expect((await client.query(text, [21])).rows).toEqual([{ doubled: 42 }]);
    expect((await client.query(text, [5])).rows).toEqual([{ doubled: 10 }]);
    expect(await preparedTexts()).toEqual([text]);
  });

  it('leaves statements without the mark unprepared', async () => {
    const before = await preparedTexts();
    expect((await client.query('SELECT $1::int + 1 AS next', [1])).rows).toEqual([{ next: 2 }]);
    expect(await preparedTexts()).toEqual(before);
  });

  it('gives back the least recently used statement beyond the limit, and prepares it again when it returns', async () => {
    const first = marked('SELECT $1::int * 2 AS doubled');
    const second = marked('SELECT $1::int * 3 AS tripled');
    const third = marked('SELECT $1::int * 4 AS quadrupled');
    await client.query(first, [1]);
    await client.query(second, [1]);
    // The first was used more recently than the second: the second goes.
    await client.query(first, [1]);
    expect((await client.query(third, [2])).rows).toEqual([{ quadrupled: 8 }]);
    expect((await preparedTexts()).sort()).toEqual([first, third].sort());
    expect((await client.query(second, [3])).rows).toEqual([{ tripled: 9 }]);
    expect((await preparedTexts()).sort()).toEqual([second, third].sort());
  });

  it('gives back a statement whose call failed, and runs it again afterwards', async () => {
    const text = marked('SELECT 10 / $1::int AS share');
    await expect(client.query(text, [0])).rejects.toThrow(/division by zero/);
    expect(await preparedTexts()).not.toContain(text);
    expect((await client.query(text, [5])).rows).toEqual([{ share: 2 }]);
    expect(await preparedTexts()).toContain(text);
  });

  it('reports a statement the server cannot parse, and keeps nothing of it', async () => {
    const text = marked('SELEC $1::int');
    await expect(client.query(text, [1])).rejects.toThrow(/syntax error/);
    expect(await preparedTexts()).not.toContain(text);
    expect((await client.query(marked('SELECT $1::int AS one'), [1])).rows).toEqual([{ one: 1 }]);
  });
});
