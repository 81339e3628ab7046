import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_OPTIONS } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedPolicies } from '../src/db/seed/demo.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a migrated data directory dump. PostgreSQL: name of a migrated template database. */
    databaseTemplate:
      | { kind: 'pglite'; dumpPath: string }
      | { kind: 'postgres'; url: string; template: string };
  }
}

/**
 * Migrates one database for the whole run; every test file then starts from a copy of it: a PGlite data
 * directory dump, or a PostgreSQL template database when TEST_DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `crossarm_template_${randomBytes(4).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${template}`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const database = await openDatabase({ kind: 'postgres', url: target.toString() });
    await migrateToLatest(database.db);
    await seedPolicies(database.db);
    await database.close();
    project.provide('databaseTemplate', { kind: 'postgres', url, template });
    return async () => {
      await adminQuery(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'crossarm-test-'));
  const pglite = await PGlite.create(PGLITE_OPTIONS);
  const database = await openDatabase({ kind: 'pglite-instance', pglite });
  await migrateToLatest(database.db);
  await seedPolicies(database.db);
  await database.db.destroy();
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const dumpPath = path.join(dir, 'template.tar');
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { kind: 'pglite', dumpPath });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

/** Runs a statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a transaction). */
export async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
