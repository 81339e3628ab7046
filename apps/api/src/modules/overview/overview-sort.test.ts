import type { OverviewRequest } from '@crossarm/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OverviewScene } from './overview-scene.ts';
import { overviewData } from './overview-test-kit.ts';
import { compareKeys, DEFAULT_LIMITS, type StoredValue, useSortScene } from './overview-test-setup.ts';
import { SORT_WALK_LIMITS } from './sort-sql.ts';

// Pages sorted first by a property that an index holds in order are read from that index; they must be the
// pages the permits' values give when sorted in memory, whichever way the permits at the page's last value
// are found (read whole, or newest first).

const scene = useSortScene();

type Reading = 'Date' | 'Enum' | 'Number';
/** A second sort key: the permit's poles, or its applicant's name (read by join). */
interface Second {
  dataId: 'permit.ActualPoles' | 'permit.ApplicantName';
  descending: boolean;
}

/** The permit's value of a property: its latest (the permit's own first, then by task key). */
function latestOf(values: StoredValue[]): StoredValue | undefined {
  return [...values].sort(
    (a, b) =>
      b.updated_at.getTime() - a.updated_at.getTime() ||
      (a.task_key === null ? -1 : b.task_key === null ? 1 : a.task_key < b.task_key ? -1 : 1),
  )[0];
}

/** The permit's key: its latest value, if it is one a key is read from. */
function keyOf(values: StoredValue[], reading: Reading): string | number | null {
  const latest = latestOf(values);
  if (!latest) return null;
  const value = latest.value;
  if (reading === 'Number') return typeof value === 'number' ? value : null;
  return typeof value === 'string' && JSON.stringify(value).length <= 256 ? value : null;
}

async function expectedOrder(
  seen: Set<string>,
  entryId: string,
  reading: Reading,
  descending: boolean,
  second: Second | null,
) {
  const values = (await scene.t.db
    .selectFrom('permit_property_values')
    .select(['permit_id', 'property_entry_id', 'task_key', 'value', 'updated_at'])
    .where('property_entry_id', '=', entryId)
    .execute()) as StoredValue[];
  const permits = await scene.t.db
    .selectFrom('permits as p')
    .innerJoin('organizations as o', 'o.id', 'p.applicant_organization_id')
    .select(['p.id', 'p.created_at', 'p.actual_poles', 'o.name as applicant'])
    .execute();
  const rows = permits
    .filter((permit) => seen.has(permit.id))
    .map((permit) => {
      const own = values.filter((value) => value.permit_id === permit.id);
      return { ...permit, key: keyOf(own, reading), shown: shownOf(latestOf(own), reading) };
    });
  rows.sort(
    (a, b) =>
      compareKeys(a.key, b.key, descending) ||
      (second?.dataId === 'permit.ActualPoles'
        ? compareKeys(a.actual_poles, b.actual_poles, second.descending)
        : second
          ? compareKeys(a.applicant.toLowerCase(), b.applicant.toLowerCase(), second.descending)
          : 0) ||
      b.created_at.getTime() - a.created_at.getTime() ||
      (a.id < b.id ? 1 : -1),
  );
  return { ids: rows.map((row) => row.id), shown: new Map(rows.map((row) => [row.id, row.shown])) };
}

/** The cell of a value: a number column shows numbers alone, a date or choice column any value as text. */
function shownOf(value: StoredValue | undefined, reading: Reading) {
  const raw = value?.value ?? null;
  if (reading === 'Number') return typeof raw === 'number' ? raw : null;
  return raw === null || typeof raw === 'string' ? raw : JSON.stringify(raw);
}

const sortedBody = (
  dataId: string,
  descending: boolean,
  second: Second | null,
  page: number,
  pageSize: number,
): OverviewRequest => ({
  pageOptions: { page, pageSize },
  columnOptions: ['permit.PermitNumber', dataId],
  sortOptions: [
    { dataId, direction: descending ? 'Descending' : 'Ascending' },
    ...(second
      ? [{ dataId: second.dataId, direction: second.descending ? 'Descending' : 'Ascending' } as const]
      : []),
  ],
});

