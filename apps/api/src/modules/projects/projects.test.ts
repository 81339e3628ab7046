import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildOrg, buildUser } from '../../../test/factories.ts';

let t: TestApp;
let ownerOrg: string;
let attacherOrg: string;
let outsiderOrg: string;
let ownerManager: string;
let ownerMember: string;
let attacherUser: string;
let outsider: string;

beforeAll(async () => {
  t = await createTestApp();
  ownerOrg = (await buildOrg(t.db, { name: 'Owner Electric' })).id;
  attacherOrg = (await buildOrg(t.db, { name: 'Attacher Fiber' })).id;
  outsiderOrg = (await buildOrg(t.db, { name: 'Outsider Cable' })).id;
  ownerManager = (await buildUser(t.db, { organizationId: ownerOrg, systemPermissions: ['ManageProjects'] }))
    .id;
  ownerMember = (await buildUser(t.db, { organizationId: ownerOrg })).id;
  attacherUser = (await buildUser(t.db, { organizationId: attacherOrg })).id;
  outsider = (await buildUser(t.db, { organizationId: outsiderOrg, systemPermissions: ['ManageProjects'] }))
    .id;
});
afterAll(() => t.close());

async function createProject(body: Record<string, unknown>) {
  return t.injectAs(ownerManager, { method: 'POST', url: '/api/projects', payload: body });
}

describe('projects', () => {
  it('creates a project owned by the caller organization, which becomes its pole owner', async () => {
    const res = await createProject({
      name: 'Northfield Joint Use 2027',
      projectCode: 'NEC-JU-27',
      description: 'Broadband build-out',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Northfield Joint Use 2027',
      projectCode: 'NEC-JU-27',
      status: 'Active',
      ownerOrganizationId: ownerOrg,
      myRole: 'PoleOwner',
      contributors: [{ organizationId: ownerOrg, organizationName: 'Owner Electric', role: 'PoleOwner' }],
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', res.json().data.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['project.created']);
  });

  it('refuses a duplicate code (any case) with 409 and bad input with 400, writing nothing', async () => {
    await createProject({ name: 'First', projectCode: 'DUP-1' });
    const before = await t.db.selectFrom('projects').select('id').execute();
    const dup = await createProject({ name: 'Second', projectCode: 'dup-1' });
    expect(dup.statusCode).toBe(409);
    const bad = await createProject({ name: ' ', projectCode: 'has space' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['body.name', 'body.projectCode']),
    );
    expect(await t.db.selectFrom('projects').select('id').execute()).toHaveLength(before.length);
  });

  it('needs ManageProjects to create, and a token at all', async () => {
    expect(
      (
        await t.injectAs(ownerMember, {
          method: 'POST',
          url: '/api/projects',
          payload: { name: 'X', projectCode: 'X1' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/projects',
          payload: { name: 'X', projectCode: 'X1' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/projects' })).statusCode).toBe(401);
  });

  it('shows a project only to its contributors: others get 404 and an empty list', async () => {
    const project = (await createProject({ name: 'Private Program', projectCode: 'PRIV' })).json().data;
    expect(
      (await t.injectAs(ownerMember, { method: 'GET', url: `/api/projects/${project.id}` })).statusCode,
    ).toBe(200);
    expect(
      (await t.injectAs(attacherUser, { method: 'GET', url: `/api/projects/${project.id}` })).statusCode,
    ).toBe(404);
    const outsiderList = await t.injectAs(outsider, { method: 'GET', url: '/api/projects?status=All' });
    expect(outsiderList.json().data).toMatchObject({ items: [], total: 0 });
    // A manager of another organization cannot change it either, and learns nothing.
    const edit = await t.injectAs(outsider, {
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      payload: { name: 'Mine now', projectCode: 'PRIV' },
    });
    expect(edit.statusCode).toBe(404);

    await t.db
      .insertInto('project_organizations')
      .values({ project_id: project.id, organization_id: attacherOrg, role: 'AttacherOrg' })
      .execute();
    const seen = await t.injectAs(attacherUser, { method: 'GET', url: `/api/projects/${project.id}` });
    expect(seen.json().data).toMatchObject({ myRole: 'AttacherOrg' });
    expect(seen.json().data.contributors.map((c: { role: string }) => c.role)).toEqual([
      'PoleOwner',
      'AttacherOrg',
    ]);
    const joint = await t.injectAs(attacherUser, { method: 'GET', url: '/api/joint-use/projects' });
    expect(joint.json().data.items.map((p: { id: string }) => p.id)).toContain(project.id);
  });

  it('lists with search, status, sort and paging', async () => {
    for (const [name, code] of [
      ['Alpha Program', 'ALP'],
      ['Beta Program', 'BET'],
      ['Gamma Program', 'GAM'],
    ])
      await createProject({ name, projectCode: code });
    const page = await t.injectAs(ownerMember, {
      method: 'GET',
      url: '/api/projects?search=program&sortBy=projectCode&sortDir=desc&pageSize=2',
    });
    const data = page.json().data;
    expect(data.items.map((p: { projectCode: string }) => p.projectCode)).toEqual(['PRIV', 'GAM']);
    expect(data.total).toBe(4);
    expect(
      (await t.injectAs(ownerMember, { method: 'GET', url: '/api/projects?sortBy=secret' })).statusCode,
    ).toBe(400);
  });

  it('edits, archives and unarchives, by ManageProjects only', async () => {
    const project = (await createProject({ name: 'Lifecycle', projectCode: 'LIFE' })).json().data;
    expect(
      (await t.injectAs(ownerMember, { method: 'POST', url: `/api/projects/${project.id}/archive` }))
        .statusCode,
    ).toBe(403);
    const edited = await t.injectAs(ownerManager, {
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      payload: { name: 'Lifecycle Program', projectCode: 'LIFE', description: 'Renamed' },
    });
    expect(edited.json().data).toMatchObject({ name: 'Lifecycle Program', description: 'Renamed' });
    const archived = await t.injectAs(ownerManager, {
      method: 'POST',
      url: `/api/projects/${project.id}/archive`,
    });
    expect(archived.json().data).toMatchObject({ status: 'Archived' });
    expect(archived.json().data.archivedAt).not.toBeNull();
    expect(
      (await t.injectAs(ownerManager, { method: 'POST', url: `/api/projects/${project.id}/archive` }))
        .statusCode,
    ).toBe(409);
    const active = await t.injectAs(ownerMember, { method: 'GET', url: '/api/projects' });
    expect(active.json().data.items.map((p: { id: string }) => p.id)).not.toContain(project.id);
    const archivedList = await t.injectAs(ownerMember, {
      method: 'GET',
      url: '/api/projects?status=Archived',
    });
    expect(archivedList.json().data.items.map((p: { id: string }) => p.id)).toEqual([project.id]);
    expect(
      (
        await t.injectAs(ownerManager, { method: 'POST', url: `/api/projects/${project.id}/unarchive` })
      ).json().data.status,
    ).toBe('Active');
    const history = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', project.id)
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.action)).toEqual([
      'project.created',
      'project.updated',
      'project.archived',
      'project.unarchived',
    ]);
  });
});
