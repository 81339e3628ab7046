import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import type { OverviewScene } from './overview-scene.ts';
import { openOverviewScene } from './overview-test-kit.ts';

// The narrow table a search reads holds what the permits say after every write of them.

let t: TestApp;
let s: OverviewScene;

beforeAll(async () => {
  ({ t, s } = await openOverviewScene());
});
afterAll(() => t.close());

const PROJECTION = sql`id, project_id, applicant_organization_id, created_at, permit_number, location`;

/** The permits whose texts differ from their rows (or that lack either). */
async function stale() {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM (SELECT ${PROJECTION} FROM permits EXCEPT SELECT ${PROJECTION} FROM permit_texts) kept
    UNION SELECT id FROM (SELECT ${PROJECTION} FROM permit_texts EXCEPT SELECT ${PROJECTION} FROM permits) written`.execute(
    t.db,
  );
  return rows.map((row) => row.id);
}

const xminOf = async (id: string) =>
  (await sql<{ xmin: string }>`SELECT xmin::text FROM permit_texts WHERE id = ${id}`.execute(t.db)).rows[0]
    ?.xmin;

describe('permit texts', () => {
  it('follow the permits through inserts, updates and deletes, and are not written again for other columns', async () => {
    const [first, second] = s.permitIds;
    const total = async () =>
      Number((await sql<{ n: string }>`SELECT count(*) AS n FROM permit_texts`.execute(t.db)).rows[0]!.n);
    expect(await total()).toBe(s.permitIds.length);
    expect(await stale()).toEqual([]);

    await sql`UPDATE permits SET location = 'Birch Lane 7' WHERE id = ${first}`.execute(t.db);
    await sql`UPDATE permits SET permit_number = permit_number || '-B', location = NULL`.execute(t.db);
    expect(await stale()).toEqual([]);

    const before = await xminOf(second!);
    await sql`UPDATE permits SET last_activity_at = now() WHERE id = ${second}`.execute(t.db);
    expect(await xminOf(second!)).toBe(before);

    await sql`DELETE FROM permits WHERE id = ${second}`.execute(t.db);
    expect(await total()).toBe(s.permitIds.length - 1);
    expect(await stale()).toEqual([]);
  });
});
