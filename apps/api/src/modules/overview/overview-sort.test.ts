import type { OverviewRequest, OverviewSummaryValue } from '@crossarm/shared';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { KEY } from '../permits/test-scene.ts';
import type { OverviewScene } from './overview-scene.ts';
import {
  columnsOf,
  joinAsAttacher,
  openOverviewScene,
  overviewData,
  seenOneByOne,
} from './overview-test-kit.ts';
import { KEY_SET_LIMITS, SORT_WALK_LIMITS } from './query.ts';

// Pages sorted first by a property that an index holds in order are read from that index; they must be the
// pages the permits' values give when sorted in memory, whichever way the permits at the page's last value
// are found (read whole, or newest first).

let t: TestApp;
let s: OverviewScene;
let ownerSees: Set<string>;
let attacherSees: Set<string>;
const DEFAULT_LIMITS = { ...SORT_WALK_LIMITS };
const DEFAULT_KEY_SET_LIMITS = { ...KEY_SET_LIMITS };

interface StoredValue {
  permit_id: string;
  property_entry_id: string;
  task_key: string | null;
  value: unknown;
  updated_at: Date;
}

beforeAll(async () => {
  ({ t, s } = await openOverviewScene());
  // The pole owner also attaches to the second owner's project, where it applied for two permits: it sees
  // its own projects whole and those two.
  await joinAsAttacher(t, s.projects.c, s.ownerOrg);
  await t.db
    .updateTable('permits')
    .set({ applicant_organization_id: s.ownerOrg })
    .where('id', 'in', [s.permitIds[2]!, s.permitIds[11]!])
    .execute();
  ownerSees = await seenOneByOne(t, s.ownerMember, s.permitIds);
  attacherSees = await seenOneByOne(t, s.attacherMember, s.permitIds);
  expect(ownerSees.has(s.permitIds[2]!) && !ownerSees.has(s.permitIds[5]!)).toBe(true);
  // Values filled in on tasks too: some later than the permit's own, one written at the same moment (the
  // permit's own then counts), and values no sort key is read from (a choice too long to be one, a number
  // written as text): those permits sort with the empty ones.
  const tasks = await t.db
    .selectFrom('permit_tasks')
    .select(['permit_id', 'task_key'])
    .where('permit_id', 'in', s.permitIds)
    .orderBy('task_key')
    .execute();
  const taskOf = (permitId: string, nth = 0) =>
    tasks.filter((task) => task.permit_id === permitId)[nth]!.task_key;
  const permitValue = async (permitId: string, entryId: string) =>
    t.db
      .selectFrom('permit_property_values')
      .select('updated_at')
      .where('permit_id', '=', permitId)
      .where('property_entry_id', '=', entryId)
      .where('task_key', 'is', null)
      .executeTakeFirst();
  const later = (date: Date | undefined, hours: number) =>
    new Date((date ?? new Date('2026-03-01T00:00:00Z')).getTime() + hours * 3_600_000);
  // Written as JSON text.
  const rows: (Omit<StoredValue, 'value'> & { value: string })[] = [];
  for (const [i, permitId] of s.permitIds.entries()) {
    const own = await permitValue(permitId, s.property.due);
    if (i % 3 === 0) {
      rows.push({
        permit_id: permitId,
        property_entry_id: s.property.due,
        task_key: taskOf(permitId, 2),
        value: JSON.stringify(`2026-05-${String(1 + (i % 7)).padStart(2, '0')}`),
        updated_at: later(own?.updated_at, 1),
      });
    }
    if (i % 4 === 1) {
      // Two task values at one moment, after the permit's: the task first by key counts.
      for (const nth of [0, 1]) {
        rows.push({
          permit_id: permitId,
          property_entry_id: s.property.due,
          task_key: taskOf(permitId, nth),
          value: JSON.stringify(`2026-0${6 + nth}-1${i % 3}`),
          updated_at: later(own?.updated_at, 2),
        });
      }
    }
    // A street and an urgency filled in later on a task, the street in either case: each permit's key is
    // its latest value, a text ignoring case.
    if (i % 3 === 1) {
      rows.push({
        permit_id: permitId,
        property_entry_id: s.property.street,
        task_key: taskOf(permitId, 1),
        value: JSON.stringify(['alder Way', 'Birch road', 'cedar Lane', 'Alder way'][i % 4]),
        updated_at: new Date('2027-02-01T00:00:00Z'),
      });
    }
    if (i % 4 === 3) {
      rows.push({
        permit_id: permitId,
        property_entry_id: s.property.urgent,
        task_key: taskOf(permitId, 1),
        value: JSON.stringify(i % 8 === 3),
        updated_at: new Date('2027-02-01T00:00:00Z'),
      });
    }
    if (i % 5 === 2 && own) {
      rows.push({
        permit_id: permitId,
        property_entry_id: s.property.due,
        task_key: taskOf(permitId, 3),
        value: JSON.stringify('2025-01-01'),
        updated_at: own.updated_at,
      });
    }
  }
  rows.push({
    permit_id: s.permitIds[4]!,
    property_entry_id: s.property.kind,
    task_key: taskOf(s.permitIds[4]!),
    value: JSON.stringify('x'.repeat(300)),
    updated_at: new Date('2027-01-01T00:00:00Z'),
  });
  rows.push({
    permit_id: s.permitIds[7]!,
    property_entry_id: s.entries.poleCount,
    task_key: taskOf(s.permitIds[7]!),
    value: JSON.stringify('12'),
    updated_at: new Date('2027-01-01T00:00:00Z'),
  });
  const projectOf = new Map(
    (await t.db.selectFrom('permits').select(['id', 'project_id']).execute()).map((p) => [
      p.id,
      p.project_id,
    ]),
  );
  await t.db
    .insertInto('permit_property_values')
    .values(rows.map((row) => ({ ...row, project_id: projectOf.get(row.permit_id)! })))
    .execute();
});
afterEach(() => {
  Object.assign(SORT_WALK_LIMITS, DEFAULT_LIMITS);
  Object.assign(KEY_SET_LIMITS, DEFAULT_KEY_SET_LIMITS);
});

