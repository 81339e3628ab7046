import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase, PGLITE_OPTIONS } from '../src/db/database.ts';
import { adminQuery } from './global-setup.ts';

/** A fresh, migrated database for one test file: a PGlite copy, or a new PostgreSQL database from the template. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('databaseTemplate');
  if (template.kind === 'postgres') {
    const name = `crossarm_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(template.url, `CREATE DATABASE ${name} TEMPLATE ${template.template}`);
    const target = new URL(template.url);
    target.pathname = `/${name}`;
    const handle = await openDatabase({ kind: 'postgres', url: target.toString() });
    return {
      ...handle,
      async close() {
        await handle.close();
        await adminQuery(template.url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const dump = new Blob([await readFile(template.dumpPath)]);
  const pglite = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: dump });
  const handle = await openDatabase({ kind: 'pglite-instance', pglite });
  return {
    ...handle,
    async close() {
      await handle.close();
      await pglite.close();
    },
  };
}
