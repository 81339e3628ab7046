import { WorkflowDefinition } from '@crossarm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { id, stage, task } from '../../../../../packages/shared/src/workflow-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildPermit, buildPublishedTemplate } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { buildProperty } from './tasks-test-scene.ts';
import { buildPermitScene, dataOf, type PermitScene, sceneProject } from './test-scene.ts';

let t: TestApp;
let s: PermitScene;
let projectId: string;
let templateId: string;
const E: Record<string, string> = {};
const STAGE = id(1);
const SECOND = id(2);
const TASK = id(11);
const LATER = id(21);

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
  projectId = (await sceneProject(t, s, 'PRP')).id;
  E.text = await buildProperty(t, 'PT Notes', 'Text', { maxLength: 5 });
  E.count = await buildProperty(t, 'PT Count', 'Number', { min: 0, max: 100, decimals: 1 });
  E.choice = await buildProperty(t, 'PT Choice', 'Dropdown', { options: [{ value: 'a', label: 'A' }] });
  E.person = await buildProperty(t, 'PT Person', 'User', {});
  E.day = await buildProperty(t, 'PT Day', 'Date', {});
  E.email = await buildProperty(t, 'PT Email', 'Email', {});
  E.file = await buildProperty(t, 'PT File', 'File', {});
  E.double = await buildProperty(t, 'PT Double', 'Expression', {
    formula: '{PT Count} * 2',
    resultType: 'Number',
  });
  const props = (...ids: string[]) => ids.map((libraryEntryId) => ({ libraryEntryId, required: false }));
  const definition = WorkflowDefinition.parse({
    stages: [
      stage(STAGE, 'Only', [
        task(TASK, 'Fill', {
          properties: props(E.text!, E.count!, E.choice!, E.person!, E.day!, E.email!, E.file!, E.double!),
        }),
      ]),
      stage(SECOND, 'Later', [task(LATER, 'Later')]),
    ],
    applicationForm: [{ libraryEntryId: E.count!, required: true }, ...props(E.text!)],
  });
  templateId = (await buildPublishedTemplate(t.db, projectId, definition)).templateId;
});
afterAll(() => t.close());

const newPermit = async () =>
  (await buildPermit(t.db, { projectId, templateId, applicantOrganizationId: s.attacherOrg })).id;
const taskUrl = (permitId: string) => `/api/joint-use/permit/${permitId}/stage/${STAGE}/task/${TASK}`;
const save = (userId: string, permitId: string, values: { propertyEntryId: string; value: unknown }[]) =>
  t.injectAs(userId, { method: 'PUT', url: taskUrl(permitId), payload: { values } });

async function storedValues(permitId: string) {
  const rows = await t.db
    .selectFrom('permit_property_values')
    .select(['property_entry_id', 'task_key', 'value'])
    .where('permit_id', '=', permitId)
    .execute();
  return Object.fromEntries(
    rows.map((row) => [`${row.task_key ?? 'form'}:${row.property_entry_id}`, row.value]),
  );
}

