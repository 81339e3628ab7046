import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildPermit, buildPublishedTemplate } from '../../../test/factories.ts';
import { assertProjectOpenForPermits } from './access.ts';
import { formatPermitNumber } from './create.ts';
import { buildPermitScene, KEY, type PermitScene, sceneProject } from './test-scene.ts';

let t: TestApp;
let s: PermitScene;

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
});
afterAll(() => t.close());

describe('creating a permit record', () => {
  it('numbers permits per project and writes the permit, its stages, tasks, values and activity', async () => {
    const project = await sceneProject(t, s, 'NEC-JU');
    const other = await sceneProject(t, s, 'VAL');
    const { templateId } = await buildPublishedTemplate(t.db, project.id);
    const { templateId: otherTemplate } = await buildPublishedTemplate(t.db, other.id);
    const first = await buildPermit(t.db, {
      projectId: project.id,
      templateId,
      applicantOrganizationId: s.attacherOrg,
      createdBy: s.attacherMember,
      location: 'Main St',
      actualPoles: 12,
      applicationValues: [{ propertyEntryId: s.entries.poleCount, value: 12 }],
    });
    const second = await buildPermit(t.db, {
      projectId: project.id,
      templateId,
      applicantOrganizationId: s.otherAttacherOrg,
    });
    const elsewhere = await buildPermit(t.db, {
      projectId: other.id,
      templateId: otherTemplate,
      applicantOrganizationId: s.attacherOrg,
    });
    expect([first.permitNumber, second.permitNumber, elsewhere.permitNumber]).toEqual([
      'NEC-JU-000001',
      'NEC-JU-000002',
      'VAL-000001',
    ]);

    const permit = await t.db
      .selectFrom('permits')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(permit).toMatchObject({
      project_id: project.id,
      applicant_organization_id: s.attacherOrg,
      template_id: templateId,
      status: 'Active',
      restricted: false,
      location: 'Main St',
      actual_poles: 12,
      active_stage_key: KEY.intake,
      created_by: s.attacherMember,
      completed_at: null,
    });
    const stages = await t.db
      .selectFrom('permit_stages')
      .select(['stage_key', 'name', 'status', 'project_id'])
      .where('permit_id', '=', first.id)
      .orderBy('position')
      .execute();
    expect(stages).toEqual([
      { stage_key: KEY.intake, name: 'Intake', status: 'Active', project_id: project.id },
      { stage_key: KEY.survey, name: 'Survey', status: 'NotStarted', project_id: project.id },
    ]);
    const tasks = await t.db
      .selectFrom('permit_tasks')
      .select(['task_key', 'status'])
      .where('permit_id', '=', first.id)
      .orderBy('stage_key')
      .orderBy('position')
      .execute();
    expect(tasks.map((task) => [task.task_key, task.status])).toEqual([
      [KEY.review, 'ReadyToBegin'],
      [KEY.walk, 'NotStarted'],
      [KEY.design, 'NotStarted'],
      [KEY.approve, 'NotStarted'],
    ]);
    const values = await t.db
      .selectFrom('permit_property_values')
      .select(['property_entry_id', 'task_key', 'value', 'updated_by'])
      .where('permit_id', '=', first.id)
      .execute();
    expect(values).toEqual([
      { property_entry_id: s.entries.poleCount, task_key: null, value: 12, updated_by: s.attacherMember },
    ]);
    const activity = await t.db
      .selectFrom('permit_activity')
      .select(['kind', 'actor_user_id', 'summary', 'after'])
      .where('permit_id', '=', first.id)
      .execute();
    expect(activity).toEqual([
      {
        kind: 'PermitCreated',
        actor_user_id: s.attacherMember,
        summary: 'Permit NEC-JU-000001 was created',
        after: {
          status: 'Active',
          templateId,
          version: 1,
          activeStage: { key: KEY.intake, name: 'Intake' },
        },
      },
    ]);
    const counter = await t.db
      .selectFrom('permit_counters')
      .select('last_number')
      .where('project_id', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(counter.last_number).toBe(2);
  });

  it('refuses a draft version and a version of another project, writing nothing', async () => {
    const project = await sceneProject(t, s, 'DRAFTS');
    const other = await sceneProject(t, s, 'OTHER');
    const { templateId: draft } = await buildPublishedTemplate(t.db, project.id, undefined, {
      status: 'Draft',
    });
    const { templateId: foreign } = await buildPublishedTemplate(t.db, other.id);
    for (const templateId of [draft, foreign]) {
      await expect(
        buildPermit(t.db, { projectId: project.id, templateId, applicantOrganizationId: s.attacherOrg }),
      ).rejects.toMatchObject({ status: 409 });
    }
    const written = await t.db
      .selectFrom('permits')
      .select('id')
      .where('project_id', '=', project.id)
      .execute();
    expect(written).toEqual([]);
    const counter = await t.db
      .selectFrom('permit_counters')
      .select('last_number')
      .where('project_id', '=', project.id)
      .executeTakeFirst();
    expect(counter).toBeUndefined();
  });

  it('keeps adding digits past a million', () => {
    expect(formatPermitNumber('NEC', 42)).toBe('NEC-000042');
    expect(formatPermitNumber('NEC', 1_234_567)).toBe('NEC-1234567');
  });
});

describe('the open-for-permits guard', () => {
  it('lets an active project take permits and refuses an archived one with 409', () => {
    expect(() => assertProjectOpenForPermits({ status: 'Active' })).not.toThrow();
    expect(() => assertProjectOpenForPermits({ status: 'Archived' })).toThrow(
      expect.objectContaining({ status: 409, detail: 'The project is archived and takes no new permits.' }),
    );
  });
});
