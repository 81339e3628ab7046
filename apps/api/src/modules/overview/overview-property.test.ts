import type { FilterGroup, FilterRow, OverviewColumn, OverviewRequest } from '@crossarm/shared';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { CANDIDATE_LIMITS } from './kept-sql.ts';
import { evaluate, FIRST_DAY, type OverviewScene, type PermitFacts } from './overview-scene.ts';
import { idsFor, openOverviewScene } from './overview-test-kit.ts';

// Random filter trees over the scene's columns: the endpoint keeps exactly the permits the same tree keeps
// when evaluated in memory over the rows read straight from the tables.

let t: TestApp;
let s: OverviewScene;
let facts: PermitFacts[];
let columns: Map<string, OverviewColumn>;
let seen: Set<string>;

beforeAll(async () => {
  ({ t, s, facts, columns, ownerSees: seen } = await openOverviewScene());
});
afterAll(() => t.close());
const DEFAULT_CANDIDATE_LIMITS = { ...CANDIDATE_LIMITS };
afterEach(() => {
  Object.assign(CANDIDATE_LIMITS, DEFAULT_CANDIDATE_LIMITS);
});

const DAY_MS = 86_400_000;

/** Texts of a column as stored, to draw whole values and pieces of them from. */
function textsOf(dataId: string) {
  const texts = facts.flatMap((permit) =>
    [permit.scalars[dataId], ...(permit.places[dataId] ?? [])].filter(
      (v): v is string => typeof v === 'string',
    ),
  );
  return texts.length > 0 ? texts : ['none'];
}

function filterValueOf(column: OverviewColumn): fc.Arbitrary<unknown> {
  switch (column.type) {
    case 'Text': {
      const texts = textsOf(column.dataId);
      return fc.oneof(
        fc.constantFrom(...texts),
        fc
          .constantFrom(...texts)
          .chain((text) =>
            fc
              .tuple(fc.nat(text.length), fc.nat(text.length))
              .map(([a, b]) => text.slice(Math.min(a, b), Math.max(a, b) + 1).toUpperCase()),
          ),
        fc.constantFrom('zz', 'a', 'Street'),
      );
    }
    case 'Number':
      // Whole numbers, halves (a whole-number column compared with 4.5) and numbers past any integer type.
      return fc.oneof(
        fc.integer({ min: -1, max: 14 }),
        fc.integer({ min: -2, max: 29 }).map((halves) => halves / 2),
        fc.constantFrom(1e12, -1e21),
      );
    case 'Date':
      return fc
        .integer({ min: -2, max: 45 })
        .map((days) => new Date(FIRST_DAY + days * DAY_MS).toISOString().slice(0, 10));
    case 'Enum':
      return fc.constantFrom(...(column.options ?? []).map((option) => option.value));
    case 'Boolean':
      return fc.boolean();
    default:
      return fc.constantFrom(...s.engineers, s.ownerMember);
  }
}

function rowOf(usable: OverviewColumn[]): fc.Arbitrary<FilterRow> {
  const complete = fc.constantFrom(...usable).chain((column) =>
    fc.record({
      id: fc.constant('row'),
      dataId: fc.constant(column.dataId),
      operator: fc.constantFrom(...column.operators),
      value: filterValueOf(column),
    }),
  );
  // Now and then a row the builder has not finished: it must not count.
  const unfinished = fc.record({
    id: fc.constant('unfinished'),
    dataId: fc.constantFrom(null, 'permit.Status'),
    operator: fc.constant('Equals' as const),
    value: fc.constant(''),
  });
  return fc.oneof({ arbitrary: complete, weight: 9 }, { arbitrary: unfinished, weight: 1 });
}

function groupOf(usable: OverviewColumn[], depth: number): fc.Arbitrary<FilterGroup> {
  return fc.record({
    condition: fc.constantFrom('And' as const, 'Or' as const),
    rows: fc.array(rowOf(usable), { maxLength: 3 }),
    groups: depth >= 3 ? fc.constant([]) : fc.array(groupOf(usable, depth + 1), { maxLength: 2 }),
  });
}

/** Runs random trees over `usable` and counts the trees that kept some visible permits but not all. */
async function checkTrees(
  usable: OverviewColumn[],
  numRuns: number,
  seed: number,
  extra: Partial<OverviewRequest> = {},
) {
  const typeOf = (dataId: string) => columns.get(dataId)!.type;
  let nonTrivial = 0;
  await fc.assert(
    fc.asyncProperty(groupOf(usable, 1), async (tree) => {
      const wanted = [...evaluate(facts, tree, typeOf)].filter((id) => seen.has(id)).sort();
      const got = (await idsFor(t, s.ownerMember, tree, extra)).sort();
      if (wanted.length > 0 && wanted.length < seen.size) nonTrivial++;
      expect(got).toEqual(wanted);
    }),
    { numRuns, seed },
  );
  return nonTrivial;
}

// Durations run with the clock and are checked on their own; the rest are fixed facts.
const filterable = () =>
  [...columns.values()].filter((column) => column.operators.length > 0 && column.type !== 'Duration');

describe('random filter trees', () => {
  it('keep on the server exactly what they keep in memory', async () => {
    // The trees were not all "everything" or "nothing".
    expect(await checkTrees(filterable(), 50, 20261122)).toBeGreaterThan(10);
  });

  it('of columns read from stages, tasks and values alone keep the same as in memory', async () => {
    // Groups of such rows are read as sets of permit ids (intersected for And, joined for Or).
    const places = filterable().filter((column) => !column.dataId.startsWith('permit.'));
    expect(await checkTrees(places, 200, 20261126)).toBeGreaterThan(40);
  });

  it('of such columns keep the same whether their permits are read by key or met by a pass', async () => {
    // Sorted by a permit's own column, the kept permits are read with their rows: the candidates are then
    // read by key when few, else met by one pass over the visible permits (`CANDIDATE_LIMITS`).
    const places = filterable().filter((column) => !column.dataId.startsWith('permit.'));
    const sorted = { sortOptions: [{ dataId: 'permit.PermitNumber', direction: 'Ascending' as const }] };
    for (const [limit, seed] of [
      [0, 20261129],
      [1e9, 20261130],
    ]) {
      CANDIDATE_LIMITS.programPerCandidate = limit!;
      expect(await checkTrees(places, 100, seed!, sorted)).toBeGreaterThan(20);
    }
  });
});
