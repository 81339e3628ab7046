import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { strFromU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildPermit, buildPublishedTemplate } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { activitySummaries, limitProjectPermissions, PDF } from './files-test-scene.ts';
import { buildPermitScene, dataOf, type PermitScene, sceneProject } from './test-scene.ts';

let t: TestApp;
let s: PermitScene;
let permitId: string;
let otherPermitId: string;
let projectId: string;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(16, 1),
]);
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(64)]);
const HTML = Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>');
const DOCX = Buffer.from(
  zipSync({ '[Content_Types].xml': Buffer.from('<x/>'), 'word/document.xml': Buffer.from('<w/>') }),
);
const CSV = Buffer.from('pole,height\nP1,40\n');

type Upload = Record<string, { filename: string; data: Buffer }>;
const upload = (userId: string, files: Upload, id = permitId) =>
  t.injectAs(userId, { method: 'POST', url: `/api/joint-use/permit/${id}/files`, ...multipart({}, files) });
const overview = (userId: string, body: object = {}, id = permitId) =>
  t.injectAs(userId, { method: 'POST', url: `/api/joint-use/permit/${id}/files/overview`, payload: body });
const counts = async () => ({
  stored: (await t.db.selectFrom('stored_files').select('id').where('purpose', '=', 'permit-file').execute())
    .length,
  files: (await t.db.selectFrom('permit_files').select('file_id').execute()).length,
  onDisk: (await readdir(path.join(t.config.filesDir, 'permit-file')).catch(() => [])).length,
  activity: (
    await t.db.selectFrom('permit_activity').select('id').where('kind', '=', 'FileUploaded').execute()
  ).length,
});

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
  projectId = (await sceneProject(t, s, 'FILES')).id;
  const { templateId } = await buildPublishedTemplate(t.db, projectId);
  permitId = (await buildPermit(t.db, { projectId, templateId, applicantOrganizationId: s.attacherOrg })).id;
  otherPermitId = (
    await buildPermit(t.db, { projectId, templateId, applicantOrganizationId: s.otherAttacherOrg })
  ).id;
});
afterAll(() => t.close());

