import { performance } from 'node:perf_hooks';
import type { InjectOptions } from 'fastify';
import { importJWK, SignJWT } from 'jose';
import type { KyselyPlugin } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { parseConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { limitHeapGrowth } from '../apps/api/src/heap.ts';
import { loadIdentityKeys } from '../apps/api/src/identity/keys.ts';

/** The script's command-line arguments. */
export const cliArgs = process.argv.slice(2);
/** Whether `--name` was given. */
export const flag = (name: string) => cliArgs.includes(`--${name}`);
/** The value after `--name`, or `fallback`. */
export const option = (name: string, fallback: string) => {
  const at = cliArgs.indexOf(`--${name}`);
  return at >= 0 && cliArgs[at + 1] ? cliArgs[at + 1]! : fallback;
};
/** The PostgreSQL server that holds the benchmark databases. */
export const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Runs a statement on the benchmark server's maintenance database (CREATE and DROP DATABASE). */
export async function adminStatement(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
/** A line of the report. */
export const out = (line: string) => process.stdout.write(`${line}\n`);

/** The address of the database `name` on the benchmark server. */
export function databaseUrl(name: string) {
  const target = new URL(ADMIN_URL);
  target.pathname = `/${name}`;
  return target.toString();
}

export interface BenchOptions {
  /** The PostgreSQL server to use instead of BENCH_DATABASE_URL. */
  url?: string;
  /** A PGlite data directory instead of memory (large worlds do not fit in the engine's memory). */
  pgliteDir?: string;
  /** Plugins on the app's database handle only (to count the statements a request runs). */
  appPlugins?: KyselyPlugin[];
}

/**
 * The real app on a fresh database (PGlite in memory, or the PostgreSQL server of BENCH_DATABASE_URL), with
 * a way to call it as a user and to time a call.
 */
export async function openBench(options: BenchOptions = {}) {
  const url = options.url ?? process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(
    url
      ? { kind: 'postgres', url }
      : { kind: 'pglite', dir: options.pgliteDir ?? `memory://bench-${Date.now()}` },
  );
  const { db } = database;
  await migrateToLatest(db);
  const appDb = (options.appPlugins ?? []).reduce((handle, plugin) => handle.withPlugin(plugin), db);
  const config = parseConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    DATA_DIR: '/tmp/crossarm-bench',
    HEAP_GROWTH_PERCENT: process.env.HEAP_GROWTH_PERCENT,
  });
  // The heap is collected as the server's is.
  limitHeapGrowth(config.heapGrowthPercent);
  const keys = await loadIdentityKeys(db);
  const app = await buildApp({ config, db: appDb, identityKeys: keys });
  await app.ready();

  /** A signed access token for the user, as the embedded provider issues it. */
  async function tokenFor(userId: string) {
    const jwk = keys.signing[0]!;
    return new SignJWT({ scope: 'api' })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
      .setIssuer(config.identity.issuer)
      .setAudience(config.identity.audience)
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(await importJWK(jwk, 'RS256'));
  }

  /** Calls the app `runs` times after 3 warm-up calls; the median and 95th percentile in ms. */
  async function time(token: string, options: InjectOptions, runs = 30) {
    const samples: number[] = [];
    for (let i = 0; i < runs + 3; i++) {
      const started = performance.now();
      const res = await app.inject({
        ...options,
        headers: { ...options.headers, authorization: `Bearer ${token}` },
      });
      if (res.statusCode >= 300) throw new Error(`${options.url}: ${res.statusCode} ${res.body}`);
      if (i >= 3) samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    return {
      median: samples[Math.floor(samples.length / 2)]!,
      p95: samples[Math.floor(samples.length * 0.95)]!,
    };
  }

  return {
    app,
    db,
    kind: url ? 'PostgreSQL' : 'PGlite',
    tokenFor,
    time,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