describe('a page sorted by a property', () => {
  const sorts = () =>
    fc.record({
      property: fc.constantFrom<[keyof OverviewScene['property'] | 'poleCount', Reading]>(
        ['due', 'Date'],
        ['kind', 'Enum'],
        ['poleCount', 'Number'],
      ),
      descending: fc.boolean(),
      second: fc.option(
        fc.record({
          dataId: fc.constantFrom('permit.ActualPoles' as const, 'permit.ApplicantName' as const),
          descending: fc.boolean(),
        }),
        { nil: null },
      ),
      pageSize: fc.integer({ min: 1, max: 6 }),
      page: fc.integer({ min: 0, max: 3 }),
      // The default limits; every tie read newest first, with enough or too few permits read so.
      limits: fc.constantFrom(
        DEFAULT_LIMITS,
        { wholeTie: 1, newestWalk: 1000 },
        { wholeTie: 1, newestWalk: 2 },
      ),
      attacher: fc.boolean(),
    });

  it('is the page of the values sorted in memory, and of the same sort under a filter keeping every permit', async () => {
    await fc.assert(
      fc.asyncProperty(
        sorts(),
        async ({ property, descending, second, pageSize, page, limits, attacher }) => {
          const [name, reading] = property;
          const entryId = name === 'poleCount' ? scene.s.entries.poleCount : scene.s.property[name];
          const dataId = `property.${entryId}`;
          const user = attacher ? scene.s.attacherMember : scene.s.ownerMember;
          const { ids: all, shown } = await expectedOrder(
            attacher ? scene.attacherSees : scene.ownerSees,
            entryId,
            reading,
            descending,
            second,
          );
          Object.assign(SORT_WALK_LIMITS, limits);
          const body = sortedBody(dataId, descending, second, page, pageSize);
          const data = await overviewData(scene.t, user, body, '?includeCount=true');
          expect(data.rows!.map((row) => row.id)).toEqual(all.slice(page * pageSize, (page + 1) * pageSize));
          // Each cell shows the permit's latest value, whichever of its values were written on tasks.
          for (const row of data.rows!) expect(row.values[dataId]).toEqual(shown.get(row.id));
          expect(data.total).toBe(all.length);
          // A filter keeping every permit sorts each permit's key computed on its own.
          const filtered = await overviewData(scene.t, user, {
            ...body,
            filterOptions: {
              condition: 'And',
              rows: [{ id: 'r', dataId: 'permit.Status', operator: 'NotEquals', value: 'Cancelled' }],
              groups: [],
            },
          });
          expect(filtered.rows!.map((row) => row.id)).toEqual(data.rows!.map((row) => row.id));
        },
      ),
      { numRuns: 150, seed: 20261127 },
    );
  });

  it("finds the permits holding the page's last value newest first when they are many, or reads them whole", async () => {
    const dataId = `property.${scene.s.property.kind}`;
    for (const limits of [
      { wholeTie: 1, newestWalk: 1000 },
      { wholeTie: 1, newestWalk: 3 },
      DEFAULT_LIMITS,
    ]) {
      for (const [user, seen] of [
        [scene.s.ownerMember, scene.ownerSees],
        [scene.s.attacherMember, scene.attacherSees],
      ] as const) {
        for (const descending of [false, true]) {
          const { ids: all } = await expectedOrder(seen, scene.s.property.kind, 'Enum', descending, null);
          Object.assign(SORT_WALK_LIMITS, limits);
          for (const pageSize of [1, 4]) {
            const pages: string[] = [];
            for (let page = 0; page * pageSize < all.length; page++) {
              const data = await overviewData(
                scene.t,
                user,
                sortedBody(dataId, descending, null, page, pageSize),
              );
              pages.push(...data.rows!.map((row) => row.id));
            }
            expect(pages, JSON.stringify({ limits, descending, pageSize })).toEqual(all);
          }
        }
      }
    }
  });

  it('reads values filled in on tasks, and keeps values that are no key with the empty ones', async () => {
    const { ids: due } = await expectedOrder(scene.ownerSees, scene.s.property.due, 'Date', false, null);
    const data = await overviewData(
      scene.t,
      scene.s.ownerMember,
      sortedBody(`property.${scene.s.property.due}`, false, null, 0, 50),
    );
    expect(data.rows!.map((row) => row.id)).toEqual(due);
    // Permit 1's latest values are its two task values written at once; the first task by key counts.
    const shown = new Map(data.rows!.map((row) => [row.id, row.values[`property.${scene.s.property.due}`]]));
    expect(shown.get(scene.s.permitIds[1]!)).toMatch(/^2026-06-1/);
    // The over-long choice and the number written as text are shown but sort last.
    const kind = await overviewData(
      scene.t,
      scene.s.ownerMember,
      sortedBody(`property.${scene.s.property.kind}`, true, null, 0, 50),
    );
    const kindKeys = kind.rows!.map(
      (row) => row.values[`property.${scene.s.property.kind}`] as string | null,
    );
    const noKey = (key: string | null) => key === null || key.length === 300;
    const firstEmpty = kindKeys.findIndex(noKey);
    const longAt = kind.rows!.findIndex((row) => row.id === scene.s.permitIds[4]);
    expect(kindKeys[longAt]).toHaveLength(300);
    expect(firstEmpty).toBeGreaterThan(0);
    expect(longAt).toBeGreaterThanOrEqual(firstEmpty);
    expect(kindKeys.slice(firstEmpty).every(noKey)).toBe(true);
    expect(kind.rows!.map((row) => row.id)).toEqual(
      (await expectedOrder(scene.ownerSees, scene.s.property.kind, 'Enum', true, null)).ids,
    );
  });
});