/** The permit numbers of a CSV export of the request, in its order. */
async function exportedNumbers(user: string, body: OverviewRequest) {
  const res = await t.injectAs(user, {
    method: 'POST',
    url: '/api/joint-use/overview/export/csv',
    payload: { ...body, pageOptions: undefined },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(',')[0]);
}

/** Two summary rows hold the same values (elapsed days are read at each statement's own moment). */
function expectSameSummary(
  summary: OverviewSummaryValue[],
  other: OverviewSummaryValue[],
  context: Record<string, unknown>,
) {
  expect(summary).toHaveLength(other.length);
  summary.forEach((item, index) => {
    const label = JSON.stringify({ ...context, item, other: other[index] });
    const value = other[index]!.value;
    if (typeof item.value === 'number' && typeof value === 'number') {
      expect(item.value, label).toBeCloseTo(value, 2);
    } else {
      expect(item.value, label).toEqual(value);
    }
  });
}

/**
 * The same request with the permits a filter keeps read with each one's own keys, and with the keys of the
 * whole program read by sets.
 */
async function bothWays<T>(request: () => Promise<T>) {
  KEY_SET_LIMITS.programPerKept = 0;
  const oneByOne = await request();
  KEY_SET_LIMITS.programPerKept = 1e9;
  const bySets = await request();
  Object.assign(KEY_SET_LIMITS, DEFAULT_KEY_SET_LIMITS);
  return { oneByOne, bySets };
}
afterAll(() => t.close());

type Reading = 'Date' | 'Enum' | 'Number';
/** A second sort key: the permit's poles, or its applicant's name (read by join). */
interface Second {
  dataId: 'permit.ActualPoles' | 'permit.ApplicantName';
  descending: boolean;
}

/** The permit's key: its latest value (the permit's own first, then by task key), if it is one a key is read from. */
function keyOf(values: StoredValue[], reading: Reading): string | number | null {
  const latest = [...values].sort(
    (a, b) =>
      b.updated_at.getTime() - a.updated_at.getTime() ||
      (a.task_key === null ? -1 : b.task_key === null ? 1 : a.task_key < b.task_key ? -1 : 1),
  )[0];
  if (!latest) return null;
  const value = latest.value;
  if (reading === 'Number') return typeof value === 'number' ? value : null;
  return typeof value === 'string' && JSON.stringify(value).length <= 256 ? value : null;
}

type Key = string | number | null;
/** Empty last either way. */
function compareKeys(a: Key, b: Key, descending: boolean) {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const order = a < b ? -1 : 1;
  return descending ? -order : order;
}

async function expectedOrder(
  seen: Set<string>,
  entryId: string,
  reading: Reading,
  descending: boolean,
  second: Second | null,
) {
  const values = (await t.db
    .selectFrom('permit_property_values')
    .select(['permit_id', 'property_entry_id', 'task_key', 'value', 'updated_at'])
    .where('property_entry_id', '=', entryId)
    .execute()) as StoredValue[];
  const permits = await t.db
    .selectFrom('permits as p')
    .innerJoin('organizations as o', 'o.id', 'p.applicant_organization_id')
    .select(['p.id', 'p.created_at', 'p.actual_poles', 'o.name as applicant'])
    .execute();
  const rows = permits
    .filter((permit) => seen.has(permit.id))
    .map((permit) => ({
      ...permit,
      key: keyOf(
        values.filter((value) => value.permit_id === permit.id),
        reading,
      ),
    }));
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
  return rows.map((row) => row.id);
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
          const entryId = name === 'poleCount' ? s.entries.poleCount : s.property[name];
          const dataId = `property.${entryId}`;
          const user = attacher ? s.attacherMember : s.ownerMember;
          const all = await expectedOrder(
            attacher ? attacherSees : ownerSees,
            entryId,
            reading,
            descending,
            second,
          );
          Object.assign(SORT_WALK_LIMITS, limits);
          const body = sortedBody(dataId, descending, second, page, pageSize);
          const data = await overviewData(t, user, body, '?includeCount=true');
          expect(data.rows!.map((row) => row.id)).toEqual(all.slice(page * pageSize, (page + 1) * pageSize));
          expect(data.total).toBe(all.length);
          // A filter keeping every permit sorts each permit's key computed on its own.
          const filtered = await overviewData(t, user, {
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
    const dataId = `property.${s.property.kind}`;
    for (const limits of [
      { wholeTie: 1, newestWalk: 1000 },
      { wholeTie: 1, newestWalk: 3 },
      DEFAULT_LIMITS,
    ]) {
      for (const [user, seen] of [
        [s.ownerMember, ownerSees],
        [s.attacherMember, attacherSees],
      ] as const) {
        for (const descending of [false, true]) {
          const all = await expectedOrder(seen, s.property.kind, 'Enum', descending, null);
          Object.assign(SORT_WALK_LIMITS, limits);
          for (const pageSize of [1, 4]) {
            const pages: string[] = [];
            for (let page = 0; page * pageSize < all.length; page++) {
              const data = await overviewData(t, user, sortedBody(dataId, descending, null, page, pageSize));
              pages.push(...data.rows!.map((row) => row.id));
            }
            expect(pages, JSON.stringify({ limits, descending, pageSize })).toEqual(all);
          }
        }
      }
    }
  });

  it('reads values filled in on tasks, and keeps values that are no key with the empty ones', async () => {
    const due = await expectedOrder(ownerSees, s.property.due, 'Date', false, null);
    const data = await overviewData(
      t,
      s.ownerMember,
      sortedBody(`property.${s.property.due}`, false, null, 0, 50),
    );
    expect(data.rows!.map((row) => row.id)).toEqual(due);
    // Permit 1's latest values are its two task values written at once; the first task by key counts.
    const shown = new Map(data.rows!.map((row) => [row.id, row.values[`property.${s.property.due}`]]));
    expect(shown.get(s.permitIds[1]!)).toMatch(/^2026-06-1/);
    // The over-long choice and the number written as text are shown but sort last.
    const kind = await overviewData(
      t,
      s.ownerMember,
      sortedBody(`property.${s.property.kind}`, true, null, 0, 50),
    );
    const kindKeys = kind.rows!.map((row) => row.values[`property.${s.property.kind}`] as string | null);
    const noKey = (key: string | null) => key === null || key.length === 300;
    const firstEmpty = kindKeys.findIndex(noKey);
    const longAt = kind.rows!.findIndex((row) => row.id === s.permitIds[4]);
    expect(kindKeys[longAt]).toHaveLength(300);
    expect(firstEmpty).toBeGreaterThan(0);
    expect(longAt).toBeGreaterThanOrEqual(firstEmpty);
    expect(kindKeys.slice(firstEmpty).every(noKey)).toBe(true);
    expect(kind.rows!.map((row) => row.id)).toEqual(
      await expectedOrder(ownerSees, s.property.kind, 'Enum', true, null),
    );
  });
});

