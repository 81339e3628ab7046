import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import {
  auditActions,
  buildProjectScene,
  csvRows,
  type ProjectScene,
  UNKNOWN_ID,
  xlsxSheet,
} from '../../../test/project-scene.ts';
import { projectPermissionsOf } from './permissions-repo.ts';

let t: TestApp;
let s: ProjectScene;
const ATTACHER_SET = ['ViewPermits', 'CreatePermits', 'EditPermits', 'CommentOnPermits', 'ExportPermits'];

beforeAll(async () => {
  t = await createTestApp();
  s = await buildProjectScene(t);
});
afterAll(() => t.close());

const orgPath = (orgId: string, tail = 'permissions') =>
  `/api/projects/${s.projectId}/organizations/${orgId}/${tail}`;

async function organizationSet(organizationId: string) {
  const row = await t.db
    .selectFrom('project_organizations')
    .select('permissions')
    .where('project_id', '=', s.projectId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return row.permissions;
}

async function userRows() {
  return t.db
    .selectFrom('project_user_permissions')
    .select(['user_id', 'permissions'])
    .where('project_id', '=', s.projectId)
    .orderBy('user_id')
    .execute();
}

async function myPermissions(userId: string) {
  return (await t.injectAs(userId, { method: 'GET', url: `/api/projects/${s.projectId}` })).json().data
    .myPermissions;
}

describe('organization permissions', () => {
  it('gives the pole owner everything and an attacher all but managing permits when they join', async () => {
    expect(await organizationSet(s.ownerOrg)).toEqual([...ATTACHER_SET, 'ManagePermits']);
    expect(await organizationSet(s.attacherOrg)).toEqual(ATTACHER_SET);
    expect(await myPermissions(s.ownerMember)).toEqual([...ATTACHER_SET, 'ManagePermits']);
    expect(await myPermissions(s.attacherMember)).toEqual(ATTACHER_SET);
    const list = await t.injectAs(s.attacherMember, { method: 'GET', url: '/api/projects' });
    expect(list.json().data.items[0].myPermissions).toEqual(ATTACHER_SET);
  });

  it('shows every contributor’s set to the pole owner and an attacher only its own', async () => {
    const seen = await t.injectAs(s.ownerMember, { method: 'GET', url: orgPath(s.attacherOrg) });
    expect(seen.json().data).toEqual({
      organizationId: s.attacherOrg,
      organizationName: 'Attacher Fiber',
      role: 'AttacherOrg',
      permissions: ATTACHER_SET,
    });
    expect(
      (await t.injectAs(s.attacherMember, { method: 'GET', url: orgPath(s.attacherOrg) })).statusCode,
    ).toBe(200);
    expect(
      (await t.injectAs(s.attacherMember, { method: 'GET', url: orgPath(s.otherAttacherOrg) })).statusCode,
    ).toBe(403);
    expect((await t.injectAs(s.outsider, { method: 'GET', url: orgPath(s.attacherOrg) })).statusCode).toBe(
      404,
    );
    expect((await t.injectAs(s.ownerMember, { method: 'GET', url: orgPath(s.outsiderOrg) })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: orgPath(s.attacherOrg) })).statusCode).toBe(401);
  });

  it('keeps setting them with the pole owner’s managers and refuses bad sets, writing nothing', async () => {
    const put = (userId: string, orgId: string, permissions: unknown, projectId = s.projectId) =>
      t.injectAs(userId, {
        method: 'PUT',
        url: `/api/projects/${projectId}/organizations/${orgId}/permissions`,
        payload: { permissions },
      });
    expect(
      (await t.app.inject({ method: 'PUT', url: orgPath(s.attacherOrg), payload: { permissions: [] } }))
        .statusCode,
    ).toBe(401);
    expect((await put(s.ownerMember, s.attacherOrg, [])).statusCode).toBe(403);
    expect((await put(s.attacherManager, s.attacherOrg, [])).statusCode).toBe(403);
    expect((await put(s.outsider, s.attacherOrg, [])).statusCode).toBe(404);
    expect((await put(s.ownerManager, s.outsiderOrg, [])).statusCode).toBe(404);
    expect((await put(s.ownerManager, s.attacherOrg, [], UNKNOWN_ID)).statusCode).toBe(404);
    const unknown = await put(s.ownerManager, s.attacherOrg, ['ViewPermits', 'Fly']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('body.permissions.1');
    const managing = await put(s.ownerManager, s.attacherOrg, ['ViewPermits', 'ManagePermits']);
    expect(managing.statusCode).toBe(400);
    expect(managing.json().errors[0].field).toBe('body.permissions');
    expect(await organizationSet(s.attacherOrg)).toEqual(ATTACHER_SET);
    expect(await auditActions(t, s.projectId)).not.toContain('project.permissions-changed');
  });
});

