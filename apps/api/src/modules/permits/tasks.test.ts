import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildPermit, buildPublishedTemplate } from '../../../test/factories.ts';
import { buildViewOnlyUser } from './tasks-test-scene.ts';
import {
  advance,
  buildPermitScene,
  dataOf,
  fillValue,
  KEY,
  type PermitScene,
  sceneProject,
} from './test-scene.ts';

let t: TestApp;
let s: PermitScene;
let projectId: string;
let template: Awaited<ReturnType<typeof buildPublishedTemplate>>;
let viewer: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
  projectId = (await sceneProject(t, s, 'TSK')).id;
  template = await buildPublishedTemplate(t.db, projectId);
  viewer = await buildViewOnlyUser(t, projectId, s.attacherOrg);
});
afterAll(() => t.close());

async function newPermit() {
  const permit = await buildPermit(t.db, {
    projectId,
    templateId: template.templateId,
    applicantOrganizationId: s.attacherOrg,
  });
  return { id: permit.id, projectId };
}

const taskUrl = (permitId: string, stageKey: string, taskKey: string, action: string) =>
  `/api/joint-use/permit/${permitId}/stage/${stageKey}/task/${taskKey}/${action}`;
const act = (userId: string, permitId: string, stageKey: string, taskKey: string, action = 'complete') =>
  t.injectAs(userId, { method: 'POST', url: taskUrl(permitId, stageKey, taskKey, action) });

async function taskRows(permitId: string) {
  const rows = await t.db
    .selectFrom('permit_tasks')
    .select(['task_key', 'status', 'completed_by'])
    .where('permit_id', '=', permitId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.task_key, row.status]));
}
async function stageRows(permitId: string) {
  const rows = await t.db
    .selectFrom('permit_stages')
    .select(['stage_key', 'status'])
    .where('permit_id', '=', permitId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.stage_key, row.status]));
}
async function activityKinds(permitId: string) {
  const rows = await t.db
    .selectFrom('permit_activity')
    .select('kind')
    .where('permit_id', '=', permitId)
    .where('kind', '!=', 'PermitCreated')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.kind);
}

/** A permit whose Completeness Review has its required Pole Count filled in. */
async function reviewable() {
  const permit = await newPermit();
  await fillValue(t, permit, KEY.review, s.entries.poleCount, 12);
  return permit;
}

