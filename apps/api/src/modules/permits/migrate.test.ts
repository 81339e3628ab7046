import { type PermitMigrationInput, WorkflowDefinition } from '@crossarm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { id, sampleDefinition, stage, task } from '../../../../../packages/shared/src/workflow-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildPermit, buildPublishedTemplate } from '../../../test/factories.ts';
import { UNKNOWN_ID } from '../../../test/project-scene.ts';
import {
  advance,
  buildEntry,
  buildPermitScene,
  dataOf,
  fillValue,
  KEY,
  type PermitScene,
  sceneProject,
} from './test-scene.ts';

let t: TestApp;
let s: PermitScene;
let v2Definition: WorkflowDefinition;

const INSPECT = id(24);
const CONSTRUCTION = id(3);
const BUILD = id(31);
const AT = new Date('2026-04-01T09:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
  // Version 2 renames the review, drops Design (and with it Attachment Height), adds an Inspection task
  // to Survey, and adds a Construction stage.
  const v1 = sampleDefinition(s.entries);
  const [intake, survey] = v1.stages as [(typeof v1.stages)[0], (typeof v1.stages)[0]];
  const [walk, , approve] = survey.tasks as [(typeof survey.tasks)[0], unknown, (typeof survey.tasks)[0]];
  v2Definition = WorkflowDefinition.parse({
    stages: [
      { ...intake, tasks: [{ ...intake.tasks[0]!, name: 'Application Review' }] },
      {
        ...survey,
        tasks: [
          walk,
          { ...approve, dependsOn: [KEY.walk] },
          task(INSPECT, 'Inspection', { libraryEntryId: await buildEntry(t, 'task', 'Inspection') }),
        ],
      },
      stage(
        CONSTRUCTION,
        'Construction',
        [task(BUILD, 'Build', { libraryEntryId: await buildEntry(t, 'task', 'Build') })],
        {
          libraryEntryId: await buildEntry(t, 'stage', 'Construction'),
        },
      ),
    ],
    applicationForm: v1.applicationForm,
  });
});
afterAll(() => t.close());

/** A project with versions 1 and 2 of one template, and permits on version 1 at every point of their life. */
async function buildCase(code: string) {
  const project = await sceneProject(t, s, code);
  const v1 = await buildPublishedTemplate(t.db, project.id);
  const v2 = await buildPublishedTemplate(t.db, project.id, v2Definition, { groupId: v1.groupId });
  const apply = async (applicantOrganizationId: string) => {
    const created = await buildPermit(t.db, {
      projectId: project.id,
      templateId: v1.templateId,
      applicantOrganizationId,
      applicationValues: [{ propertyEntryId: s.entries.poleCount, value: 12 }],
      now: AT,
    });
    return { ...created, projectId: project.id };
  };
  const fresh = await apply(s.attacherOrg);
  const surveying = await apply(s.attacherOrg);
  await advance(t, surveying.id, v1.definition, {
    [KEY.review]: 'Completed',
    [KEY.walk]: 'Completed',
    [KEY.design]: 'InProgress',
  });
  await fillValue(t, surveying, KEY.review, s.entries.poleCount, 14);
  await fillValue(t, surveying, KEY.walk, s.entries.photos, 'walk.jpg');
  await fillValue(t, surveying, KEY.design, s.entries.height, 24.5);
  const finished = await apply(s.otherAttacherOrg);
  const allDone = {
    [KEY.review]: 'Completed',
    [KEY.walk]: 'Completed',
    [KEY.design]: 'Completed',
    [KEY.approve]: 'Completed',
  } as const;
  await advance(t, finished.id, v1.definition, allDone);
  const completed = await apply(s.attacherOrg);
  await advance(t, completed.id, v1.definition, allDone, 'Completed');
  const cancelled = await apply(s.otherAttacherOrg);
  await advance(t, cancelled.id, v1.definition, {}, 'Cancelled');
  return { projectId: project.id, v1, v2, fresh, surveying, finished, completed, cancelled };
}

type Case = Awaited<ReturnType<typeof buildCase>>;

const migrate = (
  userId: string,
  c: Case,
  body: Partial<PermitMigrationInput>,
  templateId = c.v1.templateId,
) =>
  t.injectAs(userId, {
    method: 'POST',
    url: `/api/joint-use/project/${c.projectId}/workflow-templates/${templateId}/permits/migrate`,
    payload: { targetTemplateId: c.v2.templateId, preview: false, ...body },
  });

