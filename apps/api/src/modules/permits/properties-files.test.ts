import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { WorkflowDefinition } from '@crossarm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { id, stage, task } from '../../../../../packages/shared/src/workflow-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildPermit, buildPublishedTemplate } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { activitySummaries, PDF } from './files-test-scene.ts';
import { buildProperty } from './tasks-test-scene.ts';
import { buildPermitScene, dataOf, type PermitScene, sceneProject } from './test-scene.ts';

// File properties: files uploaded as `file:<propertyEntryId>` parts on a task, on the application form of a
// permit and when applying; the stored value lists them and they are the permit's files.

let t: TestApp;
let s: PermitScene;
let projectId: string;
let templateId: string;
const E: Record<string, string> = {};
const STAGE = id(1);
const TASK = id(11);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(16, 1),
]);
const NOT_PDF = Buffer.from('MZ\x90\x00\x03\x00\x00\x00 this is a program');

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
  projectId = (await sceneProject(t, s, 'PFI')).id;
  E.drawing = await buildProperty(t, 'PF Drawing', 'File', { acceptedTypes: ['.pdf'], maxSizeMb: 1 });
  E.photos = await buildProperty(t, 'PF Photos', 'File');
  E.notes = await buildProperty(t, 'PF Notes', 'Text');
  E.survey = await buildProperty(t, 'PF Survey', 'File');
  E.contact = await buildProperty(t, 'PF Contact', 'User');
  const props = (...ids: string[]) => ids.map((libraryEntryId) => ({ libraryEntryId, required: false }));
  const definition = WorkflowDefinition.parse({
    stages: [stage(STAGE, 'Only', [task(TASK, 'Drawings', { properties: props(E.drawing!, E.notes!) })])],
    applicationForm: [
      { libraryEntryId: E.survey!, required: true },
      ...props(E.photos!, E.notes!, E.contact!),
    ],
  });
  templateId = (await buildPublishedTemplate(t.db, projectId, definition)).templateId;
});
afterAll(() => t.close());

const newPermit = async () =>
  (await buildPermit(t.db, { projectId, templateId, applicantOrganizationId: s.attacherOrg })).id;
const taskUrl = (permitId: string) => `/api/joint-use/permit/${permitId}/stage/${STAGE}/task/${TASK}`;
type Upload = Record<string, { filename: string; data: Buffer }>;
const saveTask = (permitId: string, values: unknown[], files: Upload = {}) =>
  t.injectAs(s.attacherMember, {
    method: 'PUT',
    url: taskUrl(permitId),
    ...multipart({ values: JSON.stringify(values) }, files),
  });

async function storedValue(permitId: string, taskKey: string | null, propertyEntryId: string) {
  const row = await t.db
    .selectFrom('permit_property_values')
    .select('value')
    .where('permit_id', '=', permitId)
    .where('property_entry_id', '=', propertyEntryId)
    .where((eb) => (taskKey ? eb('task_key', '=', taskKey) : eb('task_key', 'is', null)))
    .executeTakeFirst();
  return row?.value ?? null;
}

const permitFiles = (permitId: string) =>
  t.injectAs(s.ownerMember, {
    method: 'POST',
    url: `/api/joint-use/permit/${permitId}/files/overview`,
    payload: { sortColumn: 'name', sortAsc: true },
  });

const stored = async () => ({
  rows: (await t.db.selectFrom('stored_files').select('id').execute()).length,
  onDisk: (await readdir(path.join(t.config.filesDir, 'permit-file')).catch(() => [])).length,
});

