import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildPermit, buildPublishedTemplate } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { activitySummaries, limitProjectPermissions, PDF } from './files-test-scene.ts';
import { buildPermitScene, dataOf, type PermitScene, sceneProject } from './test-scene.ts';

let t: TestApp;
let s: PermitScene;
let permitId: string;
let projectId: string;
let server: Server;
let origin: string;

const HTML = Buffer.from('<html><body onload="alert(1)"></body></html>');

const addReport = (
  userId: string,
  fields: Record<string, string>,
  files: Record<string, { filename: string; data: Buffer }> = {},
  id = permitId,
) =>
  t.injectAs(userId, {
    method: 'POST',
    url: `/api/joint-use/permit/${id}/report`,
    ...multipart(fields, files),
  });
const reportsOf = (userId: string, id = permitId) =>
  t.injectAs(userId, { method: 'GET', url: `/api/joint-use/permit/${id}/reports` });
const reportRows = () =>
  t.db
    .selectFrom('permit_reports')
    .selectAll()
    .where('permit_id', '=', permitId)
    .orderBy('created_at')
    .execute();
const validate = (userId: string, query: string) =>
  t.injectAs(userId, { method: 'GET', url: `/api/joint-use/reports/validate-design-url?${query}` });

beforeAll(async () => {
  server = createServer((request, response) => {
    response.statusCode = request.url === '/designs/D-100' ? 200 : 404;
    response.end(request.url === '/designs/D-100' ? '<html>design</html>' : 'missing');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp();
  s = await buildPermitScene(t);
  projectId = (await sceneProject(t, s, 'REPORTS')).id;
  const { templateId } = await buildPublishedTemplate(t.db, projectId);
  permitId = (await buildPermit(t.db, { projectId, templateId, applicantOrganizationId: s.attacherOrg })).id;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('adding reports', () => {
  it('refuses a report file lying about its type, and bad design fields, naming the field; nothing kept', async () => {
    const lying = await addReport(s.attacherMember, {}, { report: { filename: 'design.pdf', data: HTML } });
    expect(lying.statusCode).toBe(400);
    expect(lying.json().errors[0].field).toBe('body.report');
    const badId = await addReport(s.attacherMember, { designId: 'no spaces!' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0].field).toBe('body.designId');
    const unreachable = await addReport(s.attacherMember, {
      designId: 'D-404',
      designUrl: `${origin}/designs/D-404`,
    });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().errors[0]).toEqual({
      field: 'body.designUrl',
      message: 'The server answered HTTP 404.',
    });
    const two = await addReport(
      s.attacherMember,
      {},
      { a: { filename: 'a.pdf', data: PDF }, b: { filename: 'b.pdf', data: PDF } },
    );
    expect(two.statusCode, two.body).toBe(413);
    expect(await reportRows()).toEqual([]);
    const stored = await t.db
      .selectFrom('stored_files')
      .select('id')
      .where('purpose', '=', 'permit-report')
      .execute();
    expect(stored).toEqual([]);
  });

  it('adds an uploaded report, downloadable as a permit file but not listed among the files', async () => {
    const report = dataOf(
      await addReport(s.attacherMember, {}, { report: { filename: 'design.pdf', data: PDF } }),
      201,
    );
    expect(report).toMatchObject({
      name: 'design.pdf',
      isLatest: true,
      size: PDF.length,
      designId: null,
      canDelete: true,
    });
    const download = await t.injectAs(s.ownerMember, {
      method: 'GET',
      url: `/api/joint-use/permit/${permitId}/files/${report.fileId}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    const files = dataOf(
      await t.injectAs(s.ownerMember, {
        method: 'POST',
        url: `/api/joint-use/permit/${permitId}/files/overview`,
        payload: {},
      }),
    );
    expect(files).toEqual([]);
    expect(await activitySummaries(t, permitId, 'FileUploaded')).toEqual(['Added the report design.pdf']);
  });

  it('links a design whose address answers; the newest report becomes the latest', async () => {
    const linked = dataOf(
      await t.injectAs(s.ownerMember, {
        method: 'POST',
        url: `/api/joint-use/permit/${permitId}/report`,
        payload: { designId: 'D-100', designUrl: `${origin}/designs/D-100` },
      }),
      201,
    );
    expect(linked).toMatchObject({ name: 'D-100', designId: 'D-100', fileId: null, isLatest: true });
    const rows = await reportRows();
    expect(rows.map((row) => [row.design_id, row.is_latest])).toEqual([
      [null, false],
      ['D-100', true],
    ]);
    expect(rows[1]).toMatchObject({
      design_url: `${origin}/designs/D-100`,
      created_by_organization_id: s.ownerOrg,
    });
  });
});

describe('the latest report and deleting', () => {
  it('moves the latest flag, one per permit', async () => {
    const [linked, uploaded] = dataOf(await reportsOf(s.attacherMember));
    expect([linked.name, uploaded.name]).toEqual(['D-100', 'design.pdf']);
    const url = `/api/joint-use/permit/${permitId}/reports/${uploaded.id}/latest`;
    const after = dataOf(await t.injectAs(s.attacherMember, { method: 'POST', url }));
    expect(after.map((r: { isLatest: boolean }) => r.isLatest)).toEqual([false, true]);
    expect((await reportRows()).filter((row) => row.is_latest).map((row) => row.id)).toEqual([uploaded.id]);
  });

  it('deletes only for its side or managers, keeps the row, and hands the flag to the newest left', async () => {
    const [linked, uploaded] = dataOf(await reportsOf(s.attacherMember));
    const urlOf = (id: string) => `/api/joint-use/permit/${permitId}/reports/${id}`;
    expect(linked.canDelete).toBe(false);
    expect((await t.injectAs(s.attacherMember, { method: 'DELETE', url: urlOf(linked.id) })).statusCode).toBe(
      403,
    );
    dataOf(await t.injectAs(s.attacherMember, { method: 'DELETE', url: urlOf(uploaded.id) }));
    const rows = await reportRows();
    expect(rows.find((row) => row.id === uploaded.id)).toMatchObject({
      deleted_by: s.attacherMember,
      deleted_at: expect.any(Date),
      is_latest: false,
    });
    expect(rows.find((row) => row.id === linked.id)?.is_latest).toBe(true);
    const listed = dataOf(await reportsOf(s.ownerMember));
    expect(listed.map((r: { id: string }) => r.id)).toEqual([linked.id]);
    const download = `/api/joint-use/permit/${permitId}/files/${uploaded.fileId}`;
    expect((await t.injectAs(s.ownerMember, { method: 'GET', url: download })).statusCode).toBe(404);
    expect(await activitySummaries(t, permitId, 'FileDeleted')).toEqual(['Deleted the report design.pdf']);
  });
});

describe('who may reach reports', () => {
  it('is 401 without a token, 404 for another attacher and an outsider on every endpoint, 403 without EditPermits', async () => {
    const [report] = dataOf(await reportsOf(s.ownerMember));
    const calls = [
      { method: 'GET' as const, url: `/api/joint-use/permit/${permitId}/reports` },
      { method: 'POST' as const, url: `/api/joint-use/permit/${permitId}/reports/${report.id}/latest` },
      { method: 'DELETE' as const, url: `/api/joint-use/permit/${permitId}/reports/${report.id}` },
      {
        method: 'POST' as const,
        url: `/api/joint-use/permit/${permitId}/report`,
        ...multipart({ designId: 'D-200' }),
      },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode).toBe(401);
      expect((await t.injectAs(s.otherAttacherMember, call)).statusCode, call.url).toBe(404);
      expect((await t.injectAs(s.outsider, call)).statusCode, call.url).toBe(404);
    }
    const target = { projectId, organizationId: s.attacherOrg, userId: s.attacherManager };
    await limitProjectPermissions(t, target, ['ViewPermits']);
    for (const call of calls.slice(1)) {
      expect((await t.injectAs(s.attacherManager, call)).statusCode, call.url).toBe(403);
    }
    expect((await t.injectAs(s.attacherManager, calls[0]!)).statusCode).toBe(200);
    expect((await reportRows()).filter((row) => row.deleted_at === null)).toHaveLength(1);
  });
});

describe('checking a design link', () => {
  it("checks the id's form and that the address answers", async () => {
    expect(dataOf(await validate(s.attacherMember, 'designId=D-100'))).toEqual({
      valid: true,
      message: null,
    });
    const badForm = dataOf(await validate(s.attacherMember, 'designId=x'));
    expect(badForm).toEqual({ valid: false, message: 'Letters, digits and dashes, 3 to 64 characters' });
    const url = encodeURIComponent(`${origin}/designs/D-100`);
    expect(dataOf(await validate(s.attacherMember, `designId=D-100&designUrl=${url}`)).valid).toBe(true);
    const missing = encodeURIComponent(`${origin}/designs/none`);
    expect(dataOf(await validate(s.attacherMember, `designId=D-100&designUrl=${missing}`))).toEqual({
      valid: false,
      message: 'The server answered HTTP 404.',
    });
    const notHttp = dataOf(
      await validate(s.attacherMember, 'designId=D-100&designUrl=file%3A%2F%2F%2Fetc%2Fpasswd'),
    );
    expect(notHttp.valid).toBe(false);
  });

  it('is 400 without a design id and 401 without a token', async () => {
    const res = await validate(s.attacherMember, '');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('querystring.designId');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/joint-use/reports/validate-design-url?designId=abc' }))
        .statusCode,
    ).toBe(401);
  });
});