describe('a page sorted by the applicant or the pole owner', () => {
  /** The visible permits by a name ignoring case (empty last), then newest first. */
  async function byName(seen: Set<string>, name: 'applicant' | 'owner', descending: boolean) {
    const permits = await t.db
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
        [s.ownerMember, ownerSees],
        [s.attacherMember, attacherSees],
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
            pages.push(...(await overviewData(t, user, body(page, 4))).rows!.map((row) => row.id));
          }
          const label = JSON.stringify({ dataId, user, descending });
          expect(pages, label).toEqual(wanted.map((permit) => permit.id));
          // The pole owner sees permits of several applicants, and of two pole owners (it attaches on C).
          if (user === s.ownerMember) {
            expect(new Set(wanted.map((permit) => permit[name])).size, label).toBeGreaterThan(1);
          }
          const res = await t.injectAs(user, {
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

describe('a page sorted by the active stage or the next task', () => {
  it("reads the active stages' and open tasks' names in order, however the permits at the page's last name are found", async () => {
    // Two permits whose workflow has run its course: no stage is active, no task is next.
    for (const permitId of [s.permitIds[3]!, s.permitIds[6]!]) {
      await t.db
        .updateTable('permit_stages')
        .set({ status: 'Completed', completed_at: new Date() })
        .where('permit_id', '=', permitId)
        .where('status', '=', 'Active')
        .execute();
      await t.db.updateTable('permits').set({ active_stage_key: null }).where('id', '=', permitId).execute();
    }
    // Half the permits hold their second stage under a name that comes before the first stage's
    // ('Assessment' before 'Intake'), as a stage renamed in a later version of the workflow would be: by
    // name their permits would come first, in workflow order they follow the first stage's.
    const renamed = s.permitIds.filter((_, index) => index % 2 === 0);
    const nameSecondStage = (name: string) =>
      t.db
        .updateTable('permit_stages')
        .set({ name })
        .where('stage_key', '=', KEY.survey)
        .where('permit_id', 'in', renamed)
        .execute();
    await nameSecondStage('Assessment');
    const permits = await t.db
      .selectFrom('permits')
      .select(['id', 'created_at', 'active_stage_key'])
      .execute();
    const stages = await t.db
      .selectFrom('permit_stages')
      .selectAll()
      .where('status', '=', 'Active')
      .execute();
    const open = await t.db
      .selectFrom('permit_tasks')
      .selectAll()
      .where('status', 'in', ['ReadyToBegin', 'InProgress'])
      .execute();
    const keys: Record<string, (permit: (typeof permits)[number]) => string | null> = {
      // Workflow order: the stage's place in its workflow, then its name.
      'workflow.ActiveStage': (permit) => {
        const stage = stages.find(
          (candidate) => candidate.permit_id === permit.id && candidate.stage_key === permit.active_stage_key,
        );
        return stage ? `${String(stage.position).padStart(10, '0')} ${stage.name.toLowerCase()}` : null;
      },
      'workflow.NextUpTask': (permit) =>
        open
          .filter((task) => task.permit_id === permit.id && task.stage_key === permit.active_stage_key)
          .sort((a, b) => a.position - b.position)[0]
          ?.name.toLowerCase() ?? null,
    };
    const activeNames = new Set(
      stages
        .filter((stage) => ownerSees.has(stage.permit_id))
        .map((stage) => `${stage.position} ${stage.name}`),
    );
    expect([...activeNames].sort()).toEqual(['0 Intake', '1 Assessment', '1 Survey']);
    for (const [dataId, keyOfPermit] of Object.entries(keys)) {
      const seenKeys = new Set(permits.filter((permit) => ownerSees.has(permit.id)).map(keyOfPermit));
      // Some permits hold each of several names, and some none.
      expect(seenKeys.size, `${dataId} ${JSON.stringify([...seenKeys])}`).toBeGreaterThanOrEqual(3);
      expect(seenKeys.has(null)).toBe(true);
      for (const limits of [
        { wholeTie: 1, newestWalk: 1000 },
        { wholeTie: 1, newestWalk: 3 },
        DEFAULT_LIMITS,
      ]) {
        for (const descending of [false, true]) {
          const wanted = permits
            .filter((permit) => ownerSees.has(permit.id))
            .sort(
              (a, b) =>
                compareKeys(keyOfPermit(a), keyOfPermit(b), descending) ||
                b.created_at.getTime() - a.created_at.getTime() ||
                (a.id < b.id ? 1 : -1),
            )
            .map((permit) => permit.id);
          Object.assign(SORT_WALK_LIMITS, limits);
          const body = (page: number, pageSize: number): OverviewRequest => ({
            pageOptions: { page, pageSize },
            columnOptions: ['permit.PermitNumber', dataId],
            sortOptions: [{ dataId, direction: descending ? 'Descending' : 'Ascending' }],
          });
          for (const pageSize of [1, 4]) {
            const pages: string[] = [];
            for (let page = 0; page * pageSize < wanted.length; page++) {
              pages.push(
                ...(await overviewData(t, s.ownerMember, body(page, pageSize))).rows!.map((row) => row.id),
              );
            }
            expect(pages, JSON.stringify({ dataId, limits, descending, pageSize })).toEqual(wanted);
          }
          const filtered = await overviewData(t, s.ownerMember, {
            ...body(0, 50),
            filterOptions: {
              condition: 'And',
              rows: [{ id: 'r', dataId: 'permit.Status', operator: 'NotEquals', value: 'Cancelled' }],
              groups: [],
            },
          });
          expect(filtered.rows!.map((row) => row.id)).toEqual(wanted);
        }
      }
    }
    await nameSecondStage('Survey');
  });
});

describe('the whole program sorted by any column', () => {
  const keepAll: OverviewRequest['filterOptions'] = {
    condition: 'And',
    rows: [{ id: 'r', dataId: 'permit.Status', operator: 'NotEquals', value: 'Cancelled' }],
    groups: [],
  };
  let twiceHeld: { permitId: string; stageEntry: string };

  beforeAll(async () => {
    // Two permits hold a task of their last stage a second time, done, in their first stage: that one is
    // first, so their task cells and keys are the done task's.
    for (const permitId of [s.permitIds[0]!, s.permitIds[9]!]) {
      const stages = await t.db
        .selectFrom('permit_stages')
        .select(['stage_key', 'position'])
        .where('permit_id', '=', permitId)
        .orderBy('position')
        .execute();
      const task = await t.db
        .selectFrom('permit_tasks')
        .selectAll()
        .where('permit_id', '=', permitId)
        .where('stage_key', '=', stages.at(-1)!.stage_key)
        .orderBy('position')
        .executeTakeFirstOrThrow();
      expect(task.status).not.toBe('Completed');
      await t.db
        .insertInto('permit_tasks')
        .values({
          ...task,
          task_key: crypto.randomUUID(),
          stage_key: stages[0]!.stage_key,
          position: 99,
          status: 'Completed',
          ready_at: new Date('2026-01-01T00:00:00Z'),
          started_at: new Date('2026-01-02T00:00:00Z'),
          completed_at: new Date('2026-01-05T00:00:00Z'),
        })
        .execute();
    }
    // A permit the pole owner sees holds its active stage's entry a second time, later in its workflow, with
    // an open task placed first there: the active stage's own open tasks come first, so its active task is
    // still theirs.
    const firstOpen = await t.db
      .selectFrom('permit_stages as s')
      .innerJoin('permit_tasks as t', (join) =>
        join.onRef('t.permit_id', '=', 's.permit_id').onRef('t.stage_key', '=', 's.stage_key'),
      )
      .selectAll('t')
      .select('s.library_entry_id as stage_entry')
      .where('s.status', '=', 'Active')
      .where('t.status', 'in', ['ReadyToBegin', 'InProgress'])
      .where('t.position', '>', 0)
      .where('s.permit_id', 'in', [...ownerSees])
      .orderBy('t.permit_id')
      .orderBy('t.position')
      .executeTakeFirstOrThrow();
    const { stage_entry, ...open } = firstOpen;
    twiceHeld = { permitId: open.permit_id, stageEntry: stage_entry };
    const active = await t.db
      .selectFrom('permit_stages')
      .selectAll()
      .where('permit_id', '=', open.permit_id)
      .where('stage_key', '=', open.stage_key)
      .executeTakeFirstOrThrow();
    const again = crypto.randomUUID();
    await t.db
      .insertInto('permit_stages')
      .values({ ...active, stage_key: again, position: 99, status: 'NotStarted', started_at: null })
      .execute();
    await t.db
      .insertInto('permit_tasks')
      .values({
        ...open,
        stage_key: again,
        task_key: crypto.randomUUID(),
        position: 0,
        name: 'Aardvark check',
      })
      .execute();
  });

  it("is the order of each permit's key read on its own, for every column and either direction", async () => {
    // Sorting every visible permit reads a key by an index in order, by one grouped pass over the projects'
    // places, or permit by permit; under a filter keeping every permit, each permit's key is read on its own
    // or by sets, as many permits are kept.
    const columns = [...(await columnsOf(t, s.ownerMember)).values()].filter((column) => column.sortable);
    expect(columns.length).toBeGreaterThan(30);
    let varied = 0;
    for (const column of columns) {
      for (const [user, seen] of [
        [s.ownerMember, ownerSees],
        [s.attacherMember, attacherSees],
      ] as const) {
        for (const descending of [false, true]) {
          const body: OverviewRequest = {
            pageOptions: { page: 0, pageSize: 100 },
            columnOptions: ['permit.PermitNumber', column.dataId],
            sortOptions: [{ dataId: column.dataId, direction: descending ? 'Descending' : 'Ascending' }],
          };
          const label = JSON.stringify({ column: column.dataId, user, descending });
          const whole = await overviewData(t, user, body);
          const kept = await bothWays(() => overviewData(t, user, { ...body, filterOptions: keepAll }));
          for (const way of [kept.oneByOne, kept.bySets]) {
            expect(
              whole.rows!.map((row) => row.id),
              label,
            ).toEqual(way.rows!.map((row) => row.id));
          }
          expect(new Set(whole.rows!.map((row) => row.id)), label).toEqual(seen);
          const shown = whole.rows!.map((row) => JSON.stringify(row.values[column.dataId] ?? null));
          if (user === s.ownerMember && !descending && new Set(shown).size > 2) varied++;
        }
      }
    }
    // Most columns hold several values among the permits, so the orders compared are not the newest-first one.
    expect(varied).toBeGreaterThan(columns.length / 2);
  });

  it('orders by the active task of the first stage of the entry, in memory too', async () => {
    const entry = twiceHeld.stageEntry;
    const stages = await t.db
      .selectFrom('permit_stages')
      .selectAll()
      .where('library_entry_id', '=', entry)
      .execute();
    const tasks = await t.db
      .selectFrom('permit_tasks')
      .selectAll()
      .where('status', 'in', ['ReadyToBegin', 'InProgress'])
      .execute();
    const permits = await t.db.selectFrom('permits').select(['id', 'created_at']).execute();
    const keyOfPermit = (permitId: string) => {
      const first = stages
        .filter((stage) => stage.permit_id === permitId)
        .flatMap((stage) =>
          tasks
            .filter((task) => task.permit_id === permitId && task.stage_key === stage.stage_key)
            .map((task) => ({ stage: stage.position, position: task.position, name: task.name })),
        )
        .sort((a, b) => a.stage - b.stage || a.position - b.position)[0];
      return first ? first.name.toLowerCase() : null;
    };
    expect(keyOfPermit(twiceHeld.permitId)).not.toBe('aardvark check');
    for (const descending of [false, true]) {
      const wanted = permits
        .filter((permit) => ownerSees.has(permit.id))
        .sort(
          (a, b) =>
            compareKeys(keyOfPermit(a.id), keyOfPermit(b.id), descending) ||
            b.created_at.getTime() - a.created_at.getTime() ||
            (a.id < b.id ? 1 : -1),
        )
        .map((permit) => permit.id);
      const dataId = `stage.${entry}.ActiveTask`;
      const data = await overviewData(t, s.ownerMember, {
        pageOptions: { page: 0, pageSize: 100 },
        columnOptions: ['permit.PermitNumber', dataId],
        sortOptions: [{ dataId, direction: descending ? 'Descending' : 'Ascending' }],
      });
      expect(data.rows!.map((row) => row.id)).toEqual(wanted);
    }
  });

  it("sums up each column of the whole program as each permit's value read on its own", async () => {
    const columns = [...(await columnsOf(t, s.ownerMember)).values()].filter(
      (column) => column.metrics.length > 0,
    );
    expect(columns.length).toBeGreaterThan(30);
    let nonEmpty = 0;
    for (const [user, seen] of [
      [s.ownerMember, ownerSees],
      [s.attacherMember, attacherSees],
    ] as const) {
      // Every metric of every column in one request, and the page alongside.
      const summaryRowOptions = columns.flatMap((column) =>
        column.metrics.map((metric) => ({ dataId: column.dataId, metric })),
      );
      const body: OverviewRequest = {
        pageOptions: { page: 0, pageSize: 5 },
        columnOptions: ['permit.PermitNumber'],
        summaryRowOptions,
      };
      const query = '?includeCount=true&includeSummary=true';
      const whole = await overviewData(t, user, body, query);
      const kept = await bothWays(() => overviewData(t, user, { ...body, filterOptions: keepAll }, query));
      expect(whole.total).toBe(seen.size);
      expect(whole.summary).toHaveLength(summaryRowOptions.length);
      for (const way of [kept.oneByOne, kept.bySets]) {
        expect(way.total).toBe(seen.size);
        expectSameSummary(whole.summary!, way.summary!, { user });
      }
      whole.summary!.forEach((item) => {
        if (user === s.ownerMember && item.value !== null && item.value !== 0) nonEmpty++;
      });
    }
    expect(nonEmpty).toBeGreaterThan(columns.length);
  });

  it('reads the keys of the permits a filter keeps one by one or by sets: the same pages, counts and sums', async () => {
    const some: OverviewRequest['filterOptions'] = {
      condition: 'And',
      rows: [{ id: 'r', dataId: 'permit.Status', operator: 'Equals', value: 'Active' }],
      groups: [],
    };
    const columns = [...(await columnsOf(t, s.ownerMember)).values()];
    const statusOfTask = columns.find((column) => column.subjectKind === 'Task' && column.name === 'Status')!;
    const summaryRowOptions = columns.flatMap((column) =>
      column.metrics.map((metric) => ({ dataId: column.dataId, metric })),
    );
    const ids = (data: { rows: { id: string }[] | null }) => data.rows!.map((row) => row.id);
    for (const [user, seen] of [
      [s.ownerMember, ownerSees],
      [s.attacherMember, attacherSees],
    ] as const) {
      // The page alone, sorted by each column either way.
      for (const column of columns.filter((item) => item.sortable)) {
        for (const descending of [false, true]) {
          const body: OverviewRequest = {
            pageOptions: { page: 0, pageSize: 100 },
            columnOptions: ['permit.PermitNumber', column.dataId],
            filterOptions: some,
            sortOptions: [{ dataId: column.dataId, direction: descending ? 'Descending' : 'Ascending' }],
          };
          const { oneByOne, bySets } = await bothWays(() => overviewData(t, user, body));
          expect(ids(bySets), JSON.stringify({ column: column.dataId, user, descending })).toEqual(
            ids(oneByOne),
          );
        }
      }
      // An export of the same, in the order of the page.
      const sorted: OverviewRequest = {
        pageOptions: { page: 0, pageSize: 100 },
        columnOptions: ['permit.PermitNumber', statusOfTask.dataId],
        filterOptions: some,
        sortOptions: [{ dataId: statusOfTask.dataId, direction: 'Ascending' }],
      };
      const exported = await bothWays(() => exportedNumbers(user, sorted));
      const numbers = (await overviewData(t, user, sorted)).rows!.map(
        (row) => row.values['permit.PermitNumber'],
      );
      expect(exported.oneByOne).toEqual(numbers);
      expect(exported.bySets).toEqual(numbers);
      // The page with the count and every metric of every column, and those without the page.
      const body: OverviewRequest = {
        pageOptions: { page: 1, pageSize: 2 },
        columnOptions: ['permit.PermitNumber'],
        filterOptions: some,
        sortOptions: [{ dataId: statusOfTask.dataId, direction: 'Descending' }],
        summaryRowOptions,
      };
      const query = '?includeCount=true&includeSummary=true';
      const withPage = await bothWays(() => overviewData(t, user, body, query));
      const totalsOnly = await bothWays(() =>
        overviewData(
          t,
          user,
          { ...body, pageOptions: { page: 0, pageSize: 0 } },
          `${query}&includeData=false`,
        ),
      );
      const base = withPage.oneByOne;
      expect(base.total).toBeGreaterThan(2);
      expect(base.total).toBeLessThan(seen.size);
      expect(ids(withPage.bySets)).toEqual(ids(base));
      for (const way of [withPage.bySets, totalsOnly.oneByOne, totalsOnly.bySets]) {
        expect(way.total).toBe(base.total);
        expectSameSummary(way.summary!, base.summary!, { user });
      }
    }
  });

  it('reads grouped keys with a second key, and exports in the order of the pages', async () => {
    const columns = await columnsOf(t, s.ownerMember);
    const pick = (subjectKind: string, name: string) =>
      [...columns.values()].find((column) => column.subjectKind === subjectKind && column.name === name)!
        .dataId;
    const sorts: NonNullable<OverviewRequest['sortOptions']>[] = [
      [
        { dataId: pick('Stage', 'Active Task'), direction: 'Ascending' },
        { dataId: pick('Task', 'Status'), direction: 'Descending' },
      ],
      [
        { dataId: pick('Task', 'Person Assigned'), direction: 'Descending' },
        { dataId: 'workflow.NextUpTaskAssignees', direction: 'Ascending' },
      ],
      [
        { dataId: pick('Task', 'Elapsed Time'), direction: 'Descending' },
        { dataId: 'permit.ApplicantName', direction: 'Ascending' },
      ],
    ];
    for (const sortOptions of sorts) {
      const body: OverviewRequest = {
        pageOptions: { page: 0, pageSize: 100 },
        columnOptions: ['permit.PermitNumber', ...sortOptions.map((sort) => sort.dataId!)],
        sortOptions,
      };
      const label = JSON.stringify(sortOptions);
      const whole = await overviewData(t, s.ownerMember, body);
      const kept = await overviewData(t, s.ownerMember, { ...body, filterOptions: keepAll });
      const ids = whole.rows!.map((row) => row.id);
      expect(ids, label).toEqual(kept.rows!.map((row) => row.id));
      // Page by page, the same order.
      const pages: string[] = [];
      for (let page = 0; page * 3 < ids.length; page++) {
        const data = await overviewData(t, s.ownerMember, { ...body, pageOptions: { page, pageSize: 3 } });
        pages.push(...data.rows!.map((row) => row.id));
      }
      expect(pages, label).toEqual(ids);
      const numbers = await exportedNumbers(s.ownerMember, body);
      expect(numbers, label).toEqual(whole.rows!.map((row) => row.values['permit.PermitNumber']));
    }
  });
});
