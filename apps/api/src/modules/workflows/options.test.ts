import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY } from '../../../../../packages/shared/src/workflow-fixtures.ts';
import { buildUser } from '../../../test/factories.ts';
import {
  buildProject,
  buildWorld,
  createGroup,
  dataOf,
  publish,
  publishedGroup,
  sampleDefinition,
  saveDefinition,
  type World,
} from './test-world.ts';

let w: World;
let templateId: string;
let otherProject: string;

beforeAll(async () => {
  w = await buildWorld();
  templateId = (await publishedGroup(w, 'Standard')).templateId;
  // Another project of the owner's, which the attacher does not take part in, renames a stage.
  otherProject = await buildProject(w, 'OTH');
  const { draftId } = await createGroup(w, 'Renamed', otherProject);
  const renamed = sampleDefinition(w.entries);
  renamed.stages[0]!.name = 'Application Intake';
  await saveDefinition(w, draftId, renamed);
  dataOf(
    await w.t.injectAs(w.manager, {
      method: 'PUT',
      url: `/api/projects/workflow-templates/${draftId}/publish`,
    }),
  );
  // Drafts are not offered as options.
  const draft = await createGroup(w, 'Unpublished');
  const drafted = sampleDefinition(w.entries);
  drafted.stages[0]!.name = 'Draft Stage';
  await saveDefinition(w, draft.draftId, drafted);
});
afterAll(() => w.t.close());

describe('GET joint-use/projects/{id}/templates/{templateId}/properties', () => {
  const path = (projectId: string, id: string) =>
    `/api/joint-use/projects/${projectId}/templates/${id}/properties`;

  it('lists the application form, then the properties of each task, with their field types', async () => {
    const properties = dataOf(
      await w.t.injectAs(w.attacher, { method: 'GET', url: path(w.projectId, templateId) }),
    );
    expect(properties).toEqual([
      {
        libraryEntryId: w.entries.poleCount,
        name: 'Pole Count',
        description: null,
        fieldType: 'Number',
        renderOptions: { decimals: 0 },
        required: true,
        placement: 'ApplicationForm',
        stage: null,
        task: null,
      },
      expect.objectContaining({
        libraryEntryId: w.entries.poleCount,
        placement: 'Task',
        stage: { key: KEY.intake, name: 'Intake' },
        task: { key: KEY.review, name: 'Completeness Review' },
      }),
      expect.objectContaining({
        name: 'Photos',
        required: false,
        task: { key: KEY.walk, name: 'Field Walk' },
      }),
      expect.objectContaining({
        name: 'Attachment Height',
        required: true,
        task: { key: KEY.design, name: 'Design' },
      }),
    ]);
  });

  it('answers 404 for a template of another project or a project the caller does not see, 401, 400', async () => {
    expect(
      (await w.t.injectAs(w.manager, { method: 'GET', url: path(otherProject, templateId) })).statusCode,
    ).toBe(404);
    expect(
      (await w.t.injectAs(w.outsider, { method: 'GET', url: path(w.projectId, templateId) })).statusCode,
    ).toBe(404);
    expect((await w.t.app.inject({ method: 'GET', url: path(w.projectId, templateId) })).statusCode).toBe(
      401,
    );
    const bad = await w.t.injectAs(w.manager, { method: 'GET', url: path(w.projectId, 'x') });
    expect(bad.json().errors[0].field).toBe('params.templateId');
  });
});