describe('user permissions', () => {
  const putUsers = (userId: string, orgId: string, users: unknown) =>
    t.injectAs(userId, { method: 'PUT', url: orgPath(orgId, 'user-permissions'), payload: { users } });

  it('lets an attacher’s own manager narrow a colleague, and the pole owner’s manager too', async () => {
    const own = await putUsers(s.attacherManager, s.attacherOrg, [
      { userId: s.attacherMember, permissions: ['CreatePermits', 'ViewPermits', 'ExportPermits'] },
    ]);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual([
      expect.objectContaining({
        userId: s.attacherMember,
        organizationPermissions: ATTACHER_SET,
        ownPermissions: ['ViewPermits', 'CreatePermits', 'ExportPermits'],
        effectivePermissions: ['ViewPermits', 'CreatePermits', 'ExportPermits'],
      }),
    ]);
    expect(await myPermissions(s.attacherMember)).toEqual(['ViewPermits', 'CreatePermits', 'ExportPermits']);
    expect(await projectPermissionsOf(t.db, s.projectId, s.attacherMember, s.attacherOrg)).toEqual([
      'ViewPermits',
      'CreatePermits',
      'ExportPermits',
    ]);
    expect(await projectPermissionsOf(t.db, s.projectId, s.attacherManager, s.attacherOrg)).toEqual(
      ATTACHER_SET,
    );
    expect(await projectPermissionsOf(t.db, s.projectId, s.outsider, s.outsiderOrg)).toEqual([]);
    const byOwner = await putUsers(s.ownerManager, s.otherAttacherOrg, [
      { userId: s.otherAttacherMember, permissions: [] },
    ]);
    expect(byOwner.json().data[0].effectivePermissions).toEqual([]);
    expect(await auditActions(t, s.projectId)).toContain('project.user-permissions-changed');
  });

  it('narrows users when their organization is narrowed, and null returns a user to inheriting', async () => {
    const narrowed = await t.injectAs(s.ownerManager, {
      method: 'PUT',
      url: orgPath(s.attacherOrg),
      payload: { permissions: ['ViewPermits', 'CommentOnPermits', 'ExportPermits'] },
    });
    expect(narrowed.json().data.permissions).toEqual(['ViewPermits', 'CommentOnPermits', 'ExportPermits']);
    const rows = await userRows();
    expect(rows.find((row) => row.user_id === s.attacherMember)?.permissions).toEqual([
      'ViewPermits',
      'ExportPermits',
    ]);
    expect(await myPermissions(s.attacherManager)).toEqual([
      'ViewPermits',
      'CommentOnPermits',
      'ExportPermits',
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'project.permissions-changed')
      .executeTakeFirstOrThrow();
    expect(audit.before).toEqual({ organizationId: s.attacherOrg, permissions: ATTACHER_SET });
    // The organization's open pages reload, and their hub connections are decided again.
    const sessionEvents = () =>
      t.db
        .selectFrom('events')
        .select(['type', 'user_id', 'organization_id'])
        .where('type', 'in', ['organization-session-invalid', 'user-session-invalid'])
        .orderBy('id')
        .execute();
    expect((await sessionEvents()).at(-1)).toEqual({
      type: 'organization-session-invalid',
      user_id: null,
      organization_id: s.attacherOrg,
    });

    await putUsers(s.attacherManager, s.attacherOrg, [{ userId: s.attacherMember, permissions: null }]);
    expect((await sessionEvents()).at(-1)).toEqual({
      type: 'user-session-invalid',
      user_id: s.attacherMember,
      organization_id: null,
    });
    expect((await userRows()).map((row) => row.user_id)).not.toContain(s.attacherMember);
    expect(await myPermissions(s.attacherMember)).toEqual([
      'ViewPermits',
      'CommentOnPermits',
      'ExportPermits',
    ]);
    await t.injectAs(s.ownerManager, {
      method: 'PUT',
      url: orgPath(s.attacherOrg),
      payload: { permissions: ATTACHER_SET },
    });
  });

  it('refuses plain members, other attachers and outsiders, and bad users, writing nothing', async () => {
    const before = await userRows();
    const change = [{ userId: s.attacherMember, permissions: ['ViewPermits'] }];
    expect((await putUsers(s.attacherMember, s.attacherOrg, change)).statusCode).toBe(403);
    expect((await putUsers(s.attacherManager, s.otherAttacherOrg, change)).statusCode).toBe(403);
    expect((await putUsers(s.outsider, s.attacherOrg, change)).statusCode).toBe(404);
    expect((await putUsers(s.ownerManager, s.outsiderOrg, change)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: orgPath(s.attacherOrg, 'user-permissions'),
          payload: { users: change },
        })
      ).statusCode,
    ).toBe(401);
    const stranger = await putUsers(s.ownerManager, s.attacherOrg, [
      { userId: s.attacherMember, permissions: ['ViewPermits'] },
      { userId: s.otherAttacherMember, permissions: ['ViewPermits'] },
    ]);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors).toEqual([
      { field: 'body.users.1.userId', message: 'Not a user of this organization' },
    ]);
    const beyond = await putUsers(s.ownerManager, s.attacherOrg, [
      { userId: s.attacherMember, permissions: ['ViewPermits', 'ManagePermits'] },
    ]);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().errors[0].field).toBe('body.users.0.permissions');
    const malformed = await putUsers(s.ownerManager, s.attacherOrg, [{ userId: 'nobody', permissions: [] }]);
    expect(malformed.json().errors[0].field).toBe('body.users.0.userId');
    expect(await userRows()).toEqual(before);
  });

  it('lists an organization’s users with what they inherit, hold and may do, paged and searched', async () => {
    const gone = await buildUser(t.db, {
      organizationId: s.attacherOrg,
      firstName: 'Gone',
      status: 'Deleted',
    });
    const list = await t.injectAs(s.attacherManager, {
      method: 'GET',
      url: `${orgPath(s.attacherOrg, 'user-permissions')}?pageSize=1`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(list.json().data.items[0]).toMatchObject({ firstName: 'Ada', ownPermissions: null });
    const searched = await t.injectAs(s.ownerManager, {
      method: 'GET',
      url: `${orgPath(s.otherAttacherOrg, 'user-permissions')}?search=cora`,
    });
    expect(searched.json().data.items).toEqual([
      expect.objectContaining({
        userId: s.otherAttacherMember,
        organizationPermissions: ATTACHER_SET,
        ownPermissions: [],
        effectivePermissions: [],
      }),
    ]);
    const all = await t.injectAs(s.ownerManager, {
      method: 'GET',
      url: orgPath(s.attacherOrg, 'user-permissions'),
    });
    expect(all.json().data.items.map((u: { userId: string }) => u.userId)).not.toContain(gone.id);
    const read = (userId: string, orgId: string) =>
      t.injectAs(userId, { method: 'GET', url: orgPath(orgId, 'user-permissions') });
    expect((await read(s.attacherMember, s.attacherOrg)).statusCode).toBe(403);
    expect((await read(s.attacherManager, s.otherAttacherOrg)).statusCode).toBe(403);
    expect((await read(s.outsider, s.attacherOrg)).statusCode).toBe(404);
    const bad = await t.injectAs(s.ownerManager, {
      method: 'GET',
      url: `${orgPath(s.attacherOrg, 'user-permissions')}?sortBy=shoeSize`,
    });
    expect(bad.json().errors[0].field).toBe('querystring.sortBy');
  });

  it('exports an organization’s users with a column per permission to csv and xlsx', async () => {
    const url = (format: string) => orgPath(s.otherAttacherOrg, `user-permissions/export/${format}`);
    await buildUser(t.db, { organizationId: s.otherAttacherOrg, firstName: 'Bea', lastName: 'Cable' });
    const csv = await t.injectAs(s.ownerManager, { method: 'POST', url: url('csv'), payload: {} });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csvRows(csv);
    expect(rows.map((row) => [row['First name'], row['Permissions from'], row['View permits']])).toEqual([
      ['Bea', 'Organization', 'Yes'],
      ['Cora', 'Own', 'No'],
    ]);
    expect(rows[0]?.['Manage permits']).toBe('No');
    const xlsx = await t.injectAs(s.ownerManager, {
      method: 'POST',
      url: url('xlsx'),
      payload: { search: 'cora' },
    });
    const sheet = await xlsxSheet(xlsx, 'User permissions');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('Cora');
    expect(
      (await t.injectAs(s.attacherManager, { method: 'POST', url: url('csv'), payload: {} })).statusCode,
    ).toBe(403);
    expect((await t.injectAs(s.outsider, { method: 'POST', url: url('csv'), payload: {} })).statusCode).toBe(
      404,
    );
    const bad = await t.injectAs(s.ownerManager, {
      method: 'POST',
      url: url('csv'),
      payload: { sortDir: 'up' },
    });
    expect(bad.json().errors[0].field).toBe('body.sortDir');
  });
});
