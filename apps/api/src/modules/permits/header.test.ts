import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildPermit, buildPublishedTemplate } from '../../../test/factories.ts';
import { withProjectPermissions } from './header-test-support.ts';
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
let permitId: string;
let otherPermitId: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
  const project = await sceneProject(t, s, 'HDR');
  projectId = project.id;
  const { templateId, definition } = await buildPublishedTemplate(t.db, projectId);
  permitId = (
    await buildPermit(t.db, {
      projectId,
      templateId,
      applicantOrganizationId: s.attacherOrg,
      createdBy: s.attacherMember,
      location: 'Main St',
      actualPoles: 4,
    })
  ).id;
  otherPermitId = (
    await buildPermit(t.db, { projectId, templateId, applicantOrganizationId: s.otherAttacherOrg })
  ).id;
  await advance(t, permitId, definition, { [KEY.review]: 'Completed', [KEY.walk]: 'InProgress' });
  await t.db
    .insertInto('permit_task_assignments')
    .values({ permit_id: permitId, task_key: KEY.walk, user_id: s.ownerMember })
    .execute();
  await fillValue(t, { id: permitId, projectId }, KEY.review, s.entries.poleCount, 4);
});
afterAll(() => t.close());

const ownerManagerOn = () => ({ projectId, organizationId: s.ownerOrg, userId: s.ownerManager });

const get = (userId: string, path: string, id = permitId) =>
  t.injectAs(userId, { method: 'GET', url: `/api/joint-use/permit/${id}/${path}` });

const ownerName = async () => {
  const user = await t.db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', s.ownerMember)
    .executeTakeFirstOrThrow();
  return `${user.first_name} ${user.last_name}`;
};

describe('the permit header', () => {
  it('shows the permit, its project and applicant, its active stage and the tasks being worked on', async () => {
    const header = dataOf(await get(s.attacherMember, 'header'));
    expect(header).toMatchObject({
      id: permitId,
      permitNumber: 'HDR-000001',
      project: { id: projectId, code: 'HDR' },
      applicant: { id: s.attacherOrg, name: 'Attacher Fiber' },
      location: 'Main St',
      status: 'Active',
      restricted: false,
      onHoldReason: null,
      poles: 4,
      completedAt: null,
      activeStage: { key: KEY.survey, name: 'Survey' },
      nextTasks: [
        {
          key: KEY.walk,
          name: 'Field Walk',
          status: 'InProgress',
          assignees: [{ id: s.ownerMember, name: await ownerName() }],
        },
      ],
      isPoleOwner: false,
    });
    expect(header.permissions).toContain('ViewPermits');
    expect(dataOf(await get(s.ownerMember, 'header')).isPoleOwner).toBe(true);
  });

  it('adds the template and stage progress on the tracker header', async () => {
    const header = dataOf(await get(s.ownerMember, 'tracker-header'));
    expect(header).toMatchObject({ permitNumber: 'HDR-000001', stageCount: 2, completedStageCount: 1 });
    expect(header.template).toMatchObject({ version: 1 });
  });

  it("is 401 without a token, 404 for an outsider or another attacher's permit, 403 without ViewPermits", async () => {
    for (const path of ['header', 'tracker-header', 'tracker-stage-headers', `stage/${KEY.intake}`]) {
      const anonymous = await t.app.inject({
        method: 'GET',
        url: `/api/joint-use/permit/${permitId}/${path}`,
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await get(s.outsider, path)).statusCode).toBe(404);
      expect((await get(s.otherAttacherMember, path)).statusCode).toBe(404);
      expect((await get(s.attacherMember, path, otherPermitId)).statusCode).toBe(404);
      const bad = await get(s.ownerMember, path, 'not-a-uuid');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe('params.id');
    }
    await withProjectPermissions(t, ownerManagerOn(), [], async () => {
      expect((await get(s.ownerManager, 'header')).statusCode).toBe(403);
      expect((await get(s.ownerManager, 'tracker-stage-headers')).statusCode).toBe(403);
    });
  });
});

