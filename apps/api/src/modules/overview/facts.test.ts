import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { FACT_TEXT, numberKey, numberRanges } from './facts.ts';
import type { OverviewScene } from './overview-scene.ts';
import { openOverviewScene } from './overview-test-kit.ts';

// The permits' facts are what their rows say after every kind of write, and a number's ranges in the query
// are those the database writes.

let t: TestApp;
let s: OverviewScene;

beforeAll(async () => {
  ({ t, s } = await openOverviewScene());
});
afterAll(() => t.close());

/** The permits whose facts differ from those computed from their rows now (or that lack either). */
async function stale() {
  const { rows } = await sql<{ permit_id: string }>`
    SELECT permit_id FROM (SELECT * FROM permit_facts EXCEPT SELECT * FROM permit_facts_computed) kept
    UNION SELECT permit_id FROM (SELECT * FROM permit_facts_computed EXCEPT SELECT * FROM permit_facts) computed`.execute(
    t.db,
  );
  return rows.map((row) => row.permit_id);
}

const count = async () =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM permit_facts`.execute(t.db)).rows[0]!.n);

describe('permit facts', () => {
  it('are what the permits, stages, tasks and values say after every kind of write', async () => {
    const [first, second, third] = s.permitIds;
    expect(await count()).toBe(s.permitIds.length);
    expect(await stale()).toEqual([]);

    // Each write below changes what a filter or a sort reads; the facts follow it in the same statement.
    const writes = [
      sql`UPDATE permits SET status = 'OnHold', on_hold_reason = 'wait' WHERE id = ${first}`,
      sql`UPDATE permits SET permit_number = 'X-1', actual_poles = 41 WHERE id = ${second}`,
      // Many permits in one statement, as a bulk hold writes them, some of them to the status they had.
      sql`UPDATE permits SET status = CASE WHEN id = ${first} THEN 'Active' ELSE 'OnHold' END,
        on_hold_reason = CASE WHEN id = ${first} THEN NULL ELSE 'wait' END WHERE status IN ('Active', 'OnHold')`,
      sql`UPDATE permit_tasks SET status = 'InProgress' WHERE permit_id = ${first} AND status = 'ReadyToBegin'`,
      sql`UPDATE permit_stages SET status = 'Active' WHERE permit_id = ${third} AND status = 'NotStarted'`,
      sql`UPDATE permit_property_values SET value = '1.5e300'::jsonb WHERE permit_id = ${first}
        AND jsonb_typeof(value) = 'number'`,
      sql`UPDATE permit_property_values SET value = '-0.25'::jsonb, updated_at = updated_at + interval '1 day'
        WHERE permit_id = ${second} AND jsonb_typeof(value) = 'number'`,
      // A second value of a property, on a task: the least and greatest span both, the latest is the task's.
      sql`INSERT INTO permit_property_values (permit_id, project_id, property_entry_id, task_key, value, updated_at)
        SELECT v.permit_id, v.project_id, v.property_entry_id, t.task_key, '-7'::jsonb, v.updated_at + interval '1 hour'
        FROM permit_property_values v JOIN LATERAL (SELECT task_key FROM permit_tasks
          WHERE permit_id = v.permit_id ORDER BY task_key LIMIT 1) t ON true
        WHERE v.permit_id = ${third} AND jsonb_typeof(v.value) = 'number'`,
      sql`UPDATE permit_property_values SET value = to_jsonb(repeat('long ', 60)) WHERE permit_id = ${third}
        AND jsonb_typeof(value) = 'string'`,
      sql`DELETE FROM permit_property_values WHERE permit_id = ${second} AND jsonb_typeof(value) = 'string'`,
      sql`DELETE FROM permit_tasks WHERE permit_id = ${second} AND status = 'Completed'`,
    ];
    for (const write of writes) {
      await write.execute(t.db);
      expect(await stale()).toEqual([]);
    }
    // A write that changes nothing a fact holds leaves the facts alone (the row is not written again).
    const before = await sql<{
      xmin: string;
    }>`SELECT xmin::text FROM permit_facts WHERE permit_id = ${first}`.execute(t.db);
    await sql`UPDATE permits SET last_activity_at = now(), location = 'Elsewhere' WHERE id = ${first}`.execute(
      t.db,
    );
    const after = await sql<{
      xmin: string;
    }>`SELECT xmin::text FROM permit_facts WHERE permit_id = ${first}`.execute(t.db);
    expect(after.rows).toEqual(before.rows);

    await sql`DELETE FROM permits WHERE id = ${third}`.execute(t.db);
    expect(await count()).toBe(s.permitIds.length - 1);
    expect(await stale()).toEqual([]);
  });

  // Writers of one permit in transactions of their own: each computes the facts after the others committed.
  // (A server only: the embedded engine has one connection, so its transactions never overlap.)
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'stay what the permit says when its writers run in concurrent transactions',
    async () => {
      const { rows } = await sql<{ id: string }>`SELECT p.id FROM permits p
        WHERE p.status IN ('Active', 'OnHold')
          AND EXISTS (SELECT 1 FROM permit_property_values v WHERE v.permit_id = p.id AND jsonb_typeof(v.value) = 'number')
          AND EXISTS (SELECT 1 FROM permit_property_values v WHERE v.permit_id = p.id AND jsonb_typeof(v.value) = 'string')
        ORDER BY p.id LIMIT 1`.execute(t.db);
      const permit = rows[0]!.id;
      await sql`UPDATE permits SET status = 'Active', on_hold_reason = NULL WHERE id = ${permit}`.execute(
        t.db,
      );
      const waiting = async () =>
        Number(
          (
            await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.db)
          ).rows[0]!.n,
        );
      await t.db.connection().execute(async (first) => {
        await sql`BEGIN`.execute(first);
        await sql`UPDATE permit_property_values SET value = '12345'::jsonb
          WHERE permit_id = ${permit} AND jsonb_typeof(value) = 'number'`.execute(first);
        // A hold and a change of another value, each in its own transaction, wait for the first.
        const hold =
          sql`UPDATE permits SET status = 'OnHold', on_hold_reason = 'wait' WHERE id = ${permit}`.execute(
            t.db,
          );
        const value =
          sql`UPDATE permit_property_values SET value = '"concurrent"', updated_at = now() + interval '1 day'
          WHERE permit_id = ${permit} AND jsonb_typeof(value) = 'string'`.execute(t.db);
        for (let tries = 0; (await waiting()) < 2 && tries < 200; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        expect(await waiting()).toBe(2);
        await sql`COMMIT`.execute(first);
        await Promise.all([hold, value]);
      });
      expect(await stale()).toEqual([]);
      const facts = await sql<{
        status: string;
      }>`SELECT status FROM permit_facts WHERE permit_id = ${permit}`.execute(t.db);
      expect(facts.rows).toEqual([{ status: 'OnHold' }]);
    },
  );

  it('key numbers in their order, as the database does', async () => {
    const doubles = fc.double({ noNaN: true, noDefaultInfinity: true });
    const samples = fc.sample(doubles, { numRuns: 300, seed: 6 });
    samples.push(
      0,
      -0,
      1,
      -1,
      900,
      899.9999999999999,
      2 ** 52,
      -(2 ** -1074),
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
    );
    const { rows } = await sql<{ x: number; key: string }>`
      SELECT x, permit_fact_number_key(x)::text AS key FROM unnest(${samples}::float8[]) x`.execute(t.db);
    expect(rows.map((row) => row.key)).toEqual(samples.map((x) => numberKey(x).toString()));
    fc.assert(
      fc.property(doubles, doubles, (a, b) => {
        if (a < b) expect(numberKey(a) < numberKey(b)).toBe(true);
        if (a === b) expect(numberKey(a)).toBe(numberKey(b));
      }),
      { numRuns: 500, seed: 7 },
    );
  });

  it('name every range holding a number on one side of another, and none on the other side', () => {
    const entry = '6f1c1d2e-0000-4000-8000-000000000001';
    const cellsOf = (x: number) =>
      ([0, 1, 2] as const).map((level) =>
        FACT_TEXT.numberRange(level, entry, numberKey(x) >> [56n, 52n, 49n][level]!),
      );
    const near = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer({ min: -2000, max: 2000 }).map((n) => n / 2),
    );
    fc.assert(
      fc.property(near, near, (a, x) => {
        for (const side of [1, -1] as const) {
          const { texts, boundary } = numberRanges(entry, a, side);
          expect(texts.length).toBeLessThanOrEqual(255 + 15 + 7);
          const named = new Set([...texts, boundary]);
          const hit = cellsOf(x).some((cell) => named.has(cell));
          // On the asked side a range is named; on the other side only the boundary range can be.
          if (side * (x - a) > 0) expect(hit).toBe(true);
          if (side * (x - a) < 0) {
            expect(cellsOf(x).some((cell) => texts.includes(cell))).toBe(false);
          }
        }
      }),
      { numRuns: 2000, seed: 8 },
    );
  });
});
