import { randomUUID } from 'node:crypto';
import type { MyTasksPage } from '@crossarm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDefinition } from '../../../../../packages/shared/src/workflow-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  advance,
  buildPermitScene,
  dataOf,
  fillValue,
  KEY,
  type PermitScene,
  permitProject,
  taskAction,
} from '../permits/test-scene.ts';

// My Work reads a person's open assignments from the flag the database keeps on each assignment from its
// task's status. These tests change tasks every way the product does and hold the flag to the tasks.

let t: TestApp;
let s: PermitScene;
let projectId: string;
let newPermit: Awaited<ReturnType<typeof permitProject>>['newPermit'];

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
  ({ projectId, newPermit } = await permitProject(t, s, 'OPN'));
});
afterAll(() => t.close());

async function assign(permitId: string, taskKey: string, userId = s.ownerMember) {
  await t.db
    .insertInto('permit_task_assignments')
    .values({ permit_id: permitId, task_key: taskKey, user_id: userId })
    .execute();
}

/** Each assignment of the permit: is its task open, by the flag, and by the task itself. */
async function openness(permitId: string) {
  const rows = await t.db
    .selectFrom('permit_task_assignments as a')
    .leftJoin('permit_tasks as t', (join) =>
      join.onRef('t.permit_id', '=', 'a.permit_id').onRef('t.task_key', '=', 'a.task_key'),
    )
    .select(['a.task_key', 'a.task_open', 't.status'])
    .where('a.permit_id', '=', permitId)
    .execute();
  for (const row of rows) expect(row.task_open).toBe(row.status !== null && row.status !== 'Completed');
  return Object.fromEntries(rows.map((row) => [row.task_key, row.task_open]));
}

const myTaskKeys = async (permitId: string) => {
  const page = dataOf(
    await t.injectAs(s.ownerMember, {
      method: 'POST',
      url: '/api/joint-use/my-work/tasks',
      payload: { filter: { projectIds: [projectId] } },
    }),
  ) as MyTasksPage;
  return page.items.filter((item) => item.permitId === permitId).map((item) => item.taskKey);
};

const act = (permitId: string, stageKey: string, taskKey: string, action: 'complete' | 'uncomplete') =>
  taskAction(t, s.ownerMember, permitId, stageKey, taskKey, action);

describe('whether an assignment is open', () => {
  it('is read from the task when the assignment is made', async () => {
    const permit = await newPermit();
    await advance(t, permit.id, sampleDefinition(s.entries), { [KEY.review]: 'Completed' });
    const missing = randomUUID();
    await assign(permit.id, KEY.review);
    await assign(permit.id, KEY.walk);
    await assign(permit.id, KEY.design);
    await assign(permit.id, missing);
    expect(await openness(permit.id)).toEqual({
      [KEY.review]: false,
      [KEY.walk]: true,
      [KEY.design]: true,
      [missing]: false,
    });
    expect(sorted(await myTaskKeys(permit.id))).toEqual(sorted([KEY.walk, KEY.design]));
  });

  it('follows the task as it is completed and uncompleted', async () => {
    const permit = await newPermit();
    await fillValue(t, permit, KEY.review, s.entries.poleCount, 12);
    await assign(permit.id, KEY.review);
    expect(await openness(permit.id)).toEqual({ [KEY.review]: true });
    expect(await myTaskKeys(permit.id)).toEqual([KEY.review]);

    expect((await act(permit.id, KEY.intake, KEY.review, 'complete')).statusCode).toBe(200);
    expect(await openness(permit.id)).toEqual({ [KEY.review]: false });
    expect(await myTaskKeys(permit.id)).toEqual([]);

    expect((await act(permit.id, KEY.intake, KEY.review, 'uncomplete')).statusCode).toBe(200);
    expect(await openness(permit.id)).toEqual({ [KEY.review]: true });
    expect(await myTaskKeys(permit.id)).toEqual([KEY.review]);
  });

  it('follows the tasks when they are written again or removed', async () => {
    const permit = await newPermit();
    await assign(permit.id, KEY.walk);
    await assign(permit.id, KEY.approve);
    // The permit's progress written anew, as moving it to another version does.
    await advance(t, permit.id, sampleDefinition(s.entries), {
      [KEY.review]: 'Completed',
      [KEY.walk]: 'Completed',
    });
    expect(await openness(permit.id)).toEqual({ [KEY.walk]: false, [KEY.approve]: true });
    await t.db
      .deleteFrom('permit_tasks')
      .where('permit_id', '=', permit.id)
      .where('task_key', '=', KEY.approve)
      .execute();
    expect(await openness(permit.id)).toEqual({ [KEY.walk]: false, [KEY.approve]: false });
    await t.db
      .updateTable('permit_tasks')
      .set({ status: 'InProgress', completed_at: null })
      .where('permit_id', '=', permit.id)
      .where('task_key', '=', KEY.walk)
      .execute();
    expect(await openness(permit.id)).toEqual({ [KEY.walk]: true, [KEY.approve]: false });
  });

  it('cannot be set against its task', async () => {
    const permit = await newPermit();
    await advance(t, permit.id, sampleDefinition(s.entries), { [KEY.review]: 'Completed' });
    await assign(permit.id, KEY.review);
    await assign(permit.id, KEY.walk);
    await t.db
      .updateTable('permit_task_assignments')
      .set({ task_open: true })
      .where('permit_id', '=', permit.id)
      .execute();
    expect(await openness(permit.id)).toEqual({ [KEY.review]: false, [KEY.walk]: true });
  });
});

const sorted = (keys: string[]) => [...keys].sort();
