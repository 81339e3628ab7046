import type { FileStorage } from '../storage/file-storage.ts';
import type { Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { isEmpty, seedDemo, seedPolicies } from './seed/demo.ts';

/**
 * Migrates, then seeds the demo world on an empty database (or only the policies when demo seeding is off).
 * The demo's permit files go to `storage`.
 */
export async function prepareDatabase(db: Db, options: { seedDemo: boolean; storage?: FileStorage }) {
  const applied = await migrateToLatest(db);
  const empty = await isEmpty(db);
  if (empty && options.seedDemo) await seedDemo(db, options.storage);
  else await seedPolicies(db);
  return { applied, seeded: empty && options.seedDemo };
}
