import { type OverviewRequest, wallClockDate, wallClockText } from '@crossarm/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildPermit, buildProject, buildPublishedTemplate } from '../../../test/factories.ts';
import { xlsxSheet } from '../../../test/project-scene.ts';
import { grantOnly } from '../permits/test-scene.ts';
import { EXPORT_CHUNK_SIZE } from './export.ts';
import type { OverviewScene } from './overview-scene.ts';
import { openOverviewScene, overviewData, where } from './overview-test-kit.ts';

let t: TestApp;
let s: OverviewScene;

beforeAll(async () => {
  ({ t, s } = await openOverviewScene());
});
afterAll(async () => {
  await t.close();
});

const exportAs = (userId: string, format: 'csv' | 'xlsx', payload: OverviewRequest, timeZone?: string) =>
  t.injectAs(userId, {
    method: 'POST',
    url: `/api/joint-use/overview/export/${format}`,
    payload,
    headers: timeZone ? { 'x-timezone': timeZone } : {},
  });

/** The CSV's lines as cells (the test data holds no commas or quotes), without the byte order mark. */
function csvRows(body: string) {
  return body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));
}

const COLUMNS = ['permit.PermitNumber', 'project.ProjectCode', 'permit.ActualPoles', 'permit.CreateDate'];

describe('exporting the permit overview', () => {
  it('writes the visible columns in order under their labels, with the view’s filter and sort', async () => {
    const view: OverviewRequest = {
      columnOptions: COLUMNS,
      filterOptions: where('permit.ActualPoles', 'GreaterThanOrEquals', 3),
      sortOptions: [{ dataId: 'permit.ActualPoles', direction: 'Descending' }],
    };
    const shown = await overviewData(t, s.ownerMember, { ...view, pageOptions: { page: 0, pageSize: 500 } });
    const res = await exportAs(s.ownerMember, 'csv', view);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="permits-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual(['Permit Number', 'Project Code', 'Poles', 'Created']);
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.map((row) => row[0])).toEqual(shown.rows!.map((row) => row.values['permit.PermitNumber']));
    const poles = rows.map((row) => Number(row[2]));
    expect(poles.every((count) => count >= 3)).toBe(true);
    expect(poles).toEqual([...poles].sort((a, b) => b - a));
    expect(rows[0]![3]).toBe(wallClockText(new Date(shown.rows![0]!.values['permit.CreateDate'] as string)));
  });

  it("writes moments as the caller's time zone reads them (X-Timezone), in both formats", async () => {
    const zone = 'Pacific/Kiritimati';
    const view: OverviewRequest = {
      columnOptions: COLUMNS,
      sortOptions: [{ dataId: 'permit.PermitNumber', direction: 'Ascending' }],
      searchOptions: { text: 'OVA' },
    };
    const shown = await overviewData(t, s.ownerMember, { ...view, pageOptions: { page: 0, pageSize: 500 } });
    const created = shown.rows!.map((row) => new Date(row.values['permit.CreateDate'] as string));
    const csv = csvRows((await exportAs(s.ownerMember, 'csv', view, zone)).body).slice(1);
    expect(csv.map((row) => row[3])).toEqual(created.map((at) => wallClockText(at, zone)));
    // Fourteen hours ahead of UTC: the days written are not the UTC days.
    expect(csv.map((row) => row[3]!.slice(0, 10))).not.toEqual(
      created.map((at) => at.toISOString().slice(0, 10)),
    );
    const sheet = await xlsxSheet(await exportAs(s.ownerMember, 'xlsx', view, zone), 'Permits');
    created.forEach((at, index) => {
      expect(sheet.getRow(index + 2).getCell(4).value).toEqual(wallClockDate(at, zone));
    });
  });

  it('writes a workbook with a header row and typed cells', async () => {
    const res = await exportAs(s.ownerMember, 'xlsx', {
      columnOptions: [...COLUMNS, 'permit.Status', `task.${s.entries.review}.Status`],
      sortOptions: [{ dataId: 'permit.PermitNumber', direction: 'Ascending' }],
      searchOptions: { text: 'OVA' },
    });
    expect(res.statusCode).toBe(200);
    const sheet = await xlsxSheet(res, 'Permits');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Permit Number',
      'Project Code',
      'Poles',
      'Created',
      'Status',
      'Completeness Review · Status',
    ]);
    const shown = await overviewData(t, s.ownerMember, {
      columnOptions: COLUMNS,
      sortOptions: [{ dataId: 'permit.PermitNumber', direction: 'Ascending' }],
      searchOptions: { text: 'OVA' },
      pageOptions: { page: 0, pageSize: 500 },
    });
    expect(sheet.rowCount).toBe(shown.rows!.length + 1);
    shown.rows!.forEach((row, index) => {
      const cells = sheet.getRow(index + 2);
      expect(cells.getCell(1).value).toBe(row.values['permit.PermitNumber']);
      expect(cells.getCell(2).value).toBe('OVA');
      expect(cells.getCell(3).value).toBe(row.values['permit.ActualPoles']);
      const created = cells.getCell(4).value;
      expect(created).toBeInstanceOf(Date);
      expect((created as Date).toISOString()).toBe(row.values['permit.CreateDate']);
    });
    const column = (n: number) =>
      new Set(shown.rows!.map((_, index) => sheet.getRow(index + 2).getCell(n).value));
    expect([...column(5)].sort()).toEqual(['Active', 'Completed']);
    // Enum cells carry their labels.
    expect(column(6).has('Ready to begin')).toBe(true);
  });

  it('gives an attacher only its own organization’s permits', async () => {
    const view: OverviewRequest = { columnOptions: ['permit.PermitNumber', 'project.ProjectCode'] };
    const shown = await overviewData(t, s.attacherMember, {
      ...view,
      pageOptions: { page: 0, pageSize: 500 },
    });
    const res = await exportAs(s.attacherMember, 'csv', view);
    expect(res.statusCode).toBe(200);
    const rows = csvRows(res.body).slice(1);
    expect(rows.map((row) => `${row[1]}:${row[0]}`).sort()).toEqual(
      shown
        .rows!.map((row) => `${row.values['project.ProjectCode']}:${row.values['permit.PermitNumber']}`)
        .sort(),
    );
    const applicants = await t.db
      .selectFrom('permits as p')
      .innerJoin('projects as pr', 'pr.id', 'p.project_id')
      .select(['p.permit_number', 'pr.project_code', 'p.applicant_organization_id'])
      .execute();
    for (const row of rows) {
      const permit = applicants.find((a) => a.permit_number === row[0] && a.project_code === row[1]);
      expect(permit?.applicant_organization_id).toBe(s.attacherOrg);
    }
  });

  it('leaves out the projects where the caller may not export, and refuses when it may export none', async () => {
    const view: OverviewRequest = { columnOptions: ['project.ProjectCode'] };
    const before = new Set(
      csvRows((await exportAs(s.attacherMember, 'csv', view)).body)
        .slice(1)
        .flat(),
    );
    expect([...before].sort()).toEqual(['OVA', 'OVB']);
    await grantOnly(t, { projectId: s.projects.b, organizationId: s.attacherOrg, userId: s.attacherMember }, [
      'ViewPermits',
      'CreatePermits',
    ]);
    const res = await exportAs(s.attacherMember, 'csv', view);
    expect(res.statusCode).toBe(200);
    expect(new Set(csvRows(res.body).slice(1).flat())).toEqual(new Set(['OVA']));

    // This person sees project A only (project B is narrowed away), and may not export there.
    await grantOnly(t, { projectId: s.projects.a, organizationId: s.ownerOrg, userId: s.narrowedOwner }, [
      'ViewPermits',
    ]);
    const refused = await exportAs(s.narrowedOwner, 'xlsx', view);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toContain('export');
  });

  it('needs a signed-in caller and columns it may use', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/joint-use/overview/export/csv',
      payload: { columnOptions: ['permit.PermitNumber'] },
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await exportAs(s.ownerMember, 'csv', {
      columnOptions: ['permit.PermitNumber', 'permit.Nope'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('body.columnOptions.1');
    const none = await exportAs(s.ownerMember, 'xlsx', { columnOptions: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].field).toBe('body.columnOptions');
    const badFilter = await exportAs(s.ownerMember, 'csv', {
      columnOptions: ['permit.PermitNumber'],
      filterOptions: where('permit.ActualPoles', 'Contains', 'x'),
    });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().errors[0].field).toBe('body.filterOptions.rows.0.operator');
  });

  it('streams more rows than one chunk holds, in order, none twice', async () => {
    const project = await buildProject(t.db, {
      ownerOrganizationId: s.ownerOrg,
      attacherOrganizationIds: [s.attacherOrg],
      code: 'BULK',
      name: 'Bulk Export',
    });
    const { templateId } = await buildPublishedTemplate(t.db, project.id);
    const first = await buildPermit(t.db, {
      projectId: project.id,
      templateId,
      applicantOrganizationId: s.attacherOrg,
      location: 'seed',
      actualPoles: 1,
      applicationValues: [],
    });
    const count = EXPORT_CHUNK_SIZE * 2 + 137;
    await sql`INSERT INTO permits (project_id, applicant_organization_id, template_id, permit_number, location,
        actual_poles, created_at)
      SELECT ${project.id}, ${s.attacherOrg}, ${templateId}, 'BULK-' || lpad((n + 1)::text, 6, '0'), 'bulk ' || n,
        n % 50, now() - make_interval(secs => n)
      FROM generate_series(1, ${count - 1}) AS n`.execute(t.db);
    const res = await exportAs(s.ownerMember, 'csv', {
      columnOptions: ['permit.PermitNumber', 'permit.ActualPoles'],
      filterOptions: where('project.ProjectCode', 'Equals', 'BULK'),
      sortOptions: [{ dataId: 'permit.PermitNumber', direction: 'Descending' }],
    });
    expect(res.statusCode).toBe(200);
    const rows = csvRows(res.body).slice(1);
    expect(rows).toHaveLength(count);
    const numbers = rows.map((row) => row[0]!);
    expect(new Set(numbers).size).toBe(count);
    expect(numbers).toEqual([...numbers].sort().reverse());
    expect(numbers).toContain(first.permitNumber);
    expect(rows.find((row) => row[0] === 'BULK-000050')?.[1]).toBe('49');

    const xlsx = await exportAs(s.ownerMember, 'xlsx', {
      columnOptions: ['permit.PermitNumber', 'permit.ActualPoles'],
      filterOptions: where('project.ProjectCode', 'Equals', 'BULK'),
    });
    const sheet = await xlsxSheet(xlsx, 'Permits');
    expect(sheet.rowCount).toBe(count + 1);
    expect(typeof sheet.getRow(count + 1).getCell(2).value).toBe('number');
  }, 120_000);
});
