import { rmSync } from 'node:fs';
import { databaseUrl, flag, openBench, option } from './harness.ts';
import { describeWorld, hasWorld } from './permit-world.ts';

/**
 * The real app on the world of `permits` permits that `permit-overview.ts --keep` left: on PostgreSQL with
 * `--postgres` (the database `crossarm_bench_<permits>`, or `--database`), else in the PGlite data directory it
 * keeps in /tmp. With the world's description and the headers of its first pole owner's person.
 */
export async function openKeptWorld(permits: number) {
  const onPostgres = flag('postgres');
  const pgliteDir = `/tmp/crossarm-bench-pglite-${permits}`;
  const bench = await openBench(
    onPostgres ? { url: databaseUrl(option('database', `crossarm_bench_${permits}`)) } : { pgliteDir },
  );
  if (!(await hasWorld(bench.db, permits))) {
    await bench.close();
    if (!onPostgres) rmSync(pgliteDir, { recursive: true, force: true });
    throw new Error(
      `No world of ${permits} permits: run permit-overview.ts --permits ${permits} --keep first.`,
    );
  }
  const world = describeWorld(permits);
  const headers = { authorization: `Bearer ${await bench.tokenFor(world.ownerUserId)}` };
  return { bench, world, headers };
}
