import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildOrg, buildUser } from '../../../test/factories.ts';

let t: TestApp;
let ownerOrg: string;
let attacherOrg: string;
let otherAttacherOrg: string;
let ownerManager: string;
let ownerMember: string;
let attacherManager: string;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  ownerOrg = (await buildOrg(t.db, { name: 'Owner Electric' })).id;
  attacherOrg = (await buildOrg(t.db, { name: 'Attacher Fiber' })).id;
  otherAttacherOrg = (await buildOrg(t.db, { name: 'Other Cable' })).id;
  ownerManager = (await buildUser(t.db, { organizationId: ownerOrg, systemPermissions: ['ManageProjects'] }))
    .id;
  ownerMember = (await buildUser(t.db, { organizationId: ownerOrg })).id;
  attacherManager = (
    await buildUser(t.db, { organizationId: attacherOrg, systemPermissions: ['ManageProjects'] })
  ).id;
  const created = await t.injectAs(ownerManager, {
    method: 'POST',
    url: '/api/projects',
    payload: { name: 'Program', projectCode: 'PRG' },
  });
  projectId = created.json().data.id;
});
afterAll(() => t.close());

const path = () => `/api/projects/${projectId}/organizations`;

describe('project contributors', () => {
  it('lets the pole owner add an attacher, who then sees the project and gets a session reload', async () => {
    expect(
      (await t.injectAs(attacherManager, { method: 'GET', url: `/api/projects/${projectId}` })).statusCode,
    ).toBe(404);
    const added = await t.injectAs(ownerManager, {
      method: 'POST',
      url: path(),
      payload: { organizationId: attacherOrg, role: 'AttacherOrg' },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toEqual([
      { organizationId: ownerOrg, organizationName: 'Owner Electric', role: 'PoleOwner' },
      { organizationId: attacherOrg, organizationName: 'Attacher Fiber', role: 'AttacherOrg' },
    ]);
    expect((await t.injectAs(attacherManager, { method: 'GET', url: path() })).json().data).toHaveLength(2);
    const events = await t.db
      .selectFrom('events')
      .select('type')
      .where('organization_id', '=', attacherOrg)
      .execute();
    expect(events.map((e) => e.type)).toContain('organization-session-invalid');
    expect(
      (
        await t.injectAs(ownerManager, {
          method: 'POST',
          url: path(),
          payload: { organizationId: attacherOrg, role: 'AttacherOrg' },
        })
      ).statusCode,
    ).toBe(409);
  });

  it('keeps contributor management with the pole owner: attachers and plain members get 403, outsiders 404', async () => {
    const before = await t.db
      .selectFrom('project_organizations')
      .selectAll()
      .where('project_id', '=', projectId)
      .execute();
    const byAttacher = await t.injectAs(attacherManager, {
      method: 'POST',
      url: path(),
      payload: { organizationId: otherAttacherOrg, role: 'AttacherOrg' },
    });
    expect(byAttacher.statusCode).toBe(403);
    const byMember = await t.injectAs(ownerMember, {
      method: 'POST',
      url: path(),
      payload: { organizationId: otherAttacherOrg, role: 'AttacherOrg' },
    });
    expect(byMember.statusCode).toBe(403);
    const outsider = (
      await buildUser(t.db, { organizationId: otherAttacherOrg, systemPermissions: ['ManageProjects'] })
    ).id;
    expect((await t.injectAs(outsider, { method: 'GET', url: path() })).statusCode).toBe(404);
    expect(
      (
        await t.injectAs(outsider, {
          method: 'POST',
          url: path(),
          payload: { organizationId: otherAttacherOrg, role: 'AttacherOrg' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path() })).statusCode).toBe(401);
    const bad = await t.injectAs(ownerManager, {
      method: 'POST',
      url: path(),
      payload: { organizationId: otherAttacherOrg, role: 'Spectator' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('body.role');
    const unknown = await t.injectAs(ownerManager, {
      method: 'POST',
      url: path(),
      payload: { organizationId: '5f0c6a2e-0000-4000-8000-000000000000', role: 'AttacherOrg' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      await t.db
        .selectFrom('project_organizations')
        .selectAll()
        .where('project_id', '=', projectId)
        .execute(),
    ).toEqual(before);
  });

  it('removes a contributor, never the owner, and audits both changes', async () => {
    expect(
      (await t.injectAs(ownerManager, { method: 'DELETE', url: `${path()}/${ownerOrg}` })).statusCode,
    ).toBe(409);
    const removed = await t.injectAs(ownerManager, { method: 'DELETE', url: `${path()}/${attacherOrg}` });
    expect(removed.json().data.map((c: { organizationId: string }) => c.organizationId)).toEqual([ownerOrg]);
    expect(
      (await t.injectAs(attacherManager, { method: 'GET', url: `/api/projects/${projectId}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.injectAs(ownerManager, { method: 'DELETE', url: `${path()}/${attacherOrg}` })).statusCode,
    ).toBe(404);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', projectId)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'project.created',
      'project.contributor-added',
      'project.contributor-removed',
    ]);
  });
});
