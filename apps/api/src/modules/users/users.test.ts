import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildOrg, buildUser } from '../../../test/factories.ts';

let t: TestApp;
let platform: Awaited<ReturnType<typeof buildOrg>>;
let utility: Awaited<ReturnType<typeof buildOrg>>;
let attacher: Awaited<ReturnType<typeof buildOrg>>;
let sysAdmin: string;
let sysViewer: string;
let sysInviter: string;
let orgAdmin: string;
let orgViewer: string;

beforeAll(async () => {
  t = await createTestApp();
  platform = await buildOrg(t.db, { name: 'Platform' });
  utility = await buildOrg(t.db, { name: 'Utility' });
  attacher = await buildOrg(t.db, { name: 'Attacher' });
  sysAdmin = (
    await buildUser(t.db, { organizationId: platform.id, systemPermissions: ['ManageUsers', 'ViewUsers'] })
  ).id;
  sysViewer = (await buildUser(t.db, { organizationId: platform.id, systemPermissions: ['ViewUsers'] })).id;
  sysInviter = (await buildUser(t.db, { organizationId: platform.id, systemPermissions: ['InviteUsers'] }))
    .id;
  orgAdmin = (
    await buildUser(t.db, {
      organizationId: utility.id,
      organizationPermissions: ['ViewUsers', 'ManageUsers'],
    })
  ).id;
  orgViewer = (await buildUser(t.db, { organizationId: utility.id, organizationPermissions: ['ViewUsers'] }))
    .id;
});
afterAll(() => t.close());

const sys = '/api/admin/system/users';