describe('File properties of a task', () => {
  it('appends uploaded files to the value, lists them as permit files and records the changes', async () => {
    const permitId = await newPermit();
    const first = dataOf(
      await saveTask(permitId, [{ propertyEntryId: E.notes, value: 'Rev A' }], {
        [`file:${E.drawing}`]: { filename: 'plan.pdf', data: PDF },
      }),
    );
    const shown = first.properties.find((p: { libraryEntryId: string }) => p.libraryEntryId === E.drawing);
    expect(shown.value).toEqual([
      { fileId: expect.any(String), fileName: 'plan.pdf', size: PDF.length, contentType: 'application/pdf' },
    ]);
    const firstId = shown.value[0].fileId;
    dataOf(await saveTask(permitId, [], { [`file:${E.drawing}`]: { filename: 'plan-b.pdf', data: PDF } }));
    const both = (await storedValue(permitId, TASK, E.drawing!)) as { fileId: string; fileName: string }[];
    expect(both.map((f) => f.fileName)).toEqual(['plan.pdf', 'plan-b.pdf']);
    const listed = dataOf(await permitFiles(permitId));
    expect(listed.map((f: { id: string; name: string; type: string }) => [f.name, f.type])).toEqual([
      ['plan-b.pdf', 'Pdf'],
      ['plan.pdf', 'Pdf'],
    ]);
    expect(listed.map((f: { id: string }) => f.id)).toContain(firstId);
    expect(await activitySummaries(t, permitId, 'FileUploaded')).toEqual([
      'Uploaded the file plan.pdf',
      'Uploaded the file plan-b.pdf',
    ]);
    expect(await activitySummaries(t, permitId, 'PropertyChanged')).toEqual([
      'PF Notes was changed',
      'PF Drawing was changed',
      'PF Drawing was changed',
    ]);
    const events = await t.db
      .selectFrom('events')
      .select('type')
      .where('type', '=', 'FileUploaded')
      .where(({ eb, ref }) => eb(ref('payload', '->>').key('permitId'), '=', permitId))
      .execute();
    expect(events.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps only the listed files, and clears with none', async () => {
    const permitId = await newPermit();
    dataOf(await saveTask(permitId, [], { [`file:${E.drawing}`]: { filename: 'a.pdf', data: PDF } }));
    dataOf(await saveTask(permitId, [], { [`file:${E.drawing}`]: { filename: 'b.pdf', data: PDF } }));
    const [a, b] = (await storedValue(permitId, TASK, E.drawing!)) as { fileId: string }[];
    // The refs themselves are taken too, as the browser may send back what it was given.
    dataOf(await saveTask(permitId, [{ propertyEntryId: E.drawing, value: [b] }]));
    expect(await storedValue(permitId, TASK, E.drawing!)).toEqual([b]);
    dataOf(await saveTask(permitId, [{ propertyEntryId: E.drawing, value: [] }]));
    expect(await storedValue(permitId, TASK, E.drawing!)).toBeNull();
    expect(await activitySummaries(t, permitId, 'PropertyChanged')).toContain('PF Drawing was cleared');
    // The files stay on the permit's record; only the property no longer lists them.
    expect(
      dataOf(await permitFiles(permitId))
        .map((f: { id: string }) => f.id)
        .sort(),
    ).toEqual([a!.fileId, b!.fileId].sort());
  });

  it('refuses an id that is not one of the property files, naming the value, and changes nothing', async () => {
    const permitId = await newPermit();
    dataOf(await saveTask(permitId, [], { [`file:${E.drawing}`]: { filename: 'a.pdf', data: PDF } }));
    const before = await storedValue(permitId, TASK, E.drawing!);
    const other = '00000000-0000-4000-8000-0000000000ff';
    const res = await saveTask(permitId, [{ propertyEntryId: E.drawing, value: [other] }], {
      [`file:${E.drawing}`]: { filename: 'b.pdf', data: PDF },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'body.values.0.value', message: `Not one of this property's files: ${other}` },
    ]);
    expect(await storedValue(permitId, TASK, E.drawing!)).toEqual(before);
  });

  it('refuses a file whose bytes are not what its name says, with nothing stored', async () => {
    const permitId = await newPermit();
    const before = await stored();
    const res = await saveTask(permitId, [{ propertyEntryId: E.notes, value: 'x' }], {
      [`file:${E.drawing}`]: { filename: 'plan.pdf', data: NOT_PDF },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(`body.file:${E.drawing}`);
    expect(await stored()).toEqual(before);
    expect(await storedValue(permitId, TASK, E.notes!)).toBeNull();
  });

  it("refuses a file outside the property's accepted types, or for a property that takes no files", async () => {
    const permitId = await newPermit();
    const before = await stored();
    const png = await saveTask(permitId, [], { [`file:${E.drawing}`]: { filename: 'site.png', data: PNG } });
    expect(png.statusCode).toBe(400);
    expect(png.json().errors).toEqual([
      { field: `body.file:${E.drawing}`, message: 'site.png is not an accepted type (.pdf)' },
    ]);
    const wrong = await saveTask(permitId, [], {
      [`file:${E.notes}`]: { filename: 'a.pdf', data: PDF },
      [`file:${E.photos}`]: { filename: 'b.pdf', data: PDF },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: `body.file:${E.notes}`, message: 'Not a File property of this task' },
      { field: `body.file:${E.photos}`, message: 'Not a File property of this task' },
    ]);
    const unnamed = await saveTask(permitId, [], { attachment: { filename: 'a.pdf', data: PDF } });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors[0].field).toBe('body.attachment');
    expect(await stored()).toEqual(before);
    expect(await activitySummaries(t, permitId, 'FileUploaded')).toEqual([]);
  });

  it('loses a file deleted from the permit, and the value goes with its last file', async () => {
    const permitId = await newPermit();
    dataOf(await saveTask(permitId, [], { [`file:${E.drawing}`]: { filename: 'a.pdf', data: PDF } }));
    dataOf(await saveTask(permitId, [], { [`file:${E.drawing}`]: { filename: 'b.pdf', data: PDF } }));
    const [a, b] = (await storedValue(permitId, TASK, E.drawing!)) as { fileId: string }[];
    const remove = (fileId: string) =>
      t.injectAs(s.attacherMember, {
        method: 'DELETE',
        url: `/api/joint-use/permit/${permitId}/files/${fileId}`,
      });
    expect((await remove(a!.fileId)).statusCode).toBe(200);
    expect(await storedValue(permitId, TASK, E.drawing!)).toEqual([b]);
    expect((await remove(b!.fileId)).statusCode).toBe(200);
    expect(await storedValue(permitId, TASK, E.drawing!)).toBeNull();
    expect(await activitySummaries(t, permitId, 'PropertyChanged')).toEqual([
      'PF Drawing was changed',
      'PF Drawing was changed',
      'PF Drawing was changed',
      'PF Drawing was cleared',
    ]);
    expect(await activitySummaries(t, permitId, 'FileDeleted')).toEqual([
      'Deleted the file a.pdf',
      'Deleted the file b.pdf',
    ]);
  });

  it('takes files for the application form of a permit too', async () => {
    const permitId = await newPermit();
    const saved = dataOf(
      await t.injectAs(s.attacherMember, {
        method: 'PUT',
        url: `/api/joint-use/permit/${permitId}/properties`,
        ...multipart({}, { [`file:${E.photos}`]: { filename: 'pole.png', data: PNG } }),
      }),
    );
    const photos = saved.properties.find((p: { libraryEntryId: string }) => p.libraryEntryId === E.photos);
    expect(photos.value).toEqual([
      expect.objectContaining({ fileName: 'pole.png', contentType: 'image/png' }),
    ]);
    expect(dataOf(await permitFiles(permitId)).map((f: { type: string }) => f.type)).toEqual(['Image']);
  });
});