/** Everything a migration may write, for comparing before and after. */
async function written(projectId: string) {
  const db = t.db;
  const [permits, stages, tasks, values, activity, events, audit] = await Promise.all([
    db.selectFrom('permits').selectAll().where('project_id', '=', projectId).execute(),
    db.selectFrom('permit_stages').selectAll().where('project_id', '=', projectId).execute(),
    db.selectFrom('permit_tasks').selectAll().where('project_id', '=', projectId).execute(),
    db.selectFrom('permit_property_values').selectAll().where('project_id', '=', projectId).execute(),
    db.selectFrom('permit_activity').select('id').where('project_id', '=', projectId).execute(),
    db.selectFrom('events').select('id').execute(),
    db.selectFrom('audit_log').select('id').execute(),
  ]);
  const sorted = <R>(rows: R[]) => rows.map((row) => JSON.stringify(row)).sort();
  return {
    permits: sorted(permits),
    stages: sorted(stages),
    tasks: sorted(tasks),
    values: sorted(values),
    activity: activity.length,
    events: events.length,
    audit: audit.length,
  };
}

async function tasksOf(permitId: string) {
  const rows = await t.db
    .selectFrom('permit_tasks')
    .select(['task_key', 'name', 'status', 'completed_at'])
    .where('permit_id', '=', permitId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.task_key, row.status]));
}

async function stagesOf(permitId: string) {
  const rows = await t.db
    .selectFrom('permit_stages')
    .select(['stage_key', 'status'])
    .where('permit_id', '=', permitId)
    .orderBy('position')
    .execute();
  return rows.map((row) => [row.stage_key, row.status]);
}

describe('previewing a migration', () => {
  it('shows the mapping, what is new, each permit’s stage and lost values, and writes nothing', async () => {
    const c = await buildCase('PREVIEW');
    const before = await written(c.projectId);
    const preview = dataOf(await migrate(s.ownerManager, c, { preview: true }));
    expect(await written(c.projectId)).toEqual(before);
    expect(preview).toMatchObject({
      preview: true,
      sourceTemplateId: c.v1.templateId,
      targetTemplateId: c.v2.templateId,
      counts: { migrated: 3, skipped: 2, droppedValues: 1 },
    });
    expect(preview.mapping.stages).toEqual([
      { sourceKey: KEY.intake, sourceName: 'Intake', targetKey: KEY.intake, targetName: 'Intake' },
      { sourceKey: KEY.survey, sourceName: 'Survey', targetKey: KEY.survey, targetName: 'Survey' },
    ]);
    expect(preview.mapping.tasks).toEqual([
      {
        sourceKey: KEY.review,
        sourceName: 'Completeness Review',
        targetKey: KEY.review,
        targetName: 'Application Review',
      },
      { sourceKey: KEY.walk, sourceName: 'Field Walk', targetKey: KEY.walk, targetName: 'Field Walk' },
      { sourceKey: KEY.design, sourceName: 'Design', targetKey: null, targetName: null },
      { sourceKey: KEY.approve, sourceName: 'Approve', targetKey: KEY.approve, targetName: 'Approve' },
    ]);
    expect(preview.newStages).toEqual([{ key: CONSTRUCTION, name: 'Construction' }]);
    expect(preview.newTasks).toEqual([
      { key: INSPECT, name: 'Inspection', stageKey: KEY.survey },
      { key: BUILD, name: 'Build', stageKey: CONSTRUCTION },
    ]);
    expect(preview.permits).toEqual([
      {
        permitId: c.fresh.id,
        permitNumber: 'PREVIEW-000001',
        activeStage: { key: KEY.intake, name: 'Intake' },
        droppedValues: [],
        droppedAssignments: [],
      },
      {
        permitId: c.surveying.id,
        permitNumber: 'PREVIEW-000002',
        activeStage: { key: KEY.survey, name: 'Survey' },
        droppedValues: [
          {
            taskKey: KEY.design,
            propertyEntryId: s.entries.height,
            propertyName: 'Attachment Height',
            value: 24.5,
          },
        ],
        droppedAssignments: [],
      },
      {
        permitId: c.finished.id,
        permitNumber: 'PREVIEW-000003',
        activeStage: { key: KEY.survey, name: 'Survey' },
        droppedValues: [],
        droppedAssignments: [],
      },
    ]);
    expect(preview.skipped).toEqual([
      {
        permitId: c.completed.id,
        permitNumber: 'PREVIEW-000004',
        reason: 'Completed permits stay on the version they were completed on.',
      },
      {
        permitId: c.cancelled.id,
        permitNumber: 'PREVIEW-000005',
        reason: 'Cancelled permits stay on the version they were cancelled on.',
      },
    ]);
  });
});