describe('uploading files to a permit', () => {
  it('refuses a file whose bytes are not what its name says, naming it, and keeps nothing', async () => {
    const before = await counts();
    for (const data of [EXE, HTML]) {
      const res = await upload(s.attacherMember, {
        plan: { filename: 'plan.pdf', data: PDF },
        sneaky: { filename: 'report.pdf', data },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'body.sneaky', message: expect.stringContaining('report.pdf') },
      ]);
    }
    const unknown = await upload(s.attacherMember, { f: { filename: 'run.exe', data: EXE } });
    expect(unknown.statusCode).toBe(400);
    const none = await upload(s.attacherMember, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].field).toBe('body.files');
    expect(await counts()).toEqual(before);
  });

  it('stores several files of accepted kinds, with their FileUploaded activity and events', async () => {
    const added = dataOf(
      await upload(s.attacherMember, {
        a: { filename: 'plan.pdf', data: PDF },
        b: { filename: 'photo.png', data: PNG },
        c: { filename: 'letter.docx', data: DOCX },
        d: { filename: 'poles.csv', data: CSV },
      }),
      201,
    );
    expect(added.map((f: { name: string; type: string }) => [f.name, f.type])).toEqual(
      expect.arrayContaining([
        ['plan.pdf', 'Pdf'],
        ['photo.png', 'Image'],
        ['letter.docx', 'Document'],
        ['poles.csv', 'Spreadsheet'],
      ]),
    );
    expect(added[0]).toMatchObject({ uploadedBy: { id: s.attacherMember }, canDelete: true });
    const rows = await t.db
      .selectFrom('permit_files')
      .selectAll()
      .where('permit_id', '=', permitId)
      .execute();
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.uploaded_by_organization_id === s.attacherOrg)).toBe(true);
    expect(await activitySummaries(t, permitId, 'FileUploaded')).toContain('Uploaded the file plan.pdf');
    const events = await t.db.selectFrom('events').select(['type', 'organization_id']).execute();
    expect(events.filter((e) => e.type === 'FileUploaded').map((e) => e.organization_id)).toEqual(
      expect.arrayContaining([s.ownerOrg, s.attacherOrg]),
    );
  });

  it('is 401 without a token, 403 without EditPermits, 404 for another attacher or an outsider', async () => {
    const files = { a: { filename: 'plan.pdf', data: PDF } };
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/joint-use/permit/${permitId}/files`,
      ...multipart({}, files),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await upload(s.otherAttacherMember, files)).statusCode).toBe(404);
    expect((await upload(s.outsider, files)).statusCode).toBe(404);
    const target = { projectId, organizationId: s.attacherOrg, userId: s.attacherManager };
    await limitProjectPermissions(t, target, ['ViewPermits']);
    expect((await upload(s.attacherManager, files)).statusCode).toBe(403);
  });

  it('is 409 on a finished permit', async () => {
    await t.db.updateTable('permits').set({ status: 'Cancelled' }).where('id', '=', otherPermitId).execute();
    const res = await upload(s.ownerMember, { a: { filename: 'plan.pdf', data: PDF } }, otherPermitId);
    expect(res.statusCode).toBe(409);
    await t.db.updateTable('permits').set({ status: 'Active' }).where('id', '=', otherPermitId).execute();
  });
});

describe('listing, downloading and deleting', () => {
  it('lists by kind and sorted, and 400s naming a bad field', async () => {
    const byName = dataOf(await overview(s.ownerMember, { sortColumn: 'name', sortAsc: true }));
    expect(byName.map((f: { name: string }) => f.name)).toEqual([
      'letter.docx',
      'photo.png',
      'plan.pdf',
      'poles.csv',
    ]);
    const bySize = dataOf(await overview(s.ownerMember, { sortColumn: 'size', sortAsc: false }));
    const sizes = bySize.map((f: { size: number }) => f.size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(sizes).toContain(PDF.length);
    const images = dataOf(await overview(s.attacherMember, { FileTypes: ['Image', 'Pdf'] }));
    expect(images.map((f: { name: string }) => f.name).sort()).toEqual(['photo.png', 'plan.pdf']);
    const bad = await overview(s.ownerMember, { sortColumn: 'colour' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('body.sortColumn');
    expect((await overview(s.otherAttacherMember)).statusCode).toBe(404);
  });

  it('downloads a file as an attachment, and 404s it through another permit or for another attacher', async () => {
    const [pdf] = dataOf(await overview(s.ownerMember, { FileTypes: ['Pdf'] }));
    const url = `/api/joint-use/permit/${permitId}/files/${pdf.id}`;
    const res = await t.injectAs(s.ownerMember, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment; filename="plan.pdf"');
    expect(res.rawPayload.equals(PDF)).toBe(true);
    const elsewhere = `/api/joint-use/permit/${otherPermitId}/files/${pdf.id}`;
    expect((await t.injectAs(s.ownerMember, { method: 'GET', url: elsewhere })).statusCode).toBe(404);
    expect((await t.injectAs(s.otherAttacherMember, { method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it("soft-deletes: the row stays with who and when, the file is hidden; only the uploader's side or managers", async () => {
    const [png] = dataOf(await overview(s.ownerMember, { FileTypes: ['Image'] }));
    const url = `/api/joint-use/permit/${permitId}/files/${png.id}`;
    expect((await t.injectAs(s.otherAttacherMember, { method: 'DELETE', url })).statusCode).toBe(404);
    const ownerUpload = dataOf(await upload(s.ownerMember, { a: { filename: 'owner.pdf', data: PDF } }), 201);
    const ownerFileUrl = `/api/joint-use/permit/${permitId}/files/${ownerUpload[0].id}`;
    const refused = await t.injectAs(s.attacherMember, { method: 'DELETE', url: ownerFileUrl });
    expect(refused.statusCode).toBe(403);
    dataOf(await t.injectAs(s.attacherMember, { method: 'DELETE', url }));
    const row = await t.db
      .selectFrom('permit_files')
      .selectAll()
      .where('file_id', '=', png.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ deleted_by: s.attacherMember, deleted_at: expect.any(Date) });
    const listed = dataOf(await overview(s.ownerMember));
    expect(listed.map((f: { id: string }) => f.id)).not.toContain(png.id);
    expect((await t.injectAs(s.ownerMember, { method: 'GET', url })).statusCode).toBe(404);
    expect((await t.injectAs(s.attacherMember, { method: 'DELETE', url })).statusCode).toBe(404);
    expect(await activitySummaries(t, permitId, 'FileDeleted')).toEqual(['Deleted the file photo.png']);
    // The pole owner's permit managers may delete what an attacher uploaded.
    const [csv] = dataOf(await overview(s.ownerMember, { FileTypes: ['Spreadsheet'] }));
    const csvUrl = `/api/joint-use/permit/${permitId}/files/${csv.id}`;
    dataOf(await t.injectAs(s.ownerManager, { method: 'DELETE', url: csvUrl }));
    dataOf(await t.injectAs(s.ownerMember, { method: 'DELETE', url: ownerFileUrl }));
  });
});

describe('exporting files as a zip', () => {
  const exportZip = (userId: string, body: object, id = permitId) =>
    t.injectAs(userId, {
      method: 'POST',
      url: `/api/joint-use/permit/${id}/files/overview/export/zip`,
      payload: body,
    });

  it('streams the chosen files, unique names, bytes intact', async () => {
    dataOf(
      await upload(s.attacherMember, {
        a: { filename: 'plan.pdf', data: Buffer.concat([PDF, Buffer.from('v2')]) },
      }),
      201,
    );
    const res = await exportZip(s.ownerMember, { sortColumn: 'name', sortAsc: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="permit-FILES-\d+-files\.zip"/);
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(['letter.docx', 'plan (2).pdf', 'plan.pdf']);
    const pdfs = [entries['plan.pdf']!, entries['plan (2).pdf']!].map((bytes) => strFromU8(bytes));
    expect(pdfs.sort()).toEqual([PDF.toString(), `${PDF.toString()}v2`].sort());
    expect(Buffer.from(entries['letter.docx']!).equals(DOCX)).toBe(true);
  });

  it('keeps to the listed ids and kinds, 404s another attacher, 400s a bad id', async () => {
    const [docx] = dataOf(await overview(s.ownerMember, { FileTypes: ['Document'] }));
    const only = await exportZip(s.attacherMember, { fileIds: [docx.id] });
    expect(Object.keys(unzipSync(new Uint8Array(only.rawPayload)))).toEqual(['letter.docx']);
    const pdfs = await exportZip(s.attacherMember, { FileTypes: ['Pdf'] });
    expect(Object.keys(unzipSync(new Uint8Array(pdfs.rawPayload))).sort()).toEqual([
      'plan (2).pdf',
      'plan.pdf',
    ]);
    expect((await exportZip(s.otherAttacherMember, {})).statusCode).toBe(404);
    const bad = await exportZip(s.ownerMember, { fileIds: ['nope'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('body.fileIds.0');
  });
});