describe('applying with files', () => {
  const apply = (fields: Record<string, unknown>, files: Upload = {}) =>
    t.injectAs(s.attacherMember, {
      method: 'POST',
      url: '/api/joint-use/permit',
      ...multipart(
        Object.fromEntries(
          Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
        ),
        files,
      ),
    });

  it('fills File properties from file:<id> parts and attaches `files` parts, all as permit files', async () => {
    const res = await apply(
      { projectId, values: [{ propertyEntryId: E.notes, value: 'Two poles' }] },
      {
        [`file:${E.survey}`]: { filename: 'survey.pdf', data: PDF },
        files: { filename: 'photo.png', data: PNG },
      },
    );
    const { id: permitId } = dataOf(res, 201);
    expect(await storedValue(permitId, null, E.survey!)).toEqual([
      expect.objectContaining({ fileName: 'survey.pdf', contentType: 'application/pdf' }),
    ]);
    expect(await storedValue(permitId, null, E.notes!)).toBe('Two poles');
    expect(dataOf(await permitFiles(permitId)).map((f: { name: string }) => f.name)).toEqual([
      'photo.png',
      'survey.pdf',
    ]);
    expect(await activitySummaries(t, permitId, 'FileUploaded')).toEqual([
      'Uploaded the file survey.pdf',
      'Uploaded the file photo.png',
    ]);
  });

  const permitCount = async () =>
    (await t.db.selectFrom('permits').select('id').where('project_id', '=', projectId).execute()).length;

  it('counts a required File property as missing without a file, and refuses misplaced files', async () => {
    const before = await stored();
    const permits = await permitCount();
    const missing = await apply({ projectId, values: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: `body.values.${E.survey}`, message: 'Required' }]);
    const wrong = await apply(
      { projectId },
      {
        [`file:${E.survey}`]: { filename: 'survey.pdf', data: PDF },
        [`file:${E.drawing}`]: { filename: 'plan.pdf', data: PDF },
      },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: `body.file:${E.drawing}`, message: 'Not a File property of the application form' },
    ]);
    const lying = await apply(
      { projectId },
      { [`file:${E.survey}`]: { filename: 'survey.pdf', data: NOT_PDF } },
    );
    expect(lying.statusCode).toBe(400);
    expect(await stored()).toEqual(before);
    expect(await permitCount()).toBe(permits);
  });

  it('answers completeness with the File properties the applicant has files for', async () => {
    const check = (payload: object) =>
      t.injectAs(s.attacherMember, {
        method: 'POST',
        url: '/api/joint-use/permit/completeness',
        payload: { projectId, values: [], ...payload },
      });
    expect(dataOf(await check({})).missing.map((m: { name: string }) => m.name)).toEqual(['PF Survey']);
    expect(dataOf(await check({ fileProperties: [E.survey] }))).toEqual({ complete: true, missing: [] });
  });

  it('takes User values only for people who will see the permit', async () => {
    const values = (person: string) => [{ propertyEntryId: E.contact, value: person }];
    const files = { [`file:${E.survey}`]: { filename: 'survey.pdf', data: PDF } };
    const refused = await apply({ projectId, values: values(s.otherAttacherMember) }, files);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'body.values.0.value', message: 'Must be someone who can see the permit' },
    ]);
    const { id: permitId } = dataOf(await apply({ projectId, values: values(s.ownerMember) }, files), 201);
    expect(await storedValue(permitId, null, E.contact!)).toBe(s.ownerMember);
    dataOf(await apply({ projectId, values: values(s.attacherManager) }, files), 201);
    // An id is the same id in capitals.
    dataOf(await apply({ projectId: projectId.toUpperCase(), values: values(s.ownerMember) }, files), 201);
  });
});
