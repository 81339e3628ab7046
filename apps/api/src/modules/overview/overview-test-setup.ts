import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import type { OverviewScene } from './overview-scene.ts';
import { joinAsAttacher, openOverviewScene, seenOneByOne } from './overview-test-kit.ts';
import { KEY_SET_LIMITS, SORT_WALK_LIMITS } from './sort-sql.ts';

// Setup shared by the test files of the overview's sorts (overview-sort.test.ts and
// overview-sort-columns.test.ts).

export const DEFAULT_LIMITS = { ...SORT_WALK_LIMITS };
export const DEFAULT_KEY_SET_LIMITS = { ...KEY_SET_LIMITS };

export interface StoredValue {
  permit_id: string;
  property_entry_id: string;
  task_key: string | null;
  value: unknown;
  updated_at: Date;
}

/** A value as written: JSON text. */
type WrittenValue = Omit<StoredValue, 'value'> & { value: string };

const later = (date: Date | undefined, hours: number) =>
  new Date((date ?? new Date('2026-03-01T00:00:00Z')).getTime() + hours * 3_600_000);

export type SortScene = Awaited<ReturnType<typeof openSortScene>>;

/**
 * The sort scene of a test file: opened before its tests, the sort limits restored after each one, closed
 * after them all. Its fields are set once the file's tests start.
 */
export function useSortScene(): SortScene {
  const scene = {} as SortScene;
  beforeAll(async () => {
    Object.assign(scene, await openSortScene());
  });
  afterEach(restoreLimits);
  afterAll(() => scene.t?.close());
  return scene;
}

/**
 * The test app with the overview scene, the pole owner attaching to the second owner's project, property
 * values filled in on tasks, and the permits the pole owner and the attacher see.
 */
export async function openSortScene() {
  const { t, s } = await openOverviewScene();
  // The pole owner also attaches to the second owner's project, where it applied for two permits: it sees
  // its own projects whole and those two.
  await joinAsAttacher(t, s.projects.c, s.ownerOrg);
  await t.db
    .updateTable('permits')
    .set({ applicant_organization_id: s.ownerOrg })
    .where('id', 'in', [s.permitIds[2]!, s.permitIds[11]!])
    .execute();
  const ownerSees = await seenOneByOne(t, s.ownerMember, s.permitIds);
  const attacherSees = await seenOneByOne(t, s.attacherMember, s.permitIds);
  expect(ownerSees.has(s.permitIds[2]!) && !ownerSees.has(s.permitIds[5]!)).toBe(true);
  await fillValuesOnTasks(t, s);
  return { t, s, ownerSees, attacherSees };
}

/** Fills values in on the permits' tasks (see `taskValuesOf`) and two values no sort key is read from. */
async function fillValuesOnTasks(t: TestApp, s: OverviewScene) {
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
  // Written as JSON text.
  const rows: WrittenValue[] = [];
  for (const [i, permitId] of s.permitIds.entries()) {
    const own = await permitValue(permitId, s.property.due);
    rows.push(...taskValuesOf(s, i, permitId, own, taskOf));
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
}

/** The values filled in on the permit's tasks: due dates after its own or at once, a street, an urgency. */
function taskValuesOf(
  s: OverviewScene,
  i: number,
  permitId: string,
  own: { updated_at: Date } | undefined,
  taskOf: (permitId: string, nth?: number) => string,
): WrittenValue[] {
  const rows: WrittenValue[] = [];
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
  return rows;
}

/** Puts back the limits a test changed. */
export function restoreLimits() {
  Object.assign(SORT_WALK_LIMITS, DEFAULT_LIMITS);
  Object.assign(KEY_SET_LIMITS, DEFAULT_KEY_SET_LIMITS);
}

export type Key = string | number | null;
/** Empty last either way. */
export function compareKeys(a: Key, b: Key, descending: boolean) {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const order = a < b ? -1 : 1;
  return descending ? -order : order;
}