describe('the tracker stages', () => {
  it('lists the stages in order with status, dates, elapsed time and the active task', async () => {
    const stages = dataOf(await get(s.attacherMember, 'tracker-stage-headers'));
    expect(stages.map((stage: { key: string }) => stage.key)).toEqual([KEY.intake, KEY.survey]);
    expect(stages[0]).toMatchObject({
      status: 'Completed',
      activeTask: null,
      taskCount: 1,
      completedTaskCount: 1,
    });
    expect(stages[0].elapsedMs).toBeGreaterThanOrEqual(0);
    expect(stages[1]).toMatchObject({
      status: 'Active',
      completedAt: null,
      activeTask: { key: KEY.walk, name: 'Field Walk', status: 'InProgress' },
      taskCount: 3,
      completedTaskCount: 0,
    });
    expect(stages[1].elapsedMs).toBeGreaterThan(0);
  });

  it('shows one stage with its tasks, dependencies, assignees and property values', async () => {
    const intake = dataOf(await get(s.attacherMember, `stage/${KEY.intake}`));
    expect(intake).toMatchObject({ key: KEY.intake, name: 'Intake', status: 'Completed' });
    expect(intake.tasks).toHaveLength(1);
    expect(intake.tasks[0]).toMatchObject({
      key: KEY.review,
      status: 'Completed',
      dependsOn: [],
      properties: [{ libraryEntryId: s.entries.poleCount, name: 'Pole Count', required: true, value: 4 }],
    });
    expect(intake.tasks[0].properties[0].fieldType).not.toBeUndefined();
    const survey = dataOf(await get(s.attacherMember, `stage/${KEY.survey}`));
    const walk = survey.tasks.find((task: { key: string }) => task.key === KEY.walk);
    expect(walk.assignees).toEqual([{ id: s.ownerMember, name: await ownerName() }]);
    const design = survey.tasks.find((task: { key: string }) => task.key === KEY.design);
    expect(design.dependsOn).toEqual([KEY.walk]);
  });

  it('is 404 for a stage the permit does not have and 400 for a malformed stage id', async () => {
    expect((await get(s.ownerMember, `stage/${KEY.review}`)).statusCode).toBe(404);
    const bad = await get(s.ownerMember, 'stage/nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('params.stageId');
  });
});

describe('recording a permit visit', () => {
  const view = (userId: string, id = permitId) =>
    t.injectAs(userId, { method: 'PUT', url: `/api/joint-use/permit/${id}/viewed` });

  it("puts the permit at the top of the caller's recents with its project and number", async () => {
    const recent = dataOf(await view(s.attacherMember));
    expect(recent).toMatchObject({
      type: 'Permit',
      refId: permitId,
      metadata: { PermitNumber: 'HDR-000001', ProjectName: expect.any(String) },
    });
    const rows = await t.db
      .selectFrom('recents')
      .select(['type', 'ref_id'])
      .where('user_id', '=', s.attacherMember)
      .execute();
    expect(rows).toEqual([{ type: 'Permit', ref_id: permitId }]);
  });

  it('records nothing for a caller who may not see the permit', async () => {
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/joint-use/permit/${permitId}/viewed` })).statusCode,
    ).toBe(401);
    expect((await view(s.otherAttacherMember)).statusCode).toBe(404);
    expect((await view(s.outsider)).statusCode).toBe(404);
    expect((await view(s.ownerMember, 'bad')).statusCode).toBe(400);
    await withProjectPermissions(t, ownerManagerOn(), [], async () => {
      expect((await view(s.ownerManager)).statusCode).toBe(403);
    });
    const rows = await t.db
      .selectFrom('recents')
      .select('user_id')
      .where('user_id', 'in', [s.otherAttacherMember, s.outsider, s.ownerManager])
      .execute();
    expect(rows).toEqual([]);
  });
});
