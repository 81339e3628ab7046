import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildOrg, buildUser } from '../../../test/factories.ts';

let t: TestApp;
let manager: string;
let viewer: string;
let member: string;

const BASE = '/api/admin/system/apps';

beforeAll(async () => {
  t = await createTestApp();
  const org = await buildOrg(t.db, { name: 'Crossarm Operations' });
  manager = (await buildUser(t.db, { organizationId: org.id, systemPermissions: ['ManageLibrary'] })).id;
  viewer = (await buildUser(t.db, { organizationId: org.id, systemPermissions: ['ViewApps'] })).id;
  member = (await buildUser(t.db, { organizationId: org.id })).id;
});
afterAll(() => t.close());

const as = (userId: string, options: InjectOptions) => t.injectAs(userId, options);

async function create(kind: string, payload: Record<string, unknown>, userId = manager) {
  return as(userId, { method: 'POST', url: `${BASE}/${kind}-library-entries`, payload });
}

async function createOk(kind: string, payload: Record<string, unknown>) {
  const res = await create(kind, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; name: string; status: string; updatedAt: string };
}

/** How many library rows and audit rows exist: what "nothing written" is checked against. */
async function counts() {
  const [entries, audits] = await Promise.all([
    t.db
      .selectFrom('library_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { entries: Number(entries.n), audits: Number(audits.n) };
}

async function auditRows(targetId: string) {
  return t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_type', '=', 'library-entry')
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();
}

describe('authentication and permissions', () => {
  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', `${BASE}`],
      ['GET', `${BASE}/stage-library-entries`],
      ['POST', `${BASE}/stage-library-entries`],
      ['GET', '/api/projects/stage-library-entries'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'POST' ? { name: 'Intake' } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 403 to users without ViewApps or ManageLibrary, for the apps and every list', async () => {
    expect((await as(member, { method: 'GET', url: BASE })).statusCode).toBe(403);
    for (const kind of ['stage', 'property', 'task', 'unit']) {
      const res = await as(member, { method: 'GET', url: `${BASE}/${kind}-library-entries` });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, status: 403, title: 'Forbidden' });
    }
  });

  it('lets ViewApps read but not change, and writes nothing on a refused change', async () => {
    const entry = await createOk('stage', { name: 'Viewer Target' });
    expect((await as(viewer, { method: 'GET', url: `${BASE}/stage-library-entries` })).statusCode).toBe(200);
    expect((await as(viewer, { method: 'GET', url: BASE })).statusCode).toBe(200);
    const before = await counts();
    const attempts: InjectOptions[] = [
      { method: 'POST', url: `${BASE}/stage-library-entries`, payload: { name: 'Sneaky' } },
      { method: 'PUT', url: `${BASE}/stage-library-entries/${entry.id}`, payload: { name: 'Renamed' } },
      { method: 'DELETE', url: `${BASE}/stage-library-entries/${entry.id}` },
      { method: 'POST', url: `${BASE}/stage-library-entries/${entry.id}/archive` },
      { method: 'POST', url: `${BASE}/stage-library-entries/${entry.id}/unarchive` },
    ];
    for (const attempt of attempts) {
      const res = await as(viewer, attempt);
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      expect(res.json().detail).toContain('ManageLibrary');
    }
    expect(await counts()).toEqual(before);
  });
});