describe("saving a task's values", () => {
  it('stores the values, starts the task, computes expressions and records each change', async () => {
    const permitId = await newPermit();
    const data = dataOf(
      await save(s.attacherMember, permitId, [
        { propertyEntryId: E.text!, value: 'Hi' },
        { propertyEntryId: E.count!, value: 2.5 },
        { propertyEntryId: E.choice!, value: 'a' },
        { propertyEntryId: E.person!, value: s.ownerMember },
        { propertyEntryId: E.day!, value: '2026-02-28' },
      ]),
    );
    expect(
      data.properties.find((p: { libraryEntryId: string }) => p.libraryEntryId === E.double),
    ).toMatchObject({
      value: 5,
    });
    expect(await storedValues(permitId)).toEqual({
      [`${TASK}:${E.text}`]: 'Hi',
      [`${TASK}:${E.count}`]: 2.5,
      [`${TASK}:${E.choice}`]: 'a',
      [`${TASK}:${E.person}`]: s.ownerMember,
      [`${TASK}:${E.day}`]: '2026-02-28',
      [`${TASK}:${E.double}`]: 5,
    });
    const task = await t.db
      .selectFrom('permit_tasks')
      .select(['status', 'started_at'])
      .where('permit_id', '=', permitId)
      .where('task_key', '=', TASK)
      .executeTakeFirstOrThrow();
    expect(task.status).toBe('InProgress');
    const activity = await t.db
      .selectFrom('permit_activity')
      .select(['kind', 'before', 'after'])
      .where('permit_id', '=', permitId)
      .where('kind', 'in', ['PropertyChanged', 'TaskStarted'])
      .orderBy('id')
      .execute();
    expect(activity.map((a) => a.kind)).toEqual([...Array(6).fill('PropertyChanged'), 'TaskStarted']);
    expect(activity[5]).toMatchObject({
      before: { value: null },
      after: { value: 5, propertyEntryId: E.double },
    });
    // Changing the count moves the expression; clearing removes both.
    dataOf(await save(s.ownerMember, permitId, [{ propertyEntryId: E.count!, value: 4 }]));
    expect((await storedValues(permitId))[`${TASK}:${E.double}`]).toBe(8);
    dataOf(await save(s.ownerMember, permitId, [{ propertyEntryId: E.count!, value: null }]));
    const after = await storedValues(permitId);
    expect(after[`${TASK}:${E.count}`]).toBeUndefined();
    expect(after[`${TASK}:${E.double}`]).toBeUndefined();
  });

  it('refuses bad values by field type, naming each, and writes nothing', async () => {
    const permitId = await newPermit();
    const res = await save(s.ownerMember, permitId, [
      { propertyEntryId: E.text!, value: 'Too long' },
      { propertyEntryId: E.count!, value: 1.25 },
      { propertyEntryId: E.choice!, value: 'z' },
      { propertyEntryId: E.person!, value: s.otherAttacherMember },
      { propertyEntryId: E.day!, value: '2026-02-30' },
      { propertyEntryId: E.email!, value: 'nope' },
      { propertyEntryId: E.file!, value: 'x' },
      { propertyEntryId: E.double!, value: 3 },
      { propertyEntryId: s.entries.height, value: 3 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'body.values.0.value',
      'body.values.1.value',
      'body.values.2.value',
      'body.values.4.value',
      'body.values.5.value',
      'body.values.6.value',
      'body.values.7.value',
      'body.values.8.propertyEntryId',
      'body.values.3.value',
    ]);
    const shape = await t.injectAs(s.ownerMember, {
      method: 'PUT',
      url: taskUrl(permitId),
      payload: { values: 'x' },
    });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().errors[0].field).toBe('body.values');
    expect(await storedValues(permitId)).toEqual({});
  });

  it('takes multipart with a values field, and refuses a file part not named for a File property', async () => {
    const permitId = await newPermit();
    const form = multipart({ values: JSON.stringify([{ propertyEntryId: E.text, value: 'Yes' }]) });
    dataOf(await t.injectAs(s.ownerMember, { method: 'PUT', url: taskUrl(permitId), ...form }));
    expect((await storedValues(permitId))[`${TASK}:${E.text}`]).toBe('Yes');
    const withFile = multipart(
      { values: '[]' },
      { file: { filename: 'a.pdf', type: 'application/pdf', data: Buffer.from('%PDF') } },
    );
    const res = await t.injectAs(s.ownerMember, { method: 'PUT', url: taskUrl(permitId), ...withFile });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('body.file');
  });

  it('needs a signed-in caller with EditPermits on a permit they see, and a task being worked', async () => {
    const permitId = await newPermit();
    const values = [{ propertyEntryId: E.text!, value: 'Hi' }];
    expect(
      (await t.app.inject({ method: 'PUT', url: taskUrl(permitId), payload: { values } })).statusCode,
    ).toBe(401);
    expect((await save(s.otherAttacherMember, permitId, values)).statusCode).toBe(404);
    const notReady = await t.injectAs(s.ownerMember, {
      method: 'PUT',
      url: `/api/joint-use/permit/${permitId}/stage/${SECOND}/task/${LATER}`,
      payload: { values: [] },
    });
    expect(notReady.statusCode).toBe(409);
    await t.db
      .insertInto('project_user_permissions')
      .values({
        project_id: projectId,
        organization_id: s.attacherOrg,
        user_id: s.attacherMember,
        permissions: ['ViewPermits'],
      })
      .execute();
    try {
      expect((await save(s.attacherMember, permitId, values)).statusCode).toBe(403);
    } finally {
      await t.db.deleteFrom('project_user_permissions').where('user_id', '=', s.attacherMember).execute();
    }
    expect(await storedValues(permitId)).toEqual({});
  });
});

describe("a permit's application form", () => {
  const formUrl = (permitId: string) => `/api/joint-use/permit/${permitId}/properties`;

  it('is shown with its values and saved by the applicant in the first stage', async () => {
    const permitId = await newPermit();
    const shown = dataOf(await t.injectAs(s.attacherMember, { method: 'GET', url: formUrl(permitId) }));
    expect(shown.editable).toBe(true);
    expect(shown.properties.map((p: { name: string; required: boolean }) => [p.name, p.required])).toEqual([
      ['PT Count', true],
      ['PT Notes', false],
    ]);
    const saved = dataOf(
      await t.injectAs(s.attacherMember, {
        method: 'PUT',
        url: formUrl(permitId),
        payload: { values: [{ propertyEntryId: E.count, value: 7 }] },
      }),
    );
    expect(saved.properties[0].value).toBe(7);
    // The task's expression reads the count from the application form too.
    expect(await storedValues(permitId)).toEqual({ [`form:${E.count}`]: 7, [`${TASK}:${E.double}`]: 14 });
  });

  it('is closed to the applicant after the first stage, but not to the pole owner', async () => {
    const permitId = await newPermit();
    await t.db.updateTable('permits').set({ active_stage_key: SECOND }).where('id', '=', permitId).execute();
    const payload = { values: [{ propertyEntryId: E.text, value: 'ok' }] };
    const applicant = await t.injectAs(s.attacherMember, { method: 'PUT', url: formUrl(permitId), payload });
    expect(applicant.statusCode).toBe(409);
    expect(
      dataOf(await t.injectAs(s.attacherMember, { method: 'GET', url: formUrl(permitId) })).editable,
    ).toBe(false);
    dataOf(await t.injectAs(s.ownerMember, { method: 'PUT', url: formUrl(permitId), payload }));
    expect(await storedValues(permitId)).toEqual({ [`form:${E.text}`]: 'ok' });
  });

  it('is hidden from other attachers and refuses properties not on the form', async () => {
    const permitId = await newPermit();
    expect((await t.app.inject({ method: 'GET', url: formUrl(permitId) })).statusCode).toBe(401);
    expect(
      (await t.injectAs(s.otherAttacherMember, { method: 'GET', url: formUrl(permitId) })).statusCode,
    ).toBe(404);
    const res = await t.injectAs(s.ownerMember, {
      method: 'PUT',
      url: formUrl(permitId),
      payload: { values: [{ propertyEntryId: E.choice, value: 'a' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('body.values.0.propertyEntryId');
  });
});
