import { LibraryEntryInputs, type LibraryKind } from '@crossarm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildOrg, buildUser } from '../../../test/factories.ts';
import { seedLibrary } from '../../db/seed/library.ts';

let t: TestApp;
let manager: string;
let member: string;

const BASE = '/api/admin/system/apps';

async function create(kind: string, payload: Record<string, unknown>) {
  const res = await t.injectAs(manager, { method: 'POST', url: `${BASE}/${kind}-library-entries`, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; name: string };
}

async function archive(kind: string, id: string) {
  const res = await t.injectAs(manager, {
    method: 'POST',
    url: `${BASE}/${kind}-library-entries/${id}/archive`,
  });
  expect(res.statusCode).toBe(200);
}

async function list(userId: string, url: string) {
  const res = await t.injectAs(userId, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const names = (items: { name: string }[]) => items.map((item) => item.name);

beforeAll(async () => {
  t = await createTestApp();
  const org = await buildOrg(t.db, { applications: ['JointUse', 'Geospatial'] });
  await buildOrg(t.db, { applications: ['JointUse'] });
  await buildOrg(t.db, { applications: [] });
  manager = (await buildUser(t.db, { organizationId: org.id, systemPermissions: ['ManageLibrary'] })).id;
  member = (await buildUser(t.db, { organizationId: org.id })).id;

  for (const name of ['Application Intake', 'Make Ready', 'Construction', 'Post Inspection', 'Closeout']) {
    await create('stage', { name, description: name === 'Closeout' ? 'Final 100% sign-off' : null });
  }
  const field = await create('stage', { name: 'Field Walk' });
  await archive('stage', field.id);
  await create('property', { name: 'Pole Count', fieldType: 'Number', renderOptions: { decimals: 0 } });
  await create('property', { name: 'Applicant Email', fieldType: 'Email' });
  await create('property', { name: 'Comments', fieldType: 'TextArea' });
  await create('task', { name: 'Survey', defaultDurationDays: 7 });
  await create('unit', { name: 'ft' });
});
afterAll(() => t.close());

describe('GET admin/system/apps', () => {
  it('lists the five applications with their organizations and the active Joint Use library', async () => {
    const apps = await list(manager, BASE);
    expect(apps.map((app: { application: string }) => app.application)).toEqual([
      'JointUse',
      'Engineering',
      'Vegetation',
      'Resilience',
      'Geospatial',
    ]);
    expect(apps[0]).toEqual({
      application: 'JointUse',
      name: 'Joint Use',
      description: 'Create and manage joint use permits.',
      organizationCount: 2,
      libraryCounts: { stage: 5, property: 3, task: 1, unit: 1 },
    });
    expect(apps[4]).toMatchObject({ name: 'Geospatial', organizationCount: 1, libraryCounts: null });
    expect(apps[1]).toMatchObject({ organizationCount: 0 });
  });
});

describe('GET admin/system/apps/{kind}-library-entries', () => {
  it('lists active entries by name by default', async () => {
    const page = await list(manager, `${BASE}/stage-library-entries`);
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 25 });
    expect(names(page.items)).toEqual([
      'Application Intake',
      'Closeout',
      'Construction',
      'Make Ready',
      'Post Inspection',
    ]);
  });

  it('filters by status', async () => {
    expect(names((await list(manager, `${BASE}/stage-library-entries?status=Archived`)).items)).toEqual([
      'Field Walk',
    ]);
    expect((await list(manager, `${BASE}/stage-library-entries?status=All`)).total).toBe(6);
  });

  it('pages and sorts', async () => {
    const second = await list(manager, `${BASE}/stage-library-entries?pageSize=2&page=2&sortDir=desc`);
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(names(second.items)).toEqual(['Construction', 'Closeout']);
    const byType = await list(manager, `${BASE}/property-library-entries?sortBy=fieldType`);
    expect(byType.items.map((item: { fieldType: string }) => item.fieldType)).toEqual([
      'Email',
      'Number',
      'TextArea',
    ]);
    const newest = await list(manager, `${BASE}/stage-library-entries?sortBy=createdAt&sortDir=desc`);
    expect(newest.items[0].name).toBe('Closeout');
  });

  it('searches names and descriptions, taking % and _ literally', async () => {
    expect(names((await list(manager, `${BASE}/stage-library-entries?search=TION`)).items)).toEqual([
      'Application Intake',
      'Construction',
      'Post Inspection',
    ]);
    expect(names((await list(manager, `${BASE}/stage-library-entries?search=sign-off`)).items)).toEqual([
      'Closeout',
    ]);
    expect(names((await list(manager, `${BASE}/stage-library-entries?search=100%25`)).items)).toEqual([
      'Closeout',
    ]);
    expect((await list(manager, `${BASE}/stage-library-entries?search=_`)).total).toBe(0);
  });

  it('refuses an unknown sort or status naming the parameter', async () => {
    const res = await t.injectAs(manager, {
      method: 'GET',
      url: `${BASE}/stage-library-entries?sortBy=colour`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('querystring.sortBy');
  });
});

describe('GET projects/{stage|task|property}-library-entries', () => {
  it('gives anyone signed in the active entries by name', async () => {
    const stages = await list(member, '/api/projects/stage-library-entries');
    expect(names(stages)).toEqual([
      'Application Intake',
      'Closeout',
      'Construction',
      'Make Ready',
      'Post Inspection',
    ]);
    expect(names(await list(member, '/api/projects/property-library-entries'))).toEqual([
      'Applicant Email',
      'Comments',
      'Pole Count',
    ]);
    expect(await list(member, '/api/projects/task-library-entries')).toEqual([
      expect.objectContaining({ name: 'Survey', defaultDurationDays: 7 }),
    ]);
  });

  it('lists the library of the asked application', async () => {
    expect(await list(member, '/api/projects/stage-library-entries?application=Geospatial')).toEqual([]);
    const res = await t.injectAs(member, {
      method: 'GET',
      url: '/api/projects/stage-library-entries?application=X',
    });
    expect(res.statusCode).toBe(400);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/task-library-entries' });
    expect(res.statusCode).toBe(401);
  });
});

describe('references between entries', () => {
  it('measures a Number property in an existing, active unit', async () => {
    const poles = await create('unit', { name: 'poles' });
    await create('property', {
      name: 'Poles Requested',
      fieldType: 'Number',
      renderOptions: { unit: 'POLES' },
    });
    const unknown = await t.injectAs(manager, {
      method: 'POST',
      url: `${BASE}/property-library-entries`,
      payload: { name: 'Cost', fieldType: 'Number', renderOptions: { unit: 'EUR' } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { field: 'body.renderOptions.unit', message: "There is no unit named 'EUR'" },
    ]);
    await archive('unit', poles.id);
    const archived = await t.injectAs(manager, {
      method: 'POST',
      url: `${BASE}/property-library-entries`,
      payload: { name: 'Poles Approved', fieldType: 'Number', renderOptions: { unit: 'poles' } },
    });
    expect(archived.json().errors[0].message).toBe("The unit 'poles' is archived");
  });

  it('keeps a unit in use from being renamed or deleted', async () => {
    const unit = await create('unit', { name: 'in' });
    await create('property', { name: 'Clearance', fieldType: 'Number', renderOptions: { unit: 'in' } });
    const rename = await t.injectAs(manager, {
      method: 'PUT',
      url: `${BASE}/unit-library-entries/${unit.id}`,
      payload: { name: 'inches' },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().detail).toBe(
      "The unit 'in' cannot be renamed while Clearance uses it. Change that property first.",
    );
    const remove = await t.injectAs(manager, {
      method: 'DELETE',
      url: `${BASE}/unit-library-entries/${unit.id}`,
    });
    expect(remove.statusCode).toBe(409);
    const describe = await t.injectAs(manager, {
      method: 'PUT',
      url: `${BASE}/unit-library-entries/${unit.id}`,
      payload: { name: 'IN', description: 'Inches' },
    });
    expect(describe.statusCode).toBe(200);
  });

  it('lets a formula use existing properties only, never itself, and never in a circle', async () => {
    await create('property', { name: 'Fee per Pole', fieldType: 'Number' });
    const fee = await create('property', {
      name: 'Application Fee',
      fieldType: 'Expression',
      renderOptions: { formula: 'round({pole count} * {Fee per Pole}, 2)', resultType: 'Number' },
    });
    const post = (name: string, formula: string) =>
      t.injectAs(manager, {
        method: 'POST',
        url: `${BASE}/property-library-entries`,
        payload: { name, fieldType: 'Expression', renderOptions: { formula, resultType: 'Number' } },
      });
    const unknown = await post('Total', '{Application Fee} + {Make Ready Fee} + {Other}');
    expect(unknown.json().errors).toEqual([
      { field: 'body.renderOptions.formula', message: 'Unknown properties: {Make Ready Fee}, {Other}' },
    ]);
    expect((await post('Loop', '{loop} + 1')).json().errors[0].message).toBe(
      'A formula cannot refer to its own property',
    );
    const total = await post('Total', '{Application Fee} * 1.1');
    expect(total.statusCode).toBe(200);
    // Making the fee depend on the total would close a circle.
    const circle = await t.injectAs(manager, {
      method: 'PUT',
      url: `${BASE}/property-library-entries/${fee.id}`,
      payload: {
        name: 'Application Fee',
        fieldType: 'Expression',
        renderOptions: { formula: '{Total} / 2', resultType: 'Number' },
      },
    });
    expect(circle.statusCode).toBe(400);
    expect(circle.json().errors[0].message).toBe(
      'The formula would refer back to itself: {application fee} → {total} → {application fee}',
    );
  });

  it('keeps a property used in a formula from being renamed or deleted', async () => {
    const rate = await create('property', { name: 'Rate', fieldType: 'Number' });
    await create('property', {
      name: 'Doubled Rate',
      fieldType: 'Expression',
      renderOptions: { formula: '{rate} * 2', resultType: 'Number' },
    });
    const remove = await t.injectAs(manager, {
      method: 'DELETE',
      url: `${BASE}/property-library-entries/${rate.id}`,
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().detail).toBe(
      "The property 'Rate' cannot be deleted while Doubled Rate uses it. Change that property first.",
    );
  });
});

describe('the demo library', () => {
  it('is valid by the same rules as the API', async () => {
    const fresh = await createTestApp();
    try {
      await seedLibrary(fresh.db);
      const rows = await fresh.db.selectFrom('library_entries').selectAll().execute();
      expect(rows.length).toBeGreaterThan(20);
      for (const row of rows) {
        const body = {
          name: row.name,
          description: row.description,
          ...(row.kind === 'property'
            ? { fieldType: row.field_type, renderOptions: row.render_options }
            : {}),
          ...(row.kind === 'task' ? { defaultDurationDays: row.default_duration_days } : {}),
        };
        const parsed = LibraryEntryInputs[row.kind as LibraryKind].safeParse(body);
        expect(parsed.success, `${row.kind} ${row.name}: ${parsed.error?.message}`).toBe(true);
      }
    } finally {
      await fresh.close();
    }
  });
});
