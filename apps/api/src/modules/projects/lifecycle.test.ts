import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  auditActions,
  buildProjectScene,
  csvRows,
  type ProjectScene,
  UNKNOWN_ID,
  xlsxSheet,
} from '../../../test/project-scene.ts';

let t: TestApp;
let s: ProjectScene;
let ownProject: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await buildProjectScene(t);
  const created = await t.injectAs(s.attacherManager, {
    method: 'POST',
    url: '/api/projects',
    payload: { name: 'Attacher Own Build', projectCode: 'OWN' },
  });
  ownProject = created.json().data.id;
  await t.injectAs(s.attacherManager, { method: 'POST', url: `/api/projects/${ownProject}/archive` });
});
afterAll(() => t.close());

describe('projects export', () => {
  const exportAs = (userId: string, format: string, payload: Record<string, unknown>) =>
    t.injectAs(userId, { method: 'POST', url: `/api/projects/export/${format}`, payload });

  it('exports the caller’s projects matching the list filter, with the list columns', async () => {
    const csv = await exportAs(s.attacherMember, 'csv', { status: 'All', sortBy: 'name', sortDir: 'desc' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="projects-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = csvRows(csv);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'Name',
      'ProjectCode',
      'Owner',
      'Status',
      'Your role',
      'Contributors',
      'Created',
    ]);
    expect(rows.map((row) => [row.Name, row.ProjectCode, row.Owner, row.Status, row['Your role']])).toEqual([
      ['Program SCENE', 'SCENE', 'Owner Electric', 'Active', 'Attacher'],
      ['Attacher Own Build', 'OWN', 'Attacher Fiber', 'Archived', 'Pole owner'],
    ]);
    expect(rows[0]?.Contributors).toBe('Owner Electric, Attacher Fiber, Other Cable');
    expect(Number.isNaN(Date.parse(rows[0]?.Created ?? ''))).toBe(false);
    expect(csvRows(await exportAs(s.attacherMember, 'csv', {})).map((row) => row.Name)).toEqual([
      'Program SCENE',
    ]);
  });

  it('exports to a workbook that opens, and shows outsiders nothing', async () => {
    const xlsx = await exportAs(s.ownerMember, 'xlsx', { search: 'scene' });
    const sheet = await xlsxSheet(xlsx, 'Projects');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('Program SCENE');
    expect(sheet.getRow(2).getCell(5).value).toBe('Pole owner');
    expect(csvRows(await exportAs(s.outsider, 'csv', { status: 'All' }))).toEqual([]);
  });

  it('needs a token and checks the filter', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/projects/export/csv', payload: {} })).statusCode,
    ).toBe(401);
    const bad = await exportAs(s.ownerMember, 'csv', { sortBy: 'colour' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('body.sortBy');
  });
});

describe('deleting a project', () => {
  const remove = (userId: string, id = s.projectId) =>
    t.injectAs(userId, { method: 'DELETE', url: `/api/projects/${id}` });

  it('is for the pole owner’s managers only', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `/api/projects/${s.projectId}` })).statusCode).toBe(
      401,
    );
    expect((await remove(s.ownerMember)).statusCode).toBe(403);
    expect((await remove(s.attacherManager)).statusCode).toBe(403);
    expect((await remove(s.outsider)).statusCode).toBe(404);
    expect((await remove(s.ownerManager, UNKNOWN_ID)).statusCode).toBe(404);
    expect((await remove(s.ownerManager, 'nope')).json().errors[0].field).toBe('params.id');
    expect(
      await t.db.selectFrom('projects').select('id').where('id', '=', s.projectId).execute(),
    ).toHaveLength(1);
  });

  it('deletes the project with everything that is only its own, audited, and tells the attachers', async () => {
    const base = `/api/projects/${s.projectId}`;
    await t.injectAs(s.ownerManager, {
      method: 'PUT',
      url: `${base}/organizations/${s.attacherOrg}/user-permissions`,
      payload: { users: [{ userId: s.attacherMember, permissions: ['ViewPermits'] }] },
    });
    await t.injectAs(s.ownerManager, {
      method: 'POST',
      url: `${base}/restriction`,
      payload: { organizationId: s.otherAttacherOrg, reason: 'Paperwork' },
    });
    const terms = await t.injectAs(s.ownerManager, {
      method: 'POST',
      url: `${base}/terms`,
      payload: { htmlContent: '<p>Terms</p>' },
    });
    await t.injectAs(s.attacherManager, {
      method: 'POST',
      url: `${base}/terms/accept`,
      payload: { termsId: terms.json().data.terms.id },
    });
    await t.injectAs(s.attacherMember, {
      method: 'PUT',
      url: `${base}/notification-prefs`,
      payload: { muted: true },
    });
    await t.injectAs(s.attacherMember, {
      method: 'PUT',
      url: `/api/joint-use/projects/${s.projectId}/viewed`,
    });

    const sessionEvents = async () =>
      (
        await t.db
          .selectFrom('events')
          .select('organization_id')
          .where('type', '=', 'organization-session-invalid')
          .orderBy('id')
          .execute()
      ).map((event) => event.organization_id);
    const eventsBefore = (await sessionEvents()).length;
    const res = await remove(s.ownerManager);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: null, statusText: 'Deleted' });
    for (const table of [
      'project_organizations',
      'project_user_permissions',
      'project_restrictions',
      'project_terms',
      'project_notification_prefs',
    ] as const) {
      const rows = await t.db
        .selectFrom(table)
        .select('project_id')
        .where('project_id', '=', s.projectId)
        .execute();
      expect(rows, table).toEqual([]);
    }
    expect(await t.db.selectFrom('project_terms_acceptances').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('recents').selectAll().where('ref_id', '=', s.projectId).execute()).toEqual(
      [],
    );
    expect((await t.injectAs(s.ownerManager, { method: 'GET', url: base })).statusCode).toBe(404);
    expect((await auditActions(t, s.projectId)).at(-1)).toBe('project.deleted');
    expect((await sessionEvents()).slice(eventsBefore).sort()).toEqual(
      [s.attacherOrg, s.otherAttacherOrg].sort(),
    );
    expect((await remove(s.ownerManager)).statusCode).toBe(404);
  });
});
