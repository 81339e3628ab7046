import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { prepareMarkedStatements } from './prepared.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** Either the database or an open transaction: repo functions accept both. */
export type Executor = Db | Trx;

/** Extensions the schema uses, compiled into the embedded engine; a PostgreSQL server has them in contrib. */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } } satisfies PGliteOptions;

export type DatabaseTarget = { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };

export interface DatabaseHandle {
  db: Db;
  /** The embedded engine when running on PGlite, for dumps and clones in tests. */
  pglite: PGlite | null;
  close(): Promise<void>;
}

/**
 * Opens the database. PGlite and PostgreSQL both go through node-postgres and Kysely's stock
 * PostgresDialect, so the same SQL and the same type parsing apply to both.
 */
export async function openDatabase(target: DatabaseTarget | { kind: 'pglite-instance'; pglite: PGlite }) {
  let pglite: PGlite | null = null;
  let pool: pg.Pool;
  if (target.kind === 'postgres') {
    // JIT compilation pays off for long analytical scans, not for the overview's page queries: its
    // planner estimates cross the JIT threshold and each statement then spends tens of milliseconds compiling.
    // Starting parallel workers costs a few milliseconds each: at the server's default price the planner
    // hands them reads of a few hundred rows (the permits tied at a page's last sort key, say), which then
    // take several times longer than read alone. Priced ten times higher, workers are still used for the
    // scans of hundreds of thousands of rows where they pay. Prepared statements are planned for each call's
    // values (see prepared.ts).
    pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      options: '-c jit=off -c parallel_setup_cost=10000 -c plan_cache_mode=force_custom_plan',
    });
    prepareMarkedStatements(pool);
    // An idle connection can be closed by the server (a restart, a failover, an administrator). The pool
    // drops it and opens another when needed; without this listener the error would end the process.
    pool.on('error', (error) => {
      process.stderr.write(
        `database: an idle connection was closed (${error.message}); it will be replaced\n`,
      );
    });
  } else {
    pglite = target.kind === 'pglite' ? await PGlite.create(target.dir, PGLITE_OPTIONS) : target.pglite;
    pool = new pg.Pool(createPgConfig(pglite));
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const owned = target.kind === 'pglite' ? pglite : null;
  const handle: DatabaseHandle = {
    db,
    pglite,
    async close() {
      await db.destroy();
      await owned?.close();
    },
  };
  return handle;
}
