import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  buildOrg,
  buildPermit,
  buildProject,
  buildPublishedTemplate,
  buildUser,
} from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';

let t: TestApp;
let home: Awaited<ReturnType<typeof buildOrg>>;
let manager: string;
let viewer: string;
let member: string;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp();
  home = await buildOrg(t.db, { name: 'Crossarm Operations' });
  manager = (
    await buildUser(t.db, {
      organizationId: home.id,
      systemPermissions: ['ManageOrganizations', 'ViewOrganizations'],
    })
  ).id;
  viewer = (await buildUser(t.db, { organizationId: home.id, systemPermissions: ['ViewOrganizations'] })).id;
  member = (
    await buildUser(t.db, { organizationId: home.id, organizationPermissions: ['ViewOrganizationInfo'] })
  ).id;
});
afterAll(() => t.close());

const base = '/api/admin/system/organizations';

describe('system organizations', () => {
  it('creates an organization from a multipart form with a logo, audits it, and serves the logo', async () => {
    const form = multipart(
      { name: 'Prairie Power', city: 'Fargo', state: 'ND', contactEmail: 'jointuse@prairie.example' },
      { logo: { filename: 'logo.png', data: PNG } },
    );
    const res = await t.injectAs(manager, { method: 'POST', url: base, ...form });
    expect(res.statusCode).toBe(201);
    const org = res.json().data;
    expect(org).toMatchObject({ name: 'Prairie Power', city: 'Fargo', userCount: 0, applications: [] });
    expect(org.logoUrl).toMatch(/^\/api\/files\//);
    const logo = await t.injectAs(member, { method: 'GET', url: org.logoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(PNG)).toBe(true);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('target_id', '=', org.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'organization.created', actor_user_id: manager });
  });

  it('refuses a file that is not an image, and bad fields, naming the field and writing nothing', async () => {
    const before = await t.db.selectFrom('organizations').select('id').execute();
    const notImage = multipart(
      { name: 'Fake Logo Co' },
      { logo: { filename: 'logo.png', data: Buffer.from('<svg onload="alert(1)"/>') } },
    );
    const res = await t.injectAs(manager, { method: 'POST', url: base, ...notImage });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('body.logo');
    const bad = await t.injectAs(manager, {
      method: 'POST',
      url: base,
      payload: { name: '  ', contactEmail: 'nope', website: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['body.name', 'body.contactEmail', 'body.website']));
    expect(await t.db.selectFrom('organizations').select('id').execute()).toHaveLength(before.length);
    expect(
      await t.db.selectFrom('stored_files').select('id').where('original_name', '=', 'logo.png').execute(),
    ).toHaveLength(1);
  });

  it('refuses a duplicate name with 409', async () => {
    const res = await t.injectAs(manager, {
      method: 'POST',
      url: base,
      payload: { name: 'crossarm operations' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain('already exists');
  });

  it('lists, searches, sorts and pages organizations', async () => {
    for (const name of ['Alpha Electric', 'Beta Broadband', 'Gamma Cable']) await buildOrg(t.db, { name });
    const page = await t.injectAs(viewer, {
      method: 'GET',
      url: `${base}?pageSize=2&sortBy=name&sortDir=desc`,
    });
    expect(page.statusCode).toBe(200);
    const data = page.json().data;
    expect(data.pageSize).toBe(2);
    expect(data.items).toHaveLength(2);
    expect(data.total).toBeGreaterThanOrEqual(5);
    const names = data.items.map((o: { name: string }) => o.name);
    expect([...names].sort().reverse()).toEqual(names);
    const search = await t.injectAs(viewer, { method: 'GET', url: `${base}?search=broad` });
    expect(search.json().data.items.map((o: { name: string }) => o.name)).toEqual(['Beta Broadband']);
    const badSort = await t.injectAs(viewer, { method: 'GET', url: `${base}?sortBy=secret` });
    expect(badSort.statusCode).toBe(400);
  });

  it('lets a viewer read but not write, and others neither', async () => {
    expect(
      (await t.injectAs(viewer, { method: 'POST', url: base, payload: { name: 'Nope' } })).statusCode,
    ).toBe(403);
    expect((await t.injectAs(member, { method: 'GET', url: base })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
    expect(
      (await t.injectAs(viewer, { method: 'GET', url: `${base}/00000000-0000-4000-8000-000000000000` }))
        .statusCode,
    ).toBe(404);
  });

  it('edits a profile, turns applications on and off, and records before and after', async () => {
    const org = await buildOrg(t.db, { name: 'Delta Telecom', applications: ['JointUse'] });
    const edit = await t.injectAs(manager, {
      method: 'PUT',
      url: `${base}/${org.id}`,
      payload: { name: 'Delta Telecom Co', city: 'Duluth' },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ name: 'Delta Telecom Co', city: 'Duluth' });
    const apps = await t.injectAs(manager, {
      method: 'PUT',
      url: `${base}/${org.id}/applications`,
      payload: { applications: ['Geospatial', 'JointUse', 'Geospatial'] },
    });
    expect(apps.json().data.applications).toEqual(['Geospatial', 'JointUse']);
    const badApp = await t.injectAs(manager, {
      method: 'PUT',
      url: `${base}/${org.id}/applications`,
      payload: { applications: ['Telepathy'] },
    });
    expect(badApp.statusCode).toBe(400);
    const audit = await t.injectAs(viewer, { method: 'GET', url: `${base}/${org.id}/audit` });
    const entries = audit.json().data.items;
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'organization.applications-changed',
      'organization.updated',
    ]);
    expect(entries[1].before.name).toBe('Delta Telecom');
    expect(entries[1].after.name).toBe('Delta Telecom Co');
    const events = await t.db
      .selectFrom('events')
      .selectAll()
      .where('organization_id', '=', org.id)
      .execute();
    expect(events.map((e) => e.type)).toContain('organization-session-invalid');
  });

  it('refuses to delete an organization that still has users, and deletes an empty one', async () => {
    const busy = await buildOrg(t.db, { name: 'Busy Utility' });
    await buildUser(t.db, { organizationId: busy.id });
    const refused = await t.injectAs(manager, { method: 'DELETE', url: `${base}/${busy.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'Busy Utility still has 1 user. Remove them from the organization before deleting it.',
    );
    const empty = await buildOrg(t.db, { name: 'Empty Utility' });
    expect((await t.injectAs(viewer, { method: 'DELETE', url: `${base}/${empty.id}` })).statusCode).toBe(403);
    expect((await t.injectAs(manager, { method: 'DELETE', url: `${base}/${empty.id}` })).statusCode).toBe(
      200,
    );
    expect(await t.db.selectFrom('organizations').select('id').where('id', '=', empty.id).execute()).toEqual(
      [],
    );
  });

  it('refuses to delete an organization that takes part in projects or has permits on record', async () => {
    const owner = await buildOrg(t.db, { name: 'Pole Owner Co' });
    const attacher = await buildOrg(t.db, { name: 'Attacher Co' });
    const project = await buildProject(t.db, {
      ownerOrganizationId: owner.id,
      attacherOrganizationIds: [attacher.id],
    });
    const inProject = await t.injectAs(manager, { method: 'DELETE', url: `${base}/${attacher.id}` });
    expect(inProject.statusCode).toBe(409);
    expect(inProject.json().detail).toBe(
      'Attacher Co takes part in 1 project. Remove it from them before deleting it.',
    );
    const template = await buildPublishedTemplate(t.db, project.id);
    await buildPermit(t.db, {
      projectId: project.id,
      templateId: template.templateId,
      applicantOrganizationId: attacher.id,
    });
    await t.db.deleteFrom('project_organizations').where('organization_id', '=', attacher.id).execute();
    const withPermits = await t.injectAs(manager, { method: 'DELETE', url: `${base}/${attacher.id}` });
    expect(withPermits.statusCode).toBe(409);
    expect(withPermits.json().detail).toBe('Attacher Co has permits on record, so it cannot be deleted.');
    expect(
      await t.db.selectFrom('organizations').select('id').where('id', '=', attacher.id).execute(),
    ).toHaveLength(1);
  });

  it('manages allowed domains', async () => {
    const org = await buildOrg(t.db, { name: 'Domain Power' });
    const security = (
      await buildUser(t.db, {
        organizationId: home.id,
        systemPermissions: ['ManageSecurity', 'ViewOrganizations'],
      })
    ).id;
    const added = await t.injectAs(security, {
      method: 'POST',
      url: `${base}/${org.id}/security/domain`,
      payload: { domainName: 'DomainPower.example' },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.map((d: { domainName: string }) => d.domainName)).toEqual([
      'domainpower.example',
    ]);
    expect(
      (
        await t.injectAs(security, {
          method: 'POST',
          url: `${base}/${org.id}/security/domain`,
          payload: { domainName: 'domainpower.example' },
        })
      ).statusCode,
    ).toBe(409);
    const bad = await t.injectAs(security, {
      method: 'POST',
      url: `${base}/${org.id}/security/domain`,
      payload: { domainName: 'not a domain' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('body.domainName');
    expect(
      (
        await t.injectAs(viewer, {
          method: 'POST',
          url: `${base}/${org.id}/security/domain`,
          payload: { domainName: 'x.example' },
        })
      ).statusCode,
    ).toBe(403);
    const listed = await t.injectAs(viewer, { method: 'GET', url: `${base}/${org.id}/security/domains` });
    expect(listed.json().data).toHaveLength(1);
    const removed = await t.injectAs(security, {
      method: 'DELETE',
      url: `${base}/${org.id}/security/domain/domainpower.example`,
    });
    expect(removed.json().data).toEqual([]);
  });

  it('exports the rows asked for to xlsx and csv, with the list columns', async () => {
    const a = await buildOrg(t.db, { name: 'Export One' });
    const b = await buildOrg(t.db, { name: 'Export Two', applications: ['JointUse', 'Vegetation'] });
    const xlsx = await t.injectAs(viewer, {
      method: 'POST',
      url: `${base}/export/xlsx`,
      payload: [b.id, a.id],
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(
      /attachment; filename="organizations-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Organizations')!;
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['Name', 'Applications', 'Users']));
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(1).value).toBe('Export One');
    expect(sheet.getRow(3).getCell(8).value).toBe('JointUse, Vegetation');
    const csv = await t.injectAs(viewer, {
      method: 'POST',
      url: `${base}/export/csv`,
      payload: { search: 'Export T' },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('Name,City,State');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Export Two');
    expect(
      (await t.injectAs(member, { method: 'POST', url: `${base}/export/csv`, payload: [] })).statusCode,
    ).toBe(403);
  });
});
