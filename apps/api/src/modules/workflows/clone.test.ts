import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { freeName } from './clone.ts';
import {
  auditOf,
  buildProject,
  buildWorld,
  createGroup,
  dataOf,
  sampleDefinition,
  saveDefinition,
  type World,
} from './test-world.ts';

let w: World;
let source: string;
let published: { groupId: string; templateId: string };
let draftOnly: string;
let attacherPerson: string;
let outsiderPerson: string;

beforeAll(async () => {
  w = await buildWorld();
  // The source project has the attacher and the outsider taking part; the target project only the attacher.
  source = await buildProject(w, 'SRC', w.attacherOrg);
  dataOf(
    await w.t.injectAs(w.manager, {
      method: 'POST',
      url: `/api/projects/${source}/organizations`,
      payload: { organizationId: w.outsiderOrg, role: 'AttacherOrg' },
    }),
  );
  attacherPerson = (await buildUser(w.t.db, { organizationId: w.attacherOrg })).id;
  outsiderPerson = (await buildUser(w.t.db, { organizationId: w.outsiderOrg })).id;
  const definition = sampleDefinition(w.entries);
  definition.stages[0]!.tasks[0]!.defaultAssignees.push(
    { kind: 'User', userId: attacherPerson },
    { kind: 'User', userId: outsiderPerson },
  );
  const { groupId, draftId } = await createGroup(w, 'Standard', source);
  await saveDefinition(w, draftId, definition);
  dataOf(
    await w.t.injectAs(w.manager, {
      method: 'PUT',
      url: `/api/projects/workflow-templates/${draftId}/publish`,
    }),
  );
  published = { groupId, templateId: draftId };
  // A newer draft exists too: the clone takes the published version, not the draft.
  const next = dataOf(
    await w.t.injectAs(w.manager, {
      method: 'PUT',
      url: `/api/projects/workflow-template-groups/${groupId}/template`,
    }),
  );
  await saveDefinition(w, next.id, { stages: [], applicationForm: [] });
  const drafted = await createGroup(w, 'Sketch', source);
  await saveDefinition(w, drafted.draftId, { ...sampleDefinition(w.entries), applicationForm: [] });
  draftOnly = drafted.groupId;
});
afterAll(() => w.t.close());

const clonePath = () => `/api/projects/${w.projectId}/clone-workflow-template-groups`;

async function targetGroups() {
  return w.t.db
    .selectFrom('workflow_template_groups as g')
    .innerJoin('workflow_templates as t', 't.group_id', 'g.id')
    .select(['g.id', 'g.name', 'g.status', 't.version', 't.status as template_status', 't.definition'])
    .where('g.project_id', '=', w.projectId)
    .orderBy('g.name')
    .execute();
}

describe('POST projects/{id}/clone-workflow-template-groups', () => {
  it("copies each group's latest version as a new draft, keeping names free and people of the project", async () => {
    await createGroup(w, 'Standard');
    const res = await w.t.injectAs(w.manager, {
      method: 'POST',
      url: clonePath(),
      payload: { sourceProjectId: source, groupIds: [published.groupId, draftOnly] },
    });
    const result = dataOf(res, 201);
    expect(result.droppedAssignees).toBe(1);
    expect(
      result.groups.map((group: { name: string; status: string }) => [group.name, group.status]),
    ).toEqual([
      ['Standard (copy)', 'Inactive'],
      ['Sketch', 'Inactive'],
    ]);
    const rows = await targetGroups();
    const copy = rows.find((row) => row.name === 'Standard (copy)')!;
    expect(copy).toMatchObject({ version: 1, template_status: 'Draft', status: 'Inactive' });
    const expected = sampleDefinition(w.entries);
    expected.stages[0]!.tasks[0]!.defaultAssignees.push({ kind: 'User', userId: attacherPerson });
    expect(copy.definition).toEqual(expected);
    expect(rows.find((row) => row.name === 'Sketch')!.definition.applicationForm).toEqual([]);
    expect((await auditOf(w, copy.id)).map((entry) => [entry.action, entry.after])).toEqual([
      [
        'workflow-template-group.cloned',
        expect.objectContaining({
          name: 'Standard (copy)',
          sourceProjectId: source,
          sourceGroupId: published.groupId,
          sourceVersion: 1,
          droppedAssignees: 1,
        }),
      ],
    ]);
    const again = dataOf(
      await w.t.injectAs(w.manager, {
        method: 'POST',
        url: clonePath(),
        payload: { sourceProjectId: source, groupIds: [published.groupId] },
      }),
      201,
    );
    expect(again.groups[0].name).toBe('Standard (copy 2)');
  });

  it('needs both projects managed: 404 for a source the caller does not see, 403 for an attacher', async () => {
    const before = await targetGroups();
    const hidden = await buildProject(w, 'HID');
    const stranger = (
      await buildUser(w.t.db, { organizationId: w.outsiderOrg, systemPermissions: ['ManageProjects'] })
    ).id;
    const post = (userId: string, payload: Record<string, unknown>) =>
      w.t.injectAs(userId, { method: 'POST', url: clonePath(), payload });
    const payload = { sourceProjectId: source, groupIds: [published.groupId] };
    expect((await w.t.app.inject({ method: 'POST', url: clonePath(), payload })).statusCode).toBe(401);
    expect((await post(w.member, payload)).statusCode).toBe(403);
    expect((await post(w.attacher, payload)).statusCode).toBe(403);
    expect((await post(stranger, payload)).statusCode).toBe(404);
    // The outsider takes part in the source, not in the target.
    expect((await post(w.outsider, payload)).statusCode).toBe(404);
    // A group of another project than the source named.
    expect(
      (await post(w.manager, { sourceProjectId: hidden, groupIds: [published.groupId] })).statusCode,
    ).toBe(404);
    const bad = await post(w.manager, { sourceProjectId: source, groupIds: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'body.groupIds', message: 'Choose at least one template' }]);
    expect(await targetGroups()).toEqual(before);
  });
});

describe('freeName', () => {
  it('keeps a free name and numbers copies, within the name limit', () => {
    expect(freeName('Standard', new Set())).toBe('Standard');
    expect(freeName('Standard', new Set(['standard']))).toBe('Standard (copy)');
    expect(freeName('Standard', new Set(['standard', 'standard (copy)']))).toBe('Standard (copy 2)');
    expect(freeName('x'.repeat(120), new Set(['x'.repeat(120)]))).toHaveLength(120);
  });
});