describe('creating entries', () => {
  it('creates an entry of each kind and records who did it in the audit log', async () => {
    const stage = await createOk('stage', {
      name: '  Application Review ',
      description: 'Owner checks the packet.',
    });
    expect(stage).toMatchObject({
      kind: 'stage',
      application: 'JointUse',
      name: 'Application Review',
      description: 'Owner checks the packet.',
      status: 'Active',
      fieldType: null,
      renderOptions: null,
      defaultDurationDays: null,
      archivedAt: null,
    });
    const task = await createOk('task', { name: 'Field Survey', defaultDurationDays: 14 });
    expect(task).toMatchObject({ kind: 'task', defaultDurationDays: 14, description: null });
    const unit = await createOk('unit', { name: 'poles', description: '' });
    expect(unit).toMatchObject({ kind: 'unit', description: null });
    const property = await createOk('property', {
      name: 'Attachment Type',
      fieldType: 'Dropdown',
      renderOptions: {
        options: [
          { value: 'comm', label: 'Communication' },
          { value: 'power', label: 'Power' },
        ],
      },
    });
    expect(property).toMatchObject({
      kind: 'property',
      fieldType: 'Dropdown',
      renderOptions: { options: expect.any(Array) },
    });

    const [audit] = await auditRows(property.id);
    expect(audit).toMatchObject({ action: 'library-entry.create', actor_user_id: manager, before: null });
    expect(audit?.after).toMatchObject({ name: 'Attachment Type', fieldType: 'Dropdown' });
    const row = await t.db
      .selectFrom('library_entries')
      .selectAll()
      .where('id', '=', property.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ created_by: manager, updated_by: manager, field_type: 'Dropdown' });
  });

  it('fills empty render options for field types that need none', async () => {
    const entry = await createOk('property', { name: 'Inspection Date', fieldType: 'Date' });
    expect(entry).toMatchObject({ fieldType: 'Date', renderOptions: {} });
  });

  it('keeps the fields of other kinds out of an entry', async () => {
    const stage = await createOk('stage', { name: 'Make Ready', defaultDurationDays: 5, fieldType: 'Text' });
    expect(stage).toMatchObject({ defaultDurationDays: null, fieldType: null, renderOptions: null });
  });

  it.each([
    [
      'duplicate option values',
      {
        name: 'Pole Class',
        fieldType: 'Dropdown',
        renderOptions: {
          options: [
            { value: 'H1', label: 'H1' },
            { value: 'h1', label: 'Class H1' },
          ],
        },
      },
      'body.renderOptions.options.1.value',
    ],
    [
      'a blank option value',
      { name: 'Pole Class', fieldType: 'Radio', renderOptions: { options: [{ value: '', label: 'None' }] } },
      'body.renderOptions.options.0.value',
    ],
    [
      'no options',
      { name: 'Pole Class', fieldType: 'Radio', renderOptions: { options: [] } },
      'body.renderOptions.options',
    ],
    [
      'a minimum above the maximum',
      { name: 'Height', fieldType: 'Number', renderOptions: { min: 9, max: 1 } },
      'body.renderOptions.max',
    ],
    [
      'a formula that does not parse',
      {
        name: 'Fee',
        fieldType: 'Expression',
        renderOptions: { formula: '({Poles} * 2', resultType: 'Number' },
      },
      'body.renderOptions.formula',
    ],
    [
      'an unknown field type',
      { name: 'Signature', fieldType: 'Signature', renderOptions: {} },
      'body.fieldType',
    ],
    ['a blank name', { name: '   ', fieldType: 'Text' }, 'body.name'],
    ['a name too long', { name: 'x'.repeat(121), fieldType: 'Text' }, 'body.name'],
  ])('refuses %s with 400 naming the field, and writes nothing', async (_case, payload, field) => {
    const before = await counts();
    const res = await create('property', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, status: 400 });
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await counts()).toEqual(before);
  });

  it('says where a formula fails', async () => {
    const res = await create('property', {
      name: 'Fee',
      fieldType: 'Expression',
      renderOptions: { formula: '2 * * 3', resultType: 'Number' },
    });
    expect(res.json().errors).toEqual([
      { field: 'body.renderOptions.formula', message: "Unexpected '*' at position 5" },
    ]);
  });

  it('refuses a negative task duration and a bad application', async () => {
    const res = await create('task', { name: 'Design', defaultDurationDays: -2 });
    expect(res.json().errors[0].field).toBe('body.defaultDurationDays');
    const app = await as(manager, {
      method: 'POST',
      url: `${BASE}/task-library-entries?application=Nope`,
      payload: { name: 'Design' },
    });
    expect(app.statusCode).toBe(400);
    expect(app.json().errors[0].field).toBe('querystring.application');
  });

  it('answers 409 for a name already used in the same kind, ignoring case, and writes nothing', async () => {
    await createOk('unit', { name: 'ft' });
    const before = await counts();
    const res = await create('unit', { name: 'FT' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe("A unit named 'ft' already exists. Choose another name.");
    expect(await counts()).toEqual(before);
    // Another kind may use the same name.
    await createOk('stage', { name: 'ft' });
  });
});