describe('system users', () => {
  it('lists every organization’s users with search, status filter, sort and paging', async () => {
    await buildUser(t.db, {
      organizationId: attacher.id,
      firstName: 'Zelda',
      lastName: 'Zimmer',
      email: 'zelda@attacher.example',
    });
    await buildUser(t.db, { organizationId: attacher.id, status: 'Inactive', firstName: 'Ivan' });
    const page = await t.injectAs(sysViewer, { method: 'GET', url: `${sys}?search=zimmer` });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.items).toEqual([
      expect.objectContaining({
        email: 'zelda@attacher.example',
        organizationName: 'Attacher',
        status: 'Active',
      }),
    ]);
    const inactive = await t.injectAs(sysViewer, { method: 'GET', url: `${sys}?status=Inactive` });
    expect(inactive.json().data.items.every((u: { status: string }) => u.status === 'Inactive')).toBe(true);
    const paged = await t.injectAs(sysViewer, {
      method: 'GET',
      url: `${sys}?pageSize=2&page=2&sortBy=email`,
    });
    expect(paged.json().data).toMatchObject({ page: 2, pageSize: 2 });
    expect((await t.injectAs(sysViewer, { method: 'GET', url: `${sys}?pageSize=5000` })).statusCode).toBe(
      400,
    );
    expect((await t.injectAs(orgAdmin, { method: 'GET', url: sys })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: sys })).statusCode).toBe(401);
  });

  it('keeps ViewUsers read-only', async () => {
    const target = await buildUser(t.db, { organizationId: attacher.id });
    expect((await t.injectAs(sysViewer, { method: 'GET', url: `${sys}/${target.id}` })).statusCode).toBe(200);
    for (const [method, path, payload] of [
      ['PUT', `${sys}/${target.id}`, { firstName: 'X', lastName: 'Y' }],
      ['PUT', `${sys}/${target.id}/deactivate`, undefined],
      ['DELETE', `${sys}/${target.id}`, undefined],
      ['PUT', `${sys}/${target.id}/role`, { role: 'Admin' }],
      ['PUT', `${sys}/${target.id}/permissions`, { permissions: ['ManageUsers'] }],
      ['POST', `${sys}/${target.id}/reset-password`, undefined],
    ] as const) {
      const res = await t.injectAs(sysViewer, { method, url: path, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'Active', role: 'User', first_name: 'Test' });
  });

  it('lets InviteUsers invite and start a password reset, but not edit', async () => {
    const invited = await t.injectAs(sysInviter, {
      method: 'POST',
      url: `/api/admin/system/organizations/${attacher.id}/users`,
      payload: { email: 'New.Person@Attacher.example', firstName: 'New', lastName: 'Person' },
    });
    expect(invited.statusCode).toBe(201);
    const user = invited.json().data;
    expect(user).toMatchObject({
      email: 'new.person@attacher.example',
      status: 'Invited',
      organizationId: attacher.id,
    });
    expect(
      (await t.injectAs(sysInviter, { method: 'POST', url: `${sys}/${user.id}/reset-password` })).statusCode,
    ).toBe(200);
    expect(
      (
        await t.injectAs(sysInviter, {
          method: 'PUT',
          url: `${sys}/${user.id}`,
          payload: { firstName: 'A', lastName: 'B' },
        })
      ).statusCode,
    ).toBe(403);
    const mail = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'new.person@attacher.example')
      .execute();
    expect(mail.map((m) => m.template)).toEqual(['invitation', 'invitation']);
    expect(mail.every((m) => m.sent_at !== null)).toBe(true);
  });

  it('refuses an address in use or outside the allowed domains, naming the field, writing nothing', async () => {
    const taken = await t.injectAs(sysAdmin, {
      method: 'POST',
      url: `/api/admin/system/organizations/${attacher.id}/users`,
      payload: { email: 'zelda@attacher.example', firstName: 'Z', lastName: 'Z' },
    });
    expect(taken.statusCode).toBe(409);
    await t.db
      .insertInto('organization_domains')
      .values({ organization_id: utility.id, domain_name: 'utility.example' })
      .execute();
    const outside = await t.injectAs(sysAdmin, {
      method: 'POST',
      url: `/api/admin/system/organizations/${utility.id}/users`,
      payload: { email: 'someone@gmail.example', firstName: 'S', lastName: 'O' },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toEqual([
      { field: 'body.email', message: 'Must be an address at utility.example' },
    ]);
    const invalid = await t.injectAs(sysAdmin, {
      method: 'POST',
      url: `/api/admin/system/organizations/${utility.id}/users`,
      payload: { email: 'not-an-email', firstName: '', lastName: 'O' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['body.email', 'body.firstName']),
    );
    const rows = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', 'in', ['someone@gmail.example', 'not-an-email'])
      .execute();
    expect(rows).toEqual([]);
    await t.db.deleteFrom('organization_domains').execute();
  });

  it('deactivates and activates as separate actions, ending open sessions', async () => {
    const target = await buildUser(t.db, { organizationId: attacher.id });
    const off = await t.injectAs(sysAdmin, { method: 'PUT', url: `${sys}/${target.id}/deactivate` });
    expect(off.json().data.status).toBe('Inactive');
    expect(
      (await t.injectAs(sysAdmin, { method: 'PUT', url: `${sys}/${target.id}/deactivate` })).statusCode,
    ).toBe(409);
    const event = await t.db
      .selectFrom('events')
      .selectAll()
      .where('user_id', '=', target.id)
      .executeTakeFirst();
    expect(event?.type).toBe('user-session-invalid');
    expect(
      (
        await t.injectAs(target.id, {
          method: 'PUT',
          url: '/api/admin/users/preferences',
          payload: { darkMode: true },
        })
      ).statusCode,
    ).toBe(403);
    const on = await t.injectAs(sysAdmin, { method: 'PUT', url: `${sys}/${target.id}/activate` });
    expect(on.json().data.status).toBe('Active');
    const history = await t.injectAs(sysViewer, { method: 'GET', url: `${sys}/${target.id}/audit` });
    expect(history.json().data.items.map((e: { action: string }) => e.action)).toEqual([
      'user.activated',
      'user.deactivated',
    ]);
    expect(history.json().data.items[1]).toMatchObject({
      before: { status: 'Active' },
      after: { status: 'Inactive' },
    });
  });

  it('deletes a user, who then cannot sign in', async () => {
    const target = await buildUser(t.db, { organizationId: attacher.id, password: 'a long password 1' });
    expect((await t.injectAs(sysAdmin, { method: 'DELETE', url: `${sys}/${target.id}` })).statusCode).toBe(
      200,
    );
    const signIn = await t.signIn(target.email, 'a long password 1');
    expect(signIn.status).toBe(401);
    expect((await t.injectAs(target.id, { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(401);
  });

  it('never lets the last system administrator who manages users be removed', async () => {
    const others = await t.db
      .selectFrom('user_system_permissions')
      .select('user_id')
      .where('permission', '=', 'ManageUsers')
      .where('user_id', '!=', sysAdmin)
      .execute();
    expect(others).toEqual([]);
    const helper = await buildUser(t.db, { organizationId: platform.id, systemPermissions: ['ManageUsers'] });
    await t.injectAs(sysAdmin, { method: 'PUT', url: `${sys}/${helper.id}/deactivate` });
    const strip = await t.injectAs(helper.id, {
      method: 'PUT',
      url: `${sys}/${sysAdmin}/permissions`,
      payload: { permissions: ['ViewUsers'] },
    });
    expect(strip.statusCode).toBe(403);
    const self = await t.injectAs(sysAdmin, {
      method: 'PUT',
      url: `${sys}/${sysAdmin}/permissions`,
      payload: { permissions: ['ViewUsers'] },
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().detail).toContain('last active system administrator');
    expect((await t.injectAs(sysAdmin, { method: 'DELETE', url: `${sys}/${sysAdmin}` })).statusCode).toBe(
      409,
    );
    const perms = await t.db
      .selectFrom('user_system_permissions')
      .select('permission')
      .where('user_id', '=', sysAdmin)
      .execute();
    expect(perms.map((p) => p.permission).sort()).toEqual(['ManageUsers', 'ViewUsers']);
  });

  it('sets role, system permissions, memberships and organization permissions', async () => {
    const target = await buildUser(t.db, {
      organizationId: utility.id,
      organizationPermissions: ['ViewUsers'],
    });
    expect(
      (
        await t.injectAs(sysAdmin, {
          method: 'PUT',
          url: `${sys}/${target.id}/role`,
          payload: { role: 'Admin' },
        })
      ).json().data.role,
    ).toBe('Admin');
    const perms = await t.injectAs(sysAdmin, {
      method: 'PUT',
      url: `${sys}/${target.id}/permissions`,
      payload: { permissions: ['ViewApps', 'ViewUsers'] },
    });
    expect(perms.json().data).toEqual(['ViewApps', 'ViewUsers']);
    const badPerm = await t.injectAs(sysAdmin, {
      method: 'PUT',
      url: `${sys}/${target.id}/permissions`,
      payload: { permissions: ['Everything'] },
    });
    expect(badPerm.statusCode).toBe(400);
    const orgs = await t.injectAs(sysAdmin, {
      method: 'PUT',
      url: `${sys}/${target.id}/organizations`,
      payload: { organizationIds: [utility.id, attacher.id], workingOrganizationId: attacher.id },
    });
    expect(
      orgs
        .json()
        .data.map((m: { organizationName: string; isWorkingOrganization: boolean }) => [
          m.organizationName,
          m.isWorkingOrganization,
        ]),
    ).toEqual([
      ['Attacher', true],
      ['Utility', false],
    ]);
    const orgPerms = await t.injectAs(sysAdmin, {
      method: 'PUT',
      url: `${sys}/${target.id}/organization-permissions`,
      payload: { organizationId: attacher.id, permissions: ['ViewApps'] },
    });
    expect(
      orgPerms.json().data.find((m: { organizationId: string }) => m.organizationId === attacher.id)
        .permissions,
    ).toEqual(['ViewApps']);
    const leave = await t.injectAs(sysAdmin, {
      method: 'PUT',
      url: `/api/admin/system/organizations/${attacher.id}/remove-user`,
      payload: { userId: target.id },
    });
    expect(leave.json().data).toMatchObject({ organizationId: utility.id });
  });

  it('exports users to xlsx, read back equal to the rows', async () => {
    const a = await buildUser(t.db, {
      organizationId: attacher.id,
      firstName: 'Export',
      lastName: 'Alpha',
      email: 'export.alpha@attacher.example',
    });
    const b = await buildUser(t.db, {
      organizationId: attacher.id,
      firstName: 'Export',
      lastName: 'Beta',
      email: 'export.beta@attacher.example',
    });
    const res = await t.injectAs(sysViewer, {
      method: 'POST',
      url: `${sys}/export/xlsx`,
      payload: { search: 'export.', sortBy: 'email' },
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Users')!;
    const rows = sheet
      .getSheetValues()
      .slice(2)
      .map((row) => (row as unknown[]).slice(1, 5));
    expect(rows).toEqual([
      ['Export', 'Alpha', a.email, 'Attacher'],
      ['Export', 'Beta', b.email, 'Attacher'],
    ]);
  });
});

describe('organization administration', () => {
  const own = '/api/admin/organization';

  it('lists only the caller’s organization users and hides others behind 404', async () => {
    const colleague = await buildUser(t.db, { organizationId: utility.id, firstName: 'Colleague' });
    const stranger = await buildUser(t.db, { organizationId: attacher.id, firstName: 'Stranger' });
    const list = await t.injectAs(orgViewer, { method: 'GET', url: `${own}/users?pageSize=200` });
    expect(list.statusCode).toBe(200);
    const ids = list.json().data.items.map((u: { id: string }) => u.id);
    expect(ids).toContain(colleague.id);
    expect(ids).not.toContain(stranger.id);
    for (const [method, path] of [
      ['GET', `/api/admin/users/${stranger.id}`],
      ['PUT', `/api/admin/users/${stranger.id}/deactivate`],
      ['POST', `/api/admin/users/${stranger.id}/reset-password`],
      ['GET', `/api/admin/users/${stranger.id}/organization-permissions`],
      ['DELETE', `/api/admin/users/${stranger.id}`],
    ] as const) {
      expect((await t.injectAs(orgAdmin, { method, url: path })).statusCode, `${method} ${path}`).toBe(404);
    }
    const row = await t.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', stranger.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('Active');
  });

  it('needs ManageUsers to change users, ViewUsers to see them', async () => {
    const colleague = await buildUser(t.db, { organizationId: utility.id });
    expect(
      (await t.injectAs(orgViewer, { method: 'GET', url: `/api/admin/users/${colleague.id}` })).statusCode,
    ).toBe(200);
    expect(
      (await t.injectAs(orgViewer, { method: 'PUT', url: `/api/admin/users/${colleague.id}/deactivate` }))
        .statusCode,
    ).toBe(403);
    const plain = await buildUser(t.db, { organizationId: utility.id });
    expect((await t.injectAs(plain.id, { method: 'GET', url: `${own}/users` })).statusCode).toBe(403);
    const off = await t.injectAs(orgAdmin, {
      method: 'PUT',
      url: `/api/admin/users/${colleague.id}/deactivate`,
    });
    expect(off.json().data.status).toBe('Inactive');
    const perms = await t.injectAs(orgAdmin, {
      method: 'PUT',
      url: `/api/admin/users/${colleague.id}/organization-permissions`,
      payload: { permissions: ['ViewApps', 'ViewUsers'] },
    });
    expect(perms.json().data).toEqual({ permissions: ['ViewApps', 'ViewUsers'] });
    const orgEvents = await t.db
      .selectFrom('events')
      .select('type')
      .where('organization_id', '=', utility.id)
      .execute();
    expect(orgEvents.map((e) => e.type)).toContain('organization-session-invalid');
    const edit = await t.injectAs(orgAdmin, {
      method: 'PUT',
      url: `/api/admin/users/${colleague.id}`,
      payload: { firstName: 'Renamed', lastName: 'Person', phone: '555-1234' },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors[0].field).toBe('body.phone');
  });

  it('changes the accounts of its own people only: members working elsewhere and system administrators keep theirs', async () => {
    const own = '/api/admin/organization';
    // A system administrator and a person of another organization, both also members of the utility.
    const support = await buildUser(t.db, {
      organizationId: platform.id,
      systemPermissions: ['ManageUsers', 'ViewUsers'],
    });
    const contractor = await buildUser(t.db, { organizationId: attacher.id });
    const colleague = await buildUser(t.db, { organizationId: utility.id });
    await t.db
      .insertInto('user_organizations')
      .values([support.id, contractor.id].map((user_id) => ({ user_id, organization_id: utility.id })))
      .execute();
    await t.db
      .insertInto('user_system_permissions')
      .values({ user_id: colleague.id, permission: 'ViewUsers' })
      .execute();
    const emails = async () =>
      (
        await t.db
          .selectFrom('users')
          .select(['id', 'email', 'status'])
          .where('id', 'in', [support.id, contractor.id, colleague.id])
          .orderBy('id')
          .execute()
      ).map((row) => `${row.email} ${row.status}`);
    const before = await emails();
    for (const person of [support.id, contractor.id, colleague.id]) {
      for (const [method, url, payload] of [
        [
          'PUT',
          `/api/admin/users/${person}`,
          { firstName: 'Taken', lastName: 'Over', email: 'x@evil.example' },
        ],
        ['PUT', `/api/admin/users/${person}/deactivate`, undefined],
        ['POST', `/api/admin/users/${person}/reset-password`, undefined],
        ['DELETE', `/api/admin/users/${person}`, undefined],
      ] as const) {
        const res = await t.injectAs(orgAdmin, { method, url, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      // They stay visible, and their permissions in the utility remain the administrator's to set.
      expect(
        (await t.injectAs(orgAdmin, { method: 'GET', url: `/api/admin/users/${person}` })).statusCode,
      ).toBe(200);
      const perms = await t.injectAs(orgAdmin, {
        method: 'PUT',
        url: `/api/admin/users/${person}/organization-permissions`,
        payload: { permissions: ['ViewUsers'] },
      });
      expect(perms.statusCode).toBe(200);
    }
    expect(await emails()).toEqual(before);
    // Leaving the organization is theirs to be given.
    const removed = await t.injectAs(orgAdmin, {
      method: 'PUT',
      url: `${own}/remove-user`,
      payload: { userId: contractor.id },
    });
    expect(removed.statusCode).toBe(200);
  });

  it('invites into the caller’s organization and shows applications with user counts', async () => {
    const res = await t.injectAs(orgAdmin, {
      method: 'POST',
      url: `${own}/users`,
      payload: { email: 'crew@utility.example', firstName: 'Crew', lastName: 'Lead' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.organizationId).toBe(utility.id);
    const appsDenied = await t.injectAs(orgAdmin, { method: 'GET', url: `${own}/applications` });
    expect(appsDenied.statusCode).toBe(403);
    const appViewer = await buildUser(t.db, {
      organizationId: utility.id,
      organizationPermissions: ['ViewApps'],
    });
    const apps = await t.injectAs(appViewer.id, { method: 'GET', url: `${own}/applications` });
    expect(apps.json().data.find((a: { application: string }) => a.application === 'JointUse')).toMatchObject(
      { enabled: true },
    );
    expect(
      apps.json().data.find((a: { application: string }) => a.application === 'Vegetation'),
    ).toMatchObject({ enabled: false, userCount: 0 });
  });

  it('shows and edits the caller’s organization by organization permission', async () => {
    const info = await buildUser(t.db, {
      organizationId: utility.id,
      organizationPermissions: ['ViewOrganizationInfo'],
    });
    expect((await t.injectAs(info.id, { method: 'GET', url: own })).json().data.name).toBe('Utility');
    expect(
      (await t.injectAs(info.id, { method: 'PUT', url: own, payload: { name: 'Hijacked' } })).statusCode,
    ).toBe(403);
    const editor = await buildUser(t.db, {
      organizationId: utility.id,
      organizationPermissions: ['ManageOrganizationInfo'],
    });
    expect(
      (
        await t.injectAs(editor.id, {
          method: 'PUT',
          url: own,
          payload: { name: 'Utility', city: 'Bemidji' },
        })
      ).json().data.city,
    ).toBe('Bemidji');
    expect(
      (await t.injectAs(info.id, { method: 'GET', url: `${own}/${attacher.id}/security/domains` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.injectAs(info.id, { method: 'GET', url: `${own}/${utility.id}/security/domains` })).statusCode,
    ).toBe(200);
  });
});