describe('GET joint-use/options/stages and /tasks', () => {
  const options = async (userId: string, url: string) =>
    dataOf(await w.t.injectAs(userId, { method: 'GET', url }));

  it('offers the stages and tasks of published templates the caller sees, each once by its library name', async () => {
    // Another project's template calls the intake stage 'Application Intake': the option is the entry.
    expect(await options(w.manager, '/api/joint-use/options/stages')).toEqual([
      { id: w.entries.intake, name: 'Intake' },
      { id: w.entries.survey, name: 'Survey' },
    ]);
    expect(await options(w.attacher, '/api/joint-use/options/stages')).toEqual([
      { id: w.entries.intake, name: 'Intake' },
      { id: w.entries.survey, name: 'Survey' },
    ]);
    expect(await options(w.manager, '/api/joint-use/options/tasks')).toEqual([
      { id: w.entries.approve, name: 'Approve' },
      { id: w.entries.review, name: 'Completeness Review' },
      { id: w.entries.design, name: 'Design' },
      { id: w.entries.walk, name: 'Field Walk' },
    ]);
    expect(await options(w.outsider, '/api/joint-use/options/tasks')).toEqual([]);
  });

  it('narrows to a project and by name, any case', async () => {
    expect(await options(w.manager, `/api/joint-use/options/stages?projectId=${otherProject}`)).toEqual([
      { id: w.entries.intake, name: 'Intake' },
      { id: w.entries.survey, name: 'Survey' },
    ]);
    expect(await options(w.manager, '/api/joint-use/options/stages?filter=application')).toEqual([]);
    expect(await options(w.manager, '/api/joint-use/options/tasks?filter=DES')).toEqual([
      { id: w.entries.design, name: 'Design' },
    ]);
    expect(await options(w.manager, '/api/joint-use/options/tasks?filter=%25')).toEqual([]);
    const hidden = `/api/joint-use/options/stages?projectId=${otherProject}`;
    expect((await w.t.injectAs(w.attacher, { method: 'GET', url: hidden })).statusCode).toBe(404);
    const bad = await w.t.injectAs(w.manager, {
      method: 'GET',
      url: '/api/joint-use/options/stages?projectId=1',
    });
    expect(bad.json().errors[0].field).toBe('querystring.projectId');
    expect((await w.t.app.inject({ method: 'GET', url: '/api/joint-use/options/tasks' })).statusCode).toBe(
      401,
    );
  });
  it('reads only the projects whose permits the caller may see', async () => {
    // A project of the owner's with a stage and a task no other template uses, and a person of the owner's
    // whose own permissions there leave out ViewPermits.
    const project = await buildProject(w, 'VPX');
    const [stage, task] = await w.t.db
      .insertInto('library_entries')
      .values([
        { kind: 'stage', name: 'Hidden Stage', updated_at: new Date() },
        { kind: 'task', name: 'Hidden Task', updated_at: new Date() },
      ])
      .returning('id')
      .execute();
    const { draftId } = await createGroup(w, 'Hidden', project);
    const definition = sampleDefinition(w.entries);
    const [intake] = definition.stages;
    definition.stages = [
      {
        ...intake!,
        libraryEntryId: stage!.id,
        tasks: intake!.tasks.map((one) => ({ ...one, libraryEntryId: task!.id })),
      },
    ];
    await saveDefinition(w, draftId, definition);
    await publish(w, draftId);
    const narrowed = (await buildUser(w.t.db, { organizationId: w.ownerOrg })).id;
    await w.t.db
      .insertInto('project_user_permissions')
      .values({
        project_id: project,
        organization_id: w.ownerOrg,
        user_id: narrowed,
        permissions: ['CreatePermits'],
        updated_at: new Date(),
      })
      .execute();

    const hidden = [
      { id: stage!.id, name: 'Hidden Stage' },
      { id: task!.id, name: 'Hidden Task' },
    ];
    const both = async (userId: string, query = '') => [
      ...(await options(userId, `/api/joint-use/options/stages${query}`)),
      ...(await options(userId, `/api/joint-use/options/tasks${query}`)),
    ];
    expect(await both(w.manager)).toEqual(expect.arrayContaining(hidden));
    const seen = await both(narrowed);
    expect(seen).toEqual(expect.arrayContaining([{ id: w.entries.intake, name: 'Intake' }]));
    expect(seen.filter((option) => hidden.some((one) => one.id === option.id))).toEqual([]);
    expect(await both(narrowed, `?projectId=${project}`)).toEqual([]);
    expect(await both(w.manager, `?projectId=${project}`)).toEqual(hidden);
  });
});

describe('GET joint-use/options/tasks/statuses', () => {
  it('offers every task status in workflow order, as the tracker words them; 401 without a token', async () => {
    const url = '/api/joint-use/options/tasks/statuses';
    expect(dataOf(await w.t.injectAs(w.attacher, { method: 'GET', url }))).toEqual([
      { id: 'NotStarted', name: 'Not started' },
      { id: 'ReadyToBegin', name: 'Ready to begin' },
      { id: 'InProgress', name: 'In progress' },
      { id: 'Completed', name: 'Completed' },
    ]);
    expect(dataOf(await w.t.injectAs(w.attacher, { method: 'GET', url: `${url}?filter=STARTED` }))).toEqual([
      { id: 'NotStarted', name: 'Not started' },
    ]);
    expect((await w.t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const tooLong = await w.t.injectAs(w.attacher, {
      method: 'GET',
      url: `${url}?filter=${'x'.repeat(201)}`,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.map((e: { field: string }) => e.field)).toEqual(['querystring.filter']);
  });
});

describe('library entries used by templates', () => {
  it('cannot be deleted, and nothing is deleted', async () => {
    const librarian = (
      await buildUser(w.t.db, { organizationId: w.ownerOrg, systemPermissions: ['ManageLibrary'] })
    ).id;
    const res = await w.t.injectAs(librarian, {
      method: 'DELETE',
      url: `/api/admin/system/apps/task-library-entries/${w.entries.design}`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      "The task 'Design' cannot be deleted while workflow templates use it (Program OTH: Renamed, Program PRG: Standard and Program PRG: Unpublished). Archive it instead.",
    );
    const row = await w.t.db
      .selectFrom('library_entries')
      .select('id')
      .where('id', '=', w.entries.design)
      .execute();
    expect(row).toHaveLength(1);
  });
});
