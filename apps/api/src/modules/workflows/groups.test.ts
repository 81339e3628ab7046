import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditOf,
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

const groupsPath = () => `/api/projects/${w.projectId}/workflow-template-groups`;
const lifecycle = (groupId: string, action: string) =>
  `/api/projects/workflow-template-groups/${groupId}/${action}`;

async function groupRows() {
  return w.t.db
    .selectFrom('workflow_template_groups')
    .selectAll()
    .where('project_id', '=', w.projectId)
    .execute();
}

describe('POST projects/{id}/workflow-template-groups', () => {
  it('creates an inactive group with an empty draft as version 1, audited', async () => {
    const res = await w.t.injectAs(w.manager, {
      method: 'POST',
      url: groupsPath(),
      payload: { name: ' Standard ' },
    });
    const group = dataOf(res, 201);
    expect(group).toMatchObject({
      projectId: w.projectId,
      name: 'Standard',
      status: 'Inactive',
      currentVersionId: null,
    });
    expect(group.versions).toEqual([
      expect.objectContaining({
        version: 1,
        status: 'Draft',
        stageCount: 0,
        taskCount: 0,
        publishedAt: null,
      }),
    ]);
    const rows = await w.t.db
      .selectFrom('workflow_templates')
      .selectAll()
      .where('group_id', '=', group.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      version: 1,
      status: 'Draft',
      definition: { stages: [], applicationForm: [] },
    });
    expect((await auditOf(w, group.id)).map((entry) => entry.action)).toEqual([
      'workflow-template-group.created',
    ]);
  });

  it('refuses a name the project already has, ignoring case (409)', async () => {
    const res = await w.t.injectAs(w.manager, {
      method: 'POST',
      url: groupsPath(),
      payload: { name: 'STANDARD' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe("The project already has a template named 'STANDARD'.");
  });

  it('answers 401, 403, 404 and 400 without writing anything', async () => {
    const before = await groupRows();
    const post = (userId: string, payload: unknown, url = groupsPath()) =>
      w.t.injectAs(userId, { method: 'POST', url, payload: payload as Record<string, unknown> });
    expect(
      (await w.t.app.inject({ method: 'POST', url: groupsPath(), payload: { name: 'X' } })).statusCode,
    ).toBe(401);
    expect((await post(w.member, { name: 'X' })).statusCode).toBe(403);
    expect((await post(w.attacher, { name: 'X' })).statusCode).toBe(403);
    expect((await post(w.outsider, { name: 'X' })).statusCode).toBe(404);
    const bad = await post(w.manager, { name: '  ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'body.name', message: 'Required' }]);
    expect(await groupRows()).toEqual(before);
  });
});

describe('PUT workflow-template-groups/{id}/activate, /deactivate, /archive', () => {
  it('refuses to activate a group without a published version (409)', async () => {
    const { groupId } = await createGroup(w, 'Unpublished');
    const res = await w.t.injectAs(w.manager, { method: 'PUT', url: lifecycle(groupId, 'activate') });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Publish a version of this template before activating it.');
    expect((await groupRows()).find((row) => row.id === groupId)?.status).toBe('Inactive');
  });

  it('activates, deactivates, archives and brings back a group, each audited', async () => {
    const { groupId, templateId } = await publishedGroup(w, 'Lifecycle');
    const put = (action: string) =>
      w.t.injectAs(w.manager, { method: 'PUT', url: lifecycle(groupId, action) });
    const active = dataOf(await put('activate'));
    expect(active).toMatchObject({ status: 'Active', currentVersionId: templateId });
    expect((await put('activate')).statusCode).toBe(409);
    const archiving = await put('archive');
    expect(archiving.statusCode).toBe(409);
    expect(archiving.json().detail).toBe(
      'Deactivate the template before archiving it: it is offered for new permits.',
    );
    expect(dataOf(await put('deactivate')).status).toBe('Inactive');
    expect(dataOf(await put('archive')).status).toBe('Archived');
    expect(dataOf(await put('deactivate')).status).toBe('Inactive');
    const row = await w.t.db
      .selectFrom('workflow_template_groups')
      .select(['status', 'updated_by'])
      .where('id', '=', groupId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'Inactive', updated_by: w.manager });
    expect((await auditOf(w, groupId)).map((entry) => [entry.action, entry.after])).toEqual([
      ['workflow-template-group.created', expect.anything()],
      ['workflow-template-group.activated', { status: 'Active' }],
      ['workflow-template-group.deactivated', { status: 'Inactive' }],
      ['workflow-template-group.archived', { status: 'Archived' }],
      ['workflow-template-group.deactivated', { status: 'Inactive' }],
    ]);
  });

  it('answers 401, 403 for members and attachers, 404 for outsiders and unknown ids, 400 for a bad id', async () => {
    const { groupId } = await publishedGroup(w, 'Guarded');
    const url = lifecycle(groupId, 'activate');
    expect((await w.t.app.inject({ method: 'PUT', url })).statusCode).toBe(401);
    expect((await w.t.injectAs(w.member, { method: 'PUT', url })).statusCode).toBe(403);
    expect((await w.t.injectAs(w.attacher, { method: 'PUT', url })).statusCode).toBe(403);
    expect((await w.t.injectAs(w.outsider, { method: 'PUT', url })).statusCode).toBe(404);
    const unknown = lifecycle('5f0c6a2e-0000-4000-8000-000000000000', 'activate');
    expect((await w.t.injectAs(w.manager, { method: 'PUT', url: unknown })).statusCode).toBe(404);
    const bad = await w.t.injectAs(w.manager, { method: 'PUT', url: lifecycle('nope', 'archive') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('params.id');
    expect((await groupRows()).find((row) => row.id === groupId)?.status).toBe('Inactive');
  });
});

describe('PUT workflow-template-groups/{id}/template', () => {
  it('returns the existing draft, and once published opens the next version as a copy', async () => {
    const { groupId, draftId } = await createGroup(w, 'Drafting');
    const url = `/api/projects/workflow-template-groups/${groupId}/template`;
    expect(dataOf(await w.t.injectAs(w.manager, { method: 'PUT', url })).id).toBe(draftId);

    await saveDefinition(w, draftId, sampleDefinition(w.entries));
    await publish(w, draftId);
    const next = dataOf(await w.t.injectAs(w.manager, { method: 'PUT', url }));
    expect(next).toMatchObject({ version: 2, status: 'Draft', stageCount: 2, taskCount: 4 });
    expect(next.definition).toEqual(sampleDefinition(w.entries));
    expect(dataOf(await w.t.injectAs(w.manager, { method: 'PUT', url })).id).toBe(next.id);
    const versions = await w.t.db
      .selectFrom('workflow_templates')
      .select(['version', 'status'])
      .where('group_id', '=', groupId)
      .orderBy('version')
      .execute();
    expect(versions).toEqual([
      { version: 1, status: 'Published' },
      { version: 2, status: 'Draft' },
    ]);
    expect((await auditOf(w, next.id)).map((entry) => entry.after)).toEqual([
      { groupId, version: 2, copiedFromVersion: 1 },
    ]);
  });

  it('refuses an archived group (409), and answers 401, 403 and 404', async () => {
    const { groupId } = await createGroup(w, 'Shelved');
    dataOf(await w.t.injectAs(w.manager, { method: 'PUT', url: lifecycle(groupId, 'archive') }));
    const url = `/api/projects/workflow-template-groups/${groupId}/template`;
    const archived = await w.t.injectAs(w.manager, { method: 'PUT', url });
    expect(archived.statusCode).toBe(409);
    expect((await w.t.app.inject({ method: 'PUT', url })).statusCode).toBe(401);
    expect((await w.t.injectAs(w.member, { method: 'PUT', url })).statusCode).toBe(403);
    expect((await w.t.injectAs(w.outsider, { method: 'PUT', url })).statusCode).toBe(404);
    const count = await w.t.db
      .selectFrom('workflow_templates')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('group_id', '=', groupId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});