describe('running a migration', () => {
  let c: Case;
  let result: Record<string, unknown> & { counts: unknown };

  beforeAll(async () => {
    c = await buildCase('RUN');
    result = dataOf(await migrate(s.ownerManager, c, {}));
  });

  it('moves the open permits to the new version and leaves the finished ones', async () => {
    expect(result).toMatchObject({ preview: false, counts: { migrated: 3, skipped: 2, droppedValues: 1 } });
    const permits = await t.db
      .selectFrom('permits')
      .select(['id', 'template_id', 'active_stage_key', 'last_activity_at'])
      .where('project_id', '=', c.projectId)
      .execute();
    const byId = new Map(permits.map((p) => [p.id, p]));
    for (const moved of [c.fresh, c.surveying, c.finished])
      expect(byId.get(moved.id)?.template_id).toBe(c.v2.templateId);
    for (const kept of [c.completed, c.cancelled])
      expect(byId.get(kept.id)?.template_id).toBe(c.v1.templateId);
    expect(byId.get(c.fresh.id)?.active_stage_key).toBe(KEY.intake);
    expect(byId.get(c.surveying.id)?.active_stage_key).toBe(KEY.survey);
    expect(byId.get(c.finished.id)?.active_stage_key).toBe(KEY.survey);
    expect(byId.get(c.fresh.id)!.last_activity_at.getTime()).toBeGreaterThan(AT.getTime());
  });

  it('keeps mapped tasks as they were, starts new ones, and settles the stages', async () => {
    expect(await tasksOf(c.fresh.id)).toEqual({
      [KEY.review]: 'ReadyToBegin',
      [KEY.walk]: 'NotStarted',
      [KEY.approve]: 'NotStarted',
      [INSPECT]: 'NotStarted',
      [BUILD]: 'NotStarted',
    });
    expect(await stagesOf(c.fresh.id)).toEqual([
      [KEY.intake, 'Active'],
      [KEY.survey, 'NotStarted'],
      [CONSTRUCTION, 'NotStarted'],
    ]);
    // Approve now waits on the walk alone, which is done; the new inspection waits on nothing.
    expect(await tasksOf(c.surveying.id)).toEqual({
      [KEY.review]: 'Completed',
      [KEY.walk]: 'Completed',
      [KEY.approve]: 'ReadyToBegin',
      [INSPECT]: 'ReadyToBegin',
      [BUILD]: 'NotStarted',
    });
    // Every task of version 1 was done; the new required inspection opens Survey again.
    expect(await tasksOf(c.finished.id)).toMatchObject({
      [KEY.approve]: 'Completed',
      [INSPECT]: 'ReadyToBegin',
    });
    expect(await stagesOf(c.finished.id)).toEqual([
      [KEY.intake, 'Completed'],
      [KEY.survey, 'Active'],
      [CONSTRUCTION, 'NotStarted'],
    ]);
    const review = await t.db
      .selectFrom('permit_tasks')
      .select(['name', 'completed_at'])
      .where('permit_id', '=', c.surveying.id)
      .where('task_key', '=', KEY.review)
      .executeTakeFirstOrThrow();
    expect(review).toEqual({ name: 'Application Review', completed_at: AT });
    const intake = await t.db
      .selectFrom('permit_stages')
      .select(['started_at', 'completed_at'])
      .where('permit_id', '=', c.surveying.id)
      .where('stage_key', '=', KEY.intake)
      .executeTakeFirstOrThrow();
    expect(intake.started_at).toEqual(AT);
  });

  it('drops only the values whose property the new version has nowhere', async () => {
    const values = await t.db
      .selectFrom('permit_property_values')
      .select(['task_key', 'property_entry_id', 'value'])
      .where('permit_id', '=', c.surveying.id)
      .execute();
    expect(values.map((v) => [v.task_key, v.property_entry_id, v.value]).sort()).toEqual(
      [
        [null, s.entries.poleCount, 12],
        [KEY.review, s.entries.poleCount, 14],
        [KEY.walk, s.entries.photos, 'walk.jpg'],
      ].sort(),
    );
  });

  it('records a PermitMigrated activity entry per moved permit, listing what was lost', async () => {
    const activity = await t.db
      .selectFrom('permit_activity')
      .select(['permit_id', 'actor_user_id', 'summary', 'before', 'after'])
      .where('project_id', '=', c.projectId)
      .where('kind', '=', 'PermitMigrated')
      .execute();
    expect(activity.map((a) => a.permit_id).sort()).toEqual(
      [c.fresh.id, c.surveying.id, c.finished.id].sort(),
    );
    const entry = activity.find((a) => a.permit_id === c.surveying.id)!;
    expect(entry.actor_user_id).toBe(s.ownerManager);
    expect(entry.summary).toMatch(/^Moved from version 1 to version 2 of '/);
    expect(entry.before).toEqual({
      templateId: c.v1.templateId,
      version: 1,
      activeStage: { key: KEY.survey, name: 'Survey' },
    });
    expect(entry.after).toEqual({
      templateId: c.v2.templateId,
      version: 2,
      activeStage: { key: KEY.survey, name: 'Survey' },
      mapping: { stages: {}, tasks: { [KEY.design]: null } },
      droppedValues: [
        {
          taskKey: KEY.design,
          propertyEntryId: s.entries.height,
          propertyName: 'Attachment Height',
          value: 24.5,
        },
      ],
      droppedAssignments: [],
    });
  });

  it('tells the pole owner about every moved permit and each attacher about its own', async () => {
    const events = await t.db
      .selectFrom('events')
      .select(['organization_id', 'payload'])
      .where('type', '=', 'PermitMigrated')
      .where(({ ref }) => ref('payload', '->>').key('projectId'), '=', c.projectId)
      .execute();
    const idsFor = (organizationId: string) =>
      [
        ...((events.find((e) => e.organization_id === organizationId)?.payload.permitIds ?? []) as string[]),
      ].sort();
    expect(events).toHaveLength(3);
    expect(idsFor(s.ownerOrg)).toEqual([c.fresh.id, c.surveying.id, c.finished.id].sort());
    expect(idsFor(s.attacherOrg)).toEqual([c.fresh.id, c.surveying.id].sort());
    expect(idsFor(s.otherAttacherOrg)).toEqual([c.finished.id]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target_id', '=', c.v1.templateId)
      .execute();
    expect(audit).toEqual([
      {
        action: 'workflow-template.permits-migrated',
        after: { templateId: c.v2.templateId, version: 2, migrated: 3, skipped: 2 },
      },
    ]);
  });
});

describe('choosing permits and the mapping', () => {
  it('moves only the listed permits, with an explicit mapping over the default', async () => {
    const c = await buildCase('CHOSEN');
    const result = dataOf(
      await migrate(s.ownerManager, c, {
        permitIds: [c.surveying.id],
        mapping: { tasks: { [KEY.design]: INSPECT } },
      }),
    );
    expect(result.counts).toEqual({ migrated: 1, skipped: 0, droppedValues: 1 });
    // Design was in progress and is now the inspection; its value has no place there.
    expect(await tasksOf(c.surveying.id)).toMatchObject({
      [INSPECT]: 'InProgress',
      [KEY.approve]: 'ReadyToBegin',
    });
    const others = await t.db
      .selectFrom('permits')
      .select('template_id')
      .where('id', 'in', [c.fresh.id, c.finished.id])
      .execute();
    expect(others.map((p) => p.template_id)).toEqual([c.v1.templateId, c.v1.templateId]);
  });

  it('names listed permits that are not on the version, and mapping keys that do not fit; nothing written', async () => {
    const c = await buildCase('BADLIST');
    const before = await written(c.projectId);
    const notHere = await migrate(s.ownerManager, c, { permitIds: [c.fresh.id, UNKNOWN_ID] });
    expect(notHere.statusCode).toBe(400);
    expect(notHere.json().errors).toEqual([
      { field: 'body.permitIds.1', message: 'Not a permit on this version' },
    ]);
    const badMapping = await migrate(s.ownerManager, c, {
      mapping: { stages: { [KEY.intake]: UNKNOWN_ID } },
    });
    expect(badMapping.statusCode).toBe(400);
    expect(badMapping.json().errors[0].field).toBe(`body.mapping.stages.${KEY.intake}`);
    const noPreview = await t.injectAs(s.ownerManager, {
      method: 'POST',
      url: `/api/joint-use/project/${c.projectId}/workflow-templates/${c.v1.templateId}/permits/migrate`,
      payload: { targetTemplateId: c.v2.templateId },
    });
    expect(noPreview.statusCode).toBe(400);
    expect(noPreview.json().errors[0].field).toBe('body.preview');
    expect(await written(c.projectId)).toEqual(before);
  });
});

describe('assignments across a migration', () => {
  const assign = (permitId: string, taskKey: string, userId: string) =>
    t.db
      .insertInto('permit_task_assignments')
      .values({ permit_id: permitId, task_key: taskKey, user_id: userId, assigned_by: s.ownerManager })
      .execute();
  const assignmentsOf = async (permitId: string) =>
    (
      await t.db
        .selectFrom('permit_task_assignments')
        .select(['task_key', 'user_id', 'assigned_by'])
        .where('permit_id', '=', permitId)
        .execute()
    )
      .map((row) => [row.task_key, row.user_id, row.assigned_by])
      .sort();

  it('follow their task to the task it maps to, and are dropped and listed when it maps to none', async () => {
    const c = await buildCase('ASSIGN');
    await assign(c.surveying.id, KEY.review, s.attacherMember);
    await assign(c.surveying.id, KEY.design, s.ownerMember);
    await assign(c.fresh.id, KEY.design, s.ownerMember);
    await assign(c.fresh.id, KEY.walk, s.attacherMember);
    // The in-progress design becomes the inspection on one permit; on the other it is left behind.
    dataOf(
      await migrate(s.ownerManager, c, {
        permitIds: [c.surveying.id],
        mapping: { tasks: { [KEY.design]: INSPECT } },
      }),
    );
    const moved = dataOf(await migrate(s.ownerManager, c, { permitIds: [c.fresh.id] }));
    expect(moved.permits[0].droppedAssignments).toEqual([
      { taskKey: KEY.design, taskName: 'Design', userId: s.ownerMember, userName: expect.any(String) },
    ]);
    expect(await assignmentsOf(c.surveying.id)).toEqual(
      [
        [KEY.review, s.attacherMember, s.ownerManager],
        [INSPECT, s.ownerMember, s.ownerManager],
      ].sort(),
    );
    expect(await assignmentsOf(c.fresh.id)).toEqual([[KEY.walk, s.attacherMember, s.ownerManager]]);
    const activity = async (permitId: string) =>
      (
        await t.db
          .selectFrom('permit_activity')
          .select('after')
          .where('permit_id', '=', permitId)
          .where('kind', '=', 'PermitMigrated')
          .executeTakeFirstOrThrow()
      ).after;
    expect((await activity(c.surveying.id))?.droppedAssignments).toEqual([]);
    expect((await activity(c.fresh.id))?.droppedAssignments).toEqual([
      { taskKey: KEY.design, taskName: 'Design', userId: s.ownerMember, userName: expect.any(String) },
    ]);
  });

  it('stay as they are in a preview', async () => {
    const c = await buildCase('ASSIGNPRE');
    await assign(c.fresh.id, KEY.design, s.ownerMember);
    dataOf(await migrate(s.ownerManager, c, { preview: true }));
    expect(await assignmentsOf(c.fresh.id)).toEqual([[KEY.design, s.ownerMember, s.ownerManager]]);
  });
});

describe('who may migrate, and to what', () => {
  let c: Case;
  beforeAll(async () => {
    c = await buildCase('RULES');
  });

  it('needs a token, the pole owner’s ManageProjects, and a project the caller takes part in', async () => {
    const before = await written(c.projectId);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/joint-use/project/${c.projectId}/workflow-templates/${c.v1.templateId}/permits/migrate`,
      payload: { targetTemplateId: c.v2.templateId, preview: false },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await migrate(s.attacherManager, c, {})).statusCode).toBe(403);
    expect((await migrate(s.ownerMember, c, {})).statusCode).toBe(403);
    expect((await migrate(s.outsider, c, {})).statusCode).toBe(404);
    expect((await migrate(s.ownerManager, c, {}, UNKNOWN_ID)).statusCode).toBe(404);
    expect(await written(c.projectId)).toEqual(before);
  });

  it('refuses a version of another template or a draft (400, naming the field) and the same version (409)', async () => {
    const before = await written(c.projectId);
    const otherGroup = await buildPublishedTemplate(t.db, c.projectId);
    const draft = await buildPublishedTemplate(t.db, c.projectId, v2Definition, {
      groupId: c.v1.groupId,
      status: 'Draft',
    });
    for (const targetTemplateId of [otherGroup.templateId, draft.templateId, UNKNOWN_ID]) {
      const refused = await migrate(s.ownerManager, c, { targetTemplateId });
      expect(refused.statusCode, targetTemplateId).toBe(400);
      expect(refused.json().errors[0].field).toBe('body.targetTemplateId');
    }
    const same = await migrate(s.ownerManager, c, { targetTemplateId: c.v1.templateId });
    expect(same.statusCode).toBe(409);
    expect(await written(c.projectId)).toEqual(before);
  });
});