describe('completing a task', () => {
  it('completes it, finishes the stage, starts the next and records each change', async () => {
    const permit = await reviewable();
    const data = dataOf(await act(s.ownerMember, permit.id, KEY.intake, KEY.review));
    expect(data.activeStageKey).toBe(KEY.survey);
    expect(data.changes.map((c: { kind: string }) => c.kind)).toEqual([
      'TaskCompleted',
      'StageCompleted',
      'StageStarted',
      'TaskReadyToBegin',
    ]);
    expect(await taskRows(permit.id)).toMatchObject({
      [KEY.review]: 'Completed',
      [KEY.walk]: 'ReadyToBegin',
    });
    expect(await stageRows(permit.id)).toEqual({ [KEY.intake]: 'Completed', [KEY.survey]: 'Active' });
    const row = await t.db
      .selectFrom('permits')
      .select(['active_stage_key', 'status'])
      .where('id', '=', permit.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ active_stage_key: KEY.survey, status: 'Active' });
    const task = await t.db
      .selectFrom('permit_tasks')
      .select(['completed_by', 'completed_at'])
      .where('permit_id', '=', permit.id)
      .where('task_key', '=', KEY.review)
      .executeTakeFirstOrThrow();
    expect(task.completed_by).toBe(s.ownerMember);
    expect(await activityKinds(permit.id)).toEqual([
      'TaskCompleted',
      'StageCompleted',
      'StageStarted',
      'TaskReadyToBegin',
    ]);
    const events = await t.db
      .selectFrom('events')
      .select('type')
      .where('type', '=', 'TaskCompleted')
      .execute();
    expect(events.length).toBeGreaterThanOrEqual(2);
  });

  it('lets the applicant work tasks too, and leaves the permit Active after the last stage', async () => {
    const permit = await newPermit();
    await advance(t, permit.id, template.definition, {
      [KEY.review]: 'Completed',
      [KEY.walk]: 'Completed',
      [KEY.design]: 'Completed',
    });
    const data = dataOf(await act(s.attacherMember, permit.id, KEY.survey, KEY.approve));
    expect(data.activeStageKey).toBeNull();
    const row = await t.db
      .selectFrom('permits')
      .select('status')
      .where('id', '=', permit.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('Active');
  });

  it('refuses while required properties are empty, naming them, and writes nothing', async () => {
    const permit = await newPermit();
    const res = await act(s.ownerMember, permit.id, KEY.intake, KEY.review);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain('Pole Count');
    expect(await taskRows(permit.id)).toMatchObject({ [KEY.review]: 'ReadyToBegin' });
    expect(await activityKinds(permit.id)).toEqual([]);
  });

  it('refuses a task not ready, a permit on hold and a restricted permit', async () => {
    const permit = await reviewable();
    const notReady = await act(s.ownerMember, permit.id, KEY.survey, KEY.design);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().detail).toContain('not ready');
    await t.db.updateTable('permits').set({ status: 'OnHold' }).where('id', '=', permit.id).execute();
    const onHold = await act(s.ownerMember, permit.id, KEY.intake, KEY.review);
    expect(onHold.statusCode).toBe(409);
    expect(onHold.json().detail).toContain('on hold');
    await t.db
      .updateTable('permits')
      .set({ status: 'Active', restricted: true, restricted_reason: 'Audit' })
      .where('id', '=', permit.id)
      .execute();
    const restricted = await act(s.ownerMember, permit.id, KEY.intake, KEY.review);
    expect(restricted.statusCode).toBe(409);
    expect(restricted.json().detail).toContain('restricted');
    expect(await activityKinds(permit.id)).toEqual([]);
  });

  it('needs a signed-in caller with EditPermits who sees the permit, and a task of that stage', async () => {
    const permit = await reviewable();
    const url = taskUrl(permit.id, KEY.intake, KEY.review, 'complete');
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await act(viewer, permit.id, KEY.intake, KEY.review)).statusCode).toBe(403);
    expect((await act(s.otherAttacherMember, permit.id, KEY.intake, KEY.review)).statusCode).toBe(404);
    expect((await act(s.outsider, permit.id, KEY.intake, KEY.review)).statusCode).toBe(404);
    expect((await act(s.ownerMember, permit.id, KEY.survey, KEY.review)).statusCode).toBe(404);
    const bad = await t.injectAs(s.ownerMember, {
      method: 'POST',
      url: taskUrl(permit.id, 'x', KEY.review, 'complete'),
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('stageId');
    expect(await taskRows(permit.id)).toMatchObject({ [KEY.review]: 'ReadyToBegin' });
  });

  it('completes a task once when two people complete it at the same time', async () => {
    const permit = await reviewable();
    const results = await Promise.all([
      act(s.ownerMember, permit.id, KEY.intake, KEY.review),
      act(s.attacherMember, permit.id, KEY.intake, KEY.review),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const completions = await activityKinds(permit.id);
    expect(completions.filter((kind) => kind === 'TaskCompleted')).toHaveLength(1);
  });
});

describe('uncompleting a task', () => {
  it('reopens the stage and puts the untouched next stage back', async () => {
    const permit = await reviewable();
    dataOf(await act(s.ownerMember, permit.id, KEY.intake, KEY.review));
    const data = dataOf(await act(s.ownerMember, permit.id, KEY.intake, KEY.review, 'uncomplete'));
    expect(data.activeStageKey).toBe(KEY.intake);
    expect(await taskRows(permit.id)).toMatchObject({
      [KEY.review]: 'ReadyToBegin',
      [KEY.walk]: 'NotStarted',
    });
    expect(await stageRows(permit.id)).toEqual({ [KEY.intake]: 'Active', [KEY.survey]: 'NotStarted' });
    expect((await activityKinds(permit.id)).slice(4)).toEqual([
      'TaskUncompleted',
      'StageUncompleted',
      'StageUncompleted',
      'TaskChanged',
    ]);
  });

  it('refuses when work was done in the later stage, naming it', async () => {
    const permit = await newPermit();
    await advance(t, permit.id, template.definition, { [KEY.review]: 'Completed', [KEY.walk]: 'Completed' });
    const res = await act(s.ownerMember, permit.id, KEY.intake, KEY.review, 'uncomplete');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain('Field Walk');
    expect(await taskRows(permit.id)).toMatchObject({ [KEY.review]: 'Completed' });
  });

  it('refuses a task that is not completed', async () => {
    const permit = await newPermit();
    expect((await act(s.ownerMember, permit.id, KEY.intake, KEY.review, 'uncomplete')).statusCode).toBe(409);
  });
});
