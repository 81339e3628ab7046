import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import {
  auditOf,
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

beforeAll(async () => {
  w = await buildWorld();
});
afterAll(() => w.t.close());

const templatePath = (id: string) => `/api/projects/workflow-templates/${id}`;

async function templateRow(id: string) {
  return w.t.db.selectFrom('workflow_templates').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('PUT projects/workflow-templates/{id} (save a draft)', () => {
  it('saves the definition and answers with the names a designer needs, audited', async () => {
    const { draftId } = await createGroup(w, 'Saving');
    const named = await buildUser(w.t.db, {
      organizationId: w.attacherOrg,
      firstName: 'Ana',
      lastName: 'Ortiz',
    });
    const definition = sampleDefinition(w.entries);
    definition.stages[1]!.tasks[0]!.defaultAssignees = [{ kind: 'User', userId: named.id }];
    const saved = await saveDefinition(w, draftId, definition);
    expect(saved).toMatchObject({
      id: draftId,
      status: 'Draft',
      stageCount: 2,
      taskCount: 4,
      group: { name: 'Saving', status: 'Inactive' },
      project: { id: w.projectId, name: 'Program PRG' },
      publishedBy: null,
    });
    expect(saved.definition).toEqual(definition);
    expect(Object.keys(saved.libraryEntries).sort()).toEqual(Object.values(w.entries).sort());
    expect(saved.libraryEntries[w.entries.height]).toMatchObject({
      name: 'Attachment Height',
      fieldType: 'Number',
    });
    expect(saved.users).toEqual({
      [named.id]: { id: named.id, name: 'Ana Ortiz', email: named.email, organizationName: 'Attacher Fiber' },
    });
    const row = await templateRow(draftId);
    expect(row.definition).toEqual(definition);
    expect(row.updated_by).toBe(w.manager);
    expect((await auditOf(w, draftId)).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['workflow-template.saved', { stageCount: 0, taskCount: 0 }, { stageCount: 2, taskCount: 4 }],
    ]);
  });

  it('refuses a malformed definition naming the field, and writes nothing', async () => {
    const { draftId } = await createGroup(w, 'Malformed');
    const definition = sampleDefinition(w.entries) as unknown as { stages: Record<string, unknown>[] };
    definition.stages[0]!.name = '';
    const res = await w.t.injectAs(w.manager, {
      method: 'PUT',
      url: templatePath(draftId),
      payload: { definition },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'body.definition.stages.0.name', message: 'Required' }]);
    expect((await templateRow(draftId)).definition).toEqual({ stages: [], applicationForm: [] });
  });

  it('never changes a published version (409), not even by a direct write', async () => {
    const { templateId } = await publishedGroup(w, 'Frozen');
    const res = await w.t.injectAs(w.manager, {
      method: 'PUT',
      url: templatePath(templateId),
      payload: { definition: { stages: [] } },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('A published version cannot be changed. Create a new draft.');
    await expect(
      sql`UPDATE workflow_templates SET definition = '{}' WHERE id = ${templateId}`.execute(w.t.db),
    ).rejects.toThrow(/published and cannot be changed/);
    expect((await templateRow(templateId)).definition).toEqual(sampleDefinition(w.entries));
  });

  it('answers 401, 403 for members and attachers, 404 for outsiders', async () => {
    const { templateId } = await publishedGroup(w, 'Guarded save');
    const { draftId } = await createGroup(w, 'Guarded draft');
    const put = (userId: string, id: string) =>
      w.t.injectAs(userId, { method: 'PUT', url: templatePath(id), payload: { definition: { stages: [] } } });
    expect(
      (await w.t.app.inject({ method: 'PUT', url: templatePath(draftId), payload: { definition: {} } }))
        .statusCode,
    ).toBe(401);
    expect((await put(w.member, draftId)).statusCode).toBe(403);
    // Attachers do not see the pole owner's drafts at all; a published version they see, but cannot change.
    expect((await put(w.attacher, draftId)).statusCode).toBe(404);
    expect((await put(w.attacher, templateId)).statusCode).toBe(403);
    expect((await put(w.outsider, draftId)).statusCode).toBe(404);
    expect((await templateRow(draftId)).updated_by).toBe(w.manager);
  });
});

describe('PUT projects/workflow-templates/{id}/publish', () => {
  it('refuses a template that cannot run, each problem located under definition, and changes nothing', async () => {
    const { draftId } = await createGroup(w, 'Broken');
    const definition = sampleDefinition(w.entries);
    const survey = definition.stages[1]!;
    survey.tasks[0]!.dependsOn = [survey.tasks[2]!.key];
    survey.tasks[1]!.timer = {
      durationDays: null,
      dayKind: 'Calendar',
      startsOn: { event: 'TaskStarted' },
      stopsOn: { event: 'TaskCompleted' },
      pausesOnHold: true,
      onBreach: { flag: true, notify: [] },
    };
    await saveDefinition(w, draftId, definition);
    await w.t.db
      .updateTable('library_entries')
      .set({ status: 'Archived', archived_at: new Date() })
      .where('id', '=', w.entries.photos)
      .execute();
    try {
      const res = await w.t.injectAs(w.manager, { method: 'PUT', url: `${templatePath(draftId)}/publish` });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('The template cannot be published yet: 4 problems to fix.');
      expect(res.json().errors).toEqual([
        {
          field: 'definition.stages.1.tasks.0.properties.0.libraryEntryId',
          message: "'Photos' is archived in the library",
        },
        {
          field: 'definition.stages.1.tasks.0.dependsOn',
          message: 'These tasks wait on each other in a circle: Field Walk → Approve → Design → Field Walk',
        },
        {
          field: 'definition.stages.1.tasks.1.properties.0',
          message:
            "'Attachment Height' is required but can never be filled: 'Design' never becomes ready: its dependencies wait in a circle",
        },
        { field: 'definition.stages.1.tasks.1.timer.durationDays', message: 'Enter the number of days' },
      ]);
    } finally {
      await w.t.db
        .updateTable('library_entries')
        .set({ status: 'Active', archived_at: null })
        .where('id', '=', w.entries.photos)
        .execute();
    }
    expect(await templateRow(draftId)).toMatchObject({
      status: 'Draft',
      published_at: null,
      published_by: null,
    });
  });

  it('publishes a template that can run, once, audited', async () => {
    const { draftId } = await createGroup(w, 'Ready');
    await saveDefinition(w, draftId, sampleDefinition(w.entries));
    const published = await publish(w, draftId);
    expect(published).toMatchObject({
      status: 'Published',
      publishedBy: { id: w.manager, name: 'Test User' },
    });
    expect(published.publishedAt).toEqual(expect.any(String));
    expect(await templateRow(draftId)).toMatchObject({ status: 'Published', published_by: w.manager });
    const again = await w.t.injectAs(w.manager, { method: 'PUT', url: `${templatePath(draftId)}/publish` });
    expect(again.statusCode).toBe(409);
    expect((await auditOf(w, draftId)).map((entry) => entry.action)).toEqual([
      'workflow-template.saved',
      'workflow-template.published',
    ]);
  });

  it('refuses a default assignee outside the project', async () => {
    const { draftId } = await createGroup(w, 'Assigned');
    const stranger = await buildUser(w.t.db, {
      organizationId: w.outsiderOrg,
      email: 'secret.person@outsider.example',
    });
    const definition = sampleDefinition(w.entries);
    definition.stages[0]!.tasks[0]!.defaultAssignees.push(
      { kind: 'User', userId: stranger.id },
      { kind: 'User', userId: w.manager },
    );
    await saveDefinition(w, draftId, definition);
    // The draft keeps the id, but shows the designer nothing of a person they could not see.
    const read = dataOf(await w.t.injectAs(w.manager, { method: 'GET', url: templatePath(draftId) }));
    expect(read.users[w.manager]).toMatchObject({ id: w.manager });
    expect(read.users[stranger.id]).toBeUndefined();
    expect(JSON.stringify(read)).not.toContain('secret.person@outsider.example');
    const res = await w.t.injectAs(w.manager, { method: 'PUT', url: `${templatePath(draftId)}/publish` });
    expect(res.json().errors).toEqual([
      {
        field: 'definition.stages.0.tasks.0.defaultAssignees.1.userId',
        message: 'This person is not in an organization taking part in the project',
      },
    ]);
  });

  it('answers 401, 403 and 404, leaving the draft a draft', async () => {
    const { draftId } = await createGroup(w, 'Guarded publish');
    await saveDefinition(w, draftId, sampleDefinition(w.entries));
    const url = `${templatePath(draftId)}/publish`;
    expect((await w.t.app.inject({ method: 'PUT', url })).statusCode).toBe(401);
    expect((await w.t.injectAs(w.member, { method: 'PUT', url })).statusCode).toBe(403);
    expect((await w.t.injectAs(w.attacher, { method: 'PUT', url })).statusCode).toBe(404);
    expect((await w.t.injectAs(w.outsider, { method: 'PUT', url })).statusCode).toBe(404);
    expect((await templateRow(draftId)).status).toBe('Draft');
  });
});

describe('reading templates', () => {
  let otherProject: string;
  let listed: { groupId: string; templateId: string };

  beforeAll(async () => {
    otherProject = await buildProject(w, 'OTH');
    listed = await publishedGroup(w, 'Listed', otherProject);
    await createGroup(w, 'Draft only', otherProject);
    const archived = await publishedGroup(w, 'Old ways', otherProject);
    dataOf(
      await w.t.injectAs(w.manager, {
        method: 'PUT',
        url: `/api/projects/workflow-template-groups/${archived.groupId}/archive`,
      }),
    );
    dataOf(
      await w.t.injectAs(w.manager, {
        method: 'PUT',
        url: `/api/projects/workflow-template-groups/${listed.groupId}/template`,
      }),
    );
  });

  it("lists a project's groups with their versions, archived ones when asked", async () => {
    const url = `/api/projects/${otherProject}/workflow-templates`;
    const groups = dataOf(await w.t.injectAs(w.manager, { method: 'GET', url }));
    expect(groups.map((group: { name: string }) => group.name)).toEqual(['Draft only', 'Listed']);
    const listedGroup = groups[1];
    expect(listedGroup.currentVersionId).toBe(listed.templateId);
    expect(
      listedGroup.versions.map((v: { version: number; status: string }) => [v.version, v.status]),
    ).toEqual([
      [2, 'Draft'],
      [1, 'Published'],
    ]);
    const all = dataOf(await w.t.injectAs(w.manager, { method: 'GET', url: `${url}?includeArchived=true` }));
    expect(all.map((group: { name: string }) => group.name)).toEqual(['Draft only', 'Listed', 'Old ways']);
    expect(
      (await w.t.injectAs(w.manager, { method: 'GET', url: `${url}?includeArchived=maybe` })).statusCode,
    ).toBe(400);
    expect((await w.t.injectAs(w.outsider, { method: 'GET', url })).statusCode).toBe(404);
    expect((await w.t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('shows attachers published versions only', async () => {
    const groups = dataOf(
      await w.t.injectAs(w.attacher, {
        method: 'GET',
        url: `/api/projects/${w.projectId}/workflow-templates`,
      }),
    );
    expect(groups.length).toBeGreaterThan(0);
    for (const group of groups) {
      expect(group.versions.length).toBeGreaterThan(0);
      for (const version of group.versions) expect(version.status).toBe('Published');
    }
    const all = dataOf(
      await w.t.injectAs(w.attacher, { method: 'GET', url: '/api/projects/workflow-templates' }),
    );
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((item: { status: string }) => item.status === 'Published')).toBe(true);
  });

  it('lists the versions of every visible project, or of one', async () => {
    const one = dataOf(
      await w.t.injectAs(w.manager, {
        method: 'GET',
        url: `/api/projects/workflow-templates?projectId=${otherProject}`,
      }),
    );
    expect(
      one.map((item: { group: { name: string }; version: number }) => [item.group.name, item.version]),
    ).toEqual([
      ['Draft only', 1],
      ['Listed', 2],
      ['Listed', 1],
      ['Old ways', 1],
    ]);
    expect(one[0].project).toEqual({ id: otherProject, name: 'Program OTH' });
    const everything = dataOf(
      await w.t.injectAs(w.manager, { method: 'GET', url: '/api/projects/workflow-templates' }),
    );
    expect(everything.length).toBeGreaterThan(one.length);
    expect(
      dataOf(await w.t.injectAs(w.outsider, { method: 'GET', url: '/api/projects/workflow-templates' })),
    ).toEqual([]);
    const hidden = `/api/projects/workflow-templates?projectId=${otherProject}`;
    expect((await w.t.injectAs(w.outsider, { method: 'GET', url: hidden })).statusCode).toBe(404);
    const bad = await w.t.injectAs(w.manager, {
      method: 'GET',
      url: '/api/projects/workflow-templates?projectId=x',
    });
    expect(bad.json().errors[0].field).toBe('querystring.projectId');
  });

  it('reads one version; drafts only for the pole owner', async () => {
    const shared = await publishedGroup(w, 'Shared');
    const template = dataOf(
      await w.t.injectAs(w.attacher, { method: 'GET', url: templatePath(shared.templateId) }),
    );
    expect(template).toMatchObject({ version: 1, status: 'Published', group: { id: shared.groupId } });
    const { draftId } = await createGroup(w, 'Private draft');
    expect(dataOf(await w.t.injectAs(w.member, { method: 'GET', url: templatePath(draftId) })).status).toBe(
      'Draft',
    );
    expect((await w.t.injectAs(w.attacher, { method: 'GET', url: templatePath(draftId) })).statusCode).toBe(
      404,
    );
    expect(
      (await w.t.injectAs(w.outsider, { method: 'GET', url: templatePath(shared.templateId) })).statusCode,
    ).toBe(404);
    expect((await w.t.injectAs(w.manager, { method: 'GET', url: templatePath('x') })).statusCode).toBe(400);
    expect((await w.t.app.inject({ method: 'GET', url: templatePath(draftId) })).statusCode).toBe(401);
  });
});
