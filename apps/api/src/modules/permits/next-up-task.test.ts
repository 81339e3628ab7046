import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDefinition } from '../../../../../packages/shared/src/workflow-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  advance,
  buildPermitScene,
  fillValue,
  KEY,
  type PermitScene,
  permitProject,
  taskAction,
} from './test-scene.ts';

// The permit tracker reads a permit's next up task from the key the database keeps on the permit. These
// tests write a permit's tasks and active stage every way the product does, and hold the key to its
// definition: the first open task of the active stage, by position.

let t: TestApp;
let s: PermitScene;
let newPermit: Awaited<ReturnType<typeof permitProject>>['newPermit'];

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
  newPermit = (await permitProject(t, s, 'NXT')).newPermit;
});
afterAll(() => t.close());

/** The key kept on the permit, after checking it against the permit's tasks read on their own. */
async function nextUp(permitId: string) {
  const permit = await t.db
    .selectFrom('permits')
    .select(['active_stage_key', 'next_up_task_key'])
    .where('id', '=', permitId)
    .executeTakeFirstOrThrow();
  const tasks = await t.db
    .selectFrom('permit_tasks')
    .select(['task_key', 'stage_key', 'status'])
    .where('permit_id', '=', permitId)
    .orderBy('position')
    .orderBy('task_key')
    .execute();
  const first = tasks.find(
    (task) =>
      task.stage_key === permit.active_stage_key &&
      (task.status === 'ReadyToBegin' || task.status === 'InProgress'),
  );
  expect(permit.next_up_task_key).toBe(first?.task_key ?? null);
  return permit.next_up_task_key;
}

const act = (permitId: string, stageKey: string, taskKey: string, action: 'complete' | 'uncomplete') =>
  taskAction(t, s.ownerMember, permitId, stageKey, taskKey, action);

describe("a permit's next up task", () => {
  it('is the first open task of a new permit', async () => {
    const permit = await newPermit();
    expect(await nextUp(permit.id)).toBe(KEY.review);
  });

  it('moves on as tasks are completed, and back as they are uncompleted', async () => {
    const permit = await newPermit();
    await fillValue(t, permit, KEY.review, s.entries.poleCount, 12);
    expect((await act(permit.id, KEY.intake, KEY.review, 'complete')).statusCode).toBe(200);
    expect(await nextUp(permit.id)).toBe(KEY.walk);
    expect((await act(permit.id, KEY.intake, KEY.review, 'uncomplete')).statusCode).toBe(200);
    expect(await nextUp(permit.id)).toBe(KEY.review);
  });

  it("follows the permit's progress written anew, and is empty once nothing is open", async () => {
    const permit = await newPermit();
    await advance(t, permit.id, sampleDefinition(s.entries), {
      [KEY.review]: 'Completed',
      [KEY.walk]: 'Completed',
    });
    expect(await nextUp(permit.id)).toBe(KEY.design);
    await advance(
      t,
      permit.id,
      sampleDefinition(s.entries),
      {
        [KEY.review]: 'Completed',
        [KEY.walk]: 'Completed',
        [KEY.design]: 'Completed',
        [KEY.approve]: 'Completed',
      },
      'Completed',
    );
    expect(await nextUp(permit.id)).toBeNull();
  });

  it('follows a task written, removed, or moved on its own', async () => {
    const permit = await newPermit();
    await advance(t, permit.id, sampleDefinition(s.entries), { [KEY.review]: 'Completed' });
    expect(await nextUp(permit.id)).toBe(KEY.walk);
    const task = (key: string) =>
      t.db.updateTable('permit_tasks').where('permit_id', '=', permit.id).where('task_key', '=', key);
    // Design and Approve made ready, the walk put after them.
    await t.db
      .updateTable('permit_tasks')
      .set({ status: 'ReadyToBegin' })
      .where('permit_id', '=', permit.id)
      .where('task_key', 'in', [KEY.design, KEY.approve])
      .execute();
    expect(await nextUp(permit.id)).toBe(KEY.walk);
    await task(KEY.walk).set({ position: 10 }).execute();
    expect(await nextUp(permit.id)).toBe(KEY.design);
    await task(KEY.design).set({ status: 'Completed', completed_at: new Date() }).execute();
    expect(await nextUp(permit.id)).toBe(KEY.approve);
    await t.db
      .deleteFrom('permit_tasks')
      .where('permit_id', '=', permit.id)
      .where('task_key', '=', KEY.approve)
      .execute();
    expect(await nextUp(permit.id)).toBe(KEY.walk);
    // Many permits' tasks in one statement.
    const other = await newPermit();
    await t.db
      .updateTable('permit_tasks')
      .set({ status: 'InProgress', completed_at: null })
      .where('permit_id', 'in', [permit.id, other.id])
      .where('task_key', '=', KEY.review)
      .execute();
    expect(await nextUp(permit.id)).toBe(KEY.walk);
    expect(await nextUp(other.id)).toBe(KEY.review);
  });

  it("follows the permit's active stage, and cannot be written against the tasks", async () => {
    const permit = await newPermit();
    await t.db
      .updateTable('permits')
      .set({ active_stage_key: KEY.survey })
      .where('id', '=', permit.id)
      .execute();
    // The survey's tasks have not started: none is open.
    expect(await nextUp(permit.id)).toBeNull();
    await t.db
      .updateTable('permits')
      .set({ active_stage_key: KEY.intake })
      .where('id', '=', permit.id)
      .execute();
    expect(await nextUp(permit.id)).toBe(KEY.review);
    // Written by hand, the key is found again from the tasks.
    await t.db
      .updateTable('permits')
      .set({ next_up_task_key: KEY.approve } as never)
      .where('id', '=', permit.id)
      .execute();
    expect(await nextUp(permit.id)).toBe(KEY.review);
  });

  it('lets a permit and its tasks be deleted together', async () => {
    const permit = await newPermit();
    await t.db.deleteFrom('permits').where('id', '=', permit.id).execute();
    const left = await t.db
      .selectFrom('permit_tasks')
      .select('task_key')
      .where('permit_id', '=', permit.id)
      .execute();
    expect(left).toEqual([]);
  });
});