describe('changing entries', () => {
  it('replaces an entry and audits before and after', async () => {
    const task = await createOk('task', { name: 'Pole Loading Analysis', defaultDurationDays: 10 });
    const res = await as(manager, {
      method: 'PUT',
      url: `${BASE}/task-library-entries/${task.id}`,
      payload: { name: 'Pole Loading', description: 'Structural check', defaultDurationDays: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Pole Loading',
      description: 'Structural check',
      defaultDurationDays: null,
    });
    expect(Date.parse(res.json().data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(task.updatedAt));
    const audits = await auditRows(task.id);
    expect(audits.map((a) => a.action)).toEqual(['library-entry.create', 'library-entry.update']);
    expect(audits[1]?.before).toMatchObject({ name: 'Pole Loading Analysis', defaultDurationDays: 10 });
    expect(audits[1]?.after).toMatchObject({ name: 'Pole Loading', defaultDurationDays: null });
  });

  it('may keep its own name in another case, but not take another entry’s', async () => {
    const a = await createOk('stage', { name: 'Construction' });
    await createOk('stage', { name: 'Inspection' });
    const recased = await as(manager, {
      method: 'PUT',
      url: `${BASE}/stage-library-entries/${a.id}`,
      payload: { name: 'CONSTRUCTION' },
    });
    expect(recased.statusCode).toBe(200);
    const before = await counts();
    const taken = await as(manager, {
      method: 'PUT',
      url: `${BASE}/stage-library-entries/${a.id}`,
      payload: { name: 'inspection' },
    });
    expect(taken.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it('refuses a bad replacement with 400 and leaves the entry as it was', async () => {
    const entry = await createOk('property', {
      name: 'Span Count',
      fieldType: 'Number',
      renderOptions: { decimals: 0 },
    });
    const res = await as(manager, {
      method: 'PUT',
      url: `${BASE}/property-library-entries/${entry.id}`,
      payload: { name: 'Span Count', fieldType: 'Number', renderOptions: { decimals: 0, colour: 'red' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('body.renderOptions');
    const row = await t.db
      .selectFrom('library_entries')
      .select('render_options')
      .where('id', '=', entry.id)
      .executeTakeFirstOrThrow();
    expect(row.render_options).toEqual({ decimals: 0 });
    expect(await auditRows(entry.id)).toHaveLength(1);
  });

  it('archives and unarchives, once each, with audit rows', async () => {
    const unit = await createOk('unit', { name: 'USD' });
    const archived = await as(manager, {
      method: 'POST',
      url: `${BASE}/unit-library-entries/${unit.id}/archive`,
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data).toMatchObject({ status: 'Archived', archivedAt: expect.any(String) });
    const again = await as(manager, {
      method: 'POST',
      url: `${BASE}/unit-library-entries/${unit.id}/archive`,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe("The unit 'USD' is already archived.");
    const restored = await as(manager, {
      method: 'POST',
      url: `${BASE}/unit-library-entries/${unit.id}/unarchive`,
    });
    expect(restored.json().data).toMatchObject({ status: 'Active', archivedAt: null });
    const audits = await auditRows(unit.id);
    expect(audits.map((a) => a.action)).toEqual([
      'library-entry.create',
      'library-entry.archive',
      'library-entry.unarchive',
    ]);
    expect(audits[1]).toMatchObject({ before: { status: 'Active' }, after: { status: 'Archived' } });
  });

  it('deletes an entry and keeps its last state in the audit log', async () => {
    const stage = await createOk('stage', { name: 'Obsolete Stage' });
    const res = await as(manager, { method: 'DELETE', url: `${BASE}/stage-library-entries/${stage.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: stage.id });
    expect(
      await t.db.selectFrom('library_entries').select('id').where('id', '=', stage.id).execute(),
    ).toEqual([]);
    const audits = await auditRows(stage.id);
    expect(audits.at(-1)).toMatchObject({
      action: 'library-entry.delete',
      after: null,
      before: { name: 'Obsolete Stage' },
    });
  });

  it('answers 404 for an unknown id, or the id of another kind, and 400 for a malformed one', async () => {
    const stage = await createOk('stage', { name: 'Kind Check' });
    const unknown = randomUUID();
    const attempts: InjectOptions[] = [
      { method: 'PUT', url: `${BASE}/stage-library-entries/${unknown}`, payload: { name: 'X' } },
      { method: 'DELETE', url: `${BASE}/stage-library-entries/${unknown}` },
      { method: 'POST', url: `${BASE}/stage-library-entries/${unknown}/archive` },
      { method: 'POST', url: `${BASE}/stage-library-entries/${unknown}/unarchive` },
      { method: 'DELETE', url: `${BASE}/task-library-entries/${stage.id}` },
    ];
    const before = await counts();
    for (const attempt of attempts) {
      const res = await as(manager, attempt);
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
    }
    expect(await counts()).toEqual(before);
    const bad = await as(manager, { method: 'DELETE', url: `${BASE}/stage-library-entries/not-an-id` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('params.id');
  });
});