describe('a page sorted by the applicant or the pole owner', () => {
  /** The visible permits by a name ignoring case (empty last), then newest first. */
  async function byName(seen: Set<string>, name: 'applicant' | 'owner', descending: boolean) {
    const permits = await scene.t.db
      .selectFrom('permits as p')
      .innerJoin('organizations as a', 'a.id', 'p.applicant_organization_id')
      .innerJoin('projects as pr', 'pr.id', 'p.project_id')
      .innerJoin('organizations as o', 'o.id', 'pr.owner_organization_id')
      .select(['p.id', 'p.created_at', 'p.permit_number', 'a.name as applicant', 'o.name as owner'])
      .execute();
    return permits
      .filter((permit) => seen.has(permit.id))
      .sort(
        (a, b) =>
          compareKeys(a[name].toLowerCase(), b[name].toLowerCase(), descending) ||
          b.created_at.getTime() - a.created_at.getTime() ||
          (a.id < b.id ? 1 : -1),
      );
  }

  it('orders the whole program by the name, read by join, on every page and in an export', async () => {
    const cases = [
      { dataId: 'permit.ApplicantName', name: 'applicant' as const },
      { dataId: 'jointUseProject.PoleOwner', name: 'owner' as const },
    ];
    for (const { dataId, name } of cases) {
      for (const [user, seen] of [
        [scene.s.ownerMember, scene.ownerSees],
        [scene.s.attacherMember, scene.attacherSees],
      ] as const) {
        for (const descending of [false, true]) {
          const wanted = await byName(seen, name, descending);
          const body = (page: number, pageSize: number): OverviewRequest => ({
            pageOptions: { page, pageSize },
            columnOptions: ['permit.PermitNumber', dataId],
            sortOptions: [{ dataId, direction: descending ? 'Descending' : 'Ascending' }],
          });
          const pages: string[] = [];
          for (let page = 0; page * 4 < wanted.length; page++) {
            pages.push(...(await overviewData(scene.t, user, body(page, 4))).rows!.map((row) => row.id));
          }
          const label = JSON.stringify({ dataId, user, descending });
          expect(pages, label).toEqual(wanted.map((permit) => permit.id));
          // The pole owner sees permits of several applicants, and of two pole owners (it attaches on C).
          if (user === scene.s.ownerMember) {
            expect(new Set(wanted.map((permit) => permit[name])).size, label).toBeGreaterThan(1);
          }
          const res = await scene.t.injectAs(user, {
            method: 'POST',
            url: '/api/joint-use/overview/export/csv',
            payload: { ...body(0, 50), pageOptions: undefined },
          });
          expect(res.statusCode, res.body).toBe(200);
          const numbers = res.body
            .replace(/^\uFEFF/, '')
            .trim()
            .split(/\r?\n/)
            .slice(1);
          expect(
            numbers.map((line) => line.split(',')[0]),
            label,
          ).toEqual(wanted.map((permit) => permit.permit_number));
        }
      }
    }
  });
});
