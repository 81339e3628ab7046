import { WorkflowDefinition } from '@crossarm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildPublishedTemplate } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import {
  buildEntry,
  buildPermitScene,
  dataOf,
  grantOnly,
  type PermitScene,
  sceneProject,
} from './test-scene.ts';

const base = '/api/joint-use/permit';
let t: TestApp;
let s: PermitScene;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
});
afterAll(() => t.close());

const pole = (projectId: string, externalId: string) => ({
  project_id: projectId,
  external_id: externalId,
  lon: -80,
  lat: 40,
  attributes: '{}',
  source: 'GeoJSON' as const,
});

/** A fresh project with a published workflow and two poles on its map. */
async function setup() {
  counter += 1;
  const project = await sceneProject(t, s, `APP${counter}`);
  const { templateId } = await buildPublishedTemplate(t.db, project.id);
  await t.db
    .insertInto('project_poles')
    .values([pole(project.id, 'P1'), pole(project.id, 'P2')])
    .execute();
  return { projectId: project.id, templateId };
}

const apply = (userId: string, payload: Record<string, unknown>) =>
  t.injectAs(userId, { method: 'POST', url: base, payload });

const permitsOf = (projectId: string) =>
  t.db.selectFrom('permits').selectAll().where('project_id', '=', projectId).execute();

const valid = (projectId: string) => ({
  projectId,
  location: 'Main St',
  poleIds: ['P2', 'P1'],
  values: [{ propertyEntryId: s.entries.poleCount, value: 2 }],
});

describe('POST /api/joint-use/permit', () => {
  it('creates the permit with its stages, tasks, values, poles, activity and events', async () => {
    const { projectId, templateId } = await setup();
    const created = dataOf(await apply(s.attacherMember, valid(projectId)), 201);
    expect(created.permitNumber).toBe(`APP${counter}-000001`);
    const [permit] = await permitsOf(projectId);
    expect(permit).toMatchObject({
      id: created.id,
      template_id: templateId,
      applicant_organization_id: s.attacherOrg,
      created_by: s.attacherMember,
      status: 'Active',
      location: 'Main St',
      actual_poles: 2,
    });
    const stages = await t.db
      .selectFrom('permit_stages')
      .select('status')
      .where('permit_id', '=', created.id)
      .execute();
    const tasks = await t.db
      .selectFrom('permit_tasks')
      .select('status')
      .where('permit_id', '=', created.id)
      .execute();
    expect(stages.length).toBeGreaterThan(0);
    expect(tasks.length).toBeGreaterThan(0);
    const values = await t.db
      .selectFrom('permit_property_values')
      .select(['property_entry_id', 'value', 'task_key'])
      .where('permit_id', '=', created.id)
      .execute();
    expect(values).toEqual([{ property_entry_id: s.entries.poleCount, value: 2, task_key: null }]);
    const poles = await t.db
      .selectFrom('permit_poles')
      .select(['external_id', 'position'])
      .where('permit_id', '=', created.id)
      .orderBy('position')
      .execute();
    expect(poles).toEqual([
      { external_id: 'P2', position: 0 },
      { external_id: 'P1', position: 1 },
    ]);
    const activity = await t.db
      .selectFrom('permit_activity')
      .select('kind')
      .where('permit_id', '=', created.id)
      .execute();
    expect(activity.map((a) => a.kind)).toEqual(['PermitCreated']);
    const events = await t.db
      .selectFrom('events')
      .select(['organization_id', 'payload'])
      .where('type', '=', 'PermitCreated')
      .where(({ eb, ref }) => eb(ref('payload', '->>').key('permitId'), '=', created.id))
      .execute();
    expect(events.map((e) => e.organization_id).sort()).toEqual([s.ownerOrg, s.attacherOrg].sort());
  });

  it('accepts the same fields as multipart', async () => {
    const { projectId } = await setup();
    const boundary = 'applyboundary';
    const fields: Record<string, string> = {
      projectId,
      poleIds: JSON.stringify(['P1']),
      values: JSON.stringify([{ propertyEntryId: s.entries.poleCount, value: 1 }]),
    };
    const body = `${Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('')}--${boundary}--\r\n`;
    const res = await t.injectAs(s.attacherMember, {
      method: 'POST',
      url: base,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    dataOf(res, 201);
    expect((await permitsOf(projectId))[0]?.actual_poles).toBe(1);
    // Its fields are checked as a JSON body is: text holding NUL, or JSON nested past 64 levels, is a 400
    // naming the field, and nothing is written.
    const refusedFields = async (extra: Record<string, string>) => {
      const refused = await t.injectAs(s.attacherMember, {
        method: 'POST',
        url: base,
        ...multipart({ ...fields, ...extra }),
      });
      expect(refused.statusCode).toBe(400);
      return refused.json().errors.map((error: { field: string }) => error.field);
    };
    expect(await refusedFields({ location: 'Main\u0000St' })).toEqual(['body.location']);
    const deep = `${'['.repeat(80)}${']'.repeat(80)}`;
    expect((await refusedFields({ values: deep }))[0]).toMatch(/^body\.values\.0\.0\./);
    expect(await permitsOf(projectId)).toHaveLength(1);
  });

  it('answers 400 naming the values when the application lists one property twice, writing nothing', async () => {
    const { projectId } = await setup();
    const twice = [
      { propertyEntryId: s.entries.poleCount, value: 2 },
      { propertyEntryId: s.entries.poleCount, value: 3 },
    ];
    for (const url of [base, `${base}/completeness`]) {
      const res = await t.injectAs(s.attacherMember, {
        method: 'POST',
        url,
        payload: { projectId, values: twice },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'body.values', message: 'A property is listed twice' }]);
    }
    expect(await permitsOf(projectId)).toEqual([]);
  });

  it('refuses without a session, outside the project and without CreatePermits', async () => {
    const { projectId } = await setup();
    expect((await t.app.inject({ method: 'POST', url: base, payload: valid(projectId) })).statusCode).toBe(
      401,
    );
    expect((await apply(s.outsider, valid(projectId))).statusCode).toBe(404);
    await grantOnly(t, { projectId, organizationId: s.attacherOrg, userId: s.attacherMember }, [
      'ViewPermits',
    ]);
    const res = await apply(s.attacherMember, valid(projectId));
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toContain('You may not create permits');
    expect(await permitsOf(projectId)).toEqual([]);
  });

  it('refuses a restricted organization, unaccepted terms and an archived project (409)', async () => {
    const { projectId } = await setup();
    await t.db
      .insertInto('project_restrictions')
      .values({ project_id: projectId, organization_id: s.attacherOrg, reason: 'Unpaid invoices' })
      .execute();
    const restricted = await apply(s.attacherMember, valid(projectId));
    expect(restricted.statusCode).toBe(409);
    expect(restricted.json().detail).toContain('Unpaid invoices');

    await t.db
      .insertInto('project_terms')
      .values({ project_id: projectId, version: 1, html_content: '<p>Terms</p>' })
      .execute();
    const terms = await apply(s.otherAttacherMember, valid(projectId));
    expect(terms.statusCode).toBe(409);
    expect(terms.json().detail).toContain('not accepted');

    await t.db.updateTable('projects').set({ status: 'Archived' }).where('id', '=', projectId).execute();
    const archived = await apply(s.ownerManager, valid(projectId));
    expect(archived.statusCode).toBe(409);
    expect(archived.json().detail).toContain('archived');
    expect(await permitsOf(projectId)).toEqual([]);
  });

  it('names a missing required value, an unknown pole and a foreign template with nothing written', async () => {
    const { projectId } = await setup();
    const missing = await apply(s.attacherMember, { ...valid(projectId), values: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: `body.values.${s.entries.poleCount}`, message: 'Required' },
    ]);
    const unknown = await apply(s.attacherMember, { ...valid(projectId), poleIds: ['P1', 'NOPE'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('body.poleIds');
    const other = await setup();
    const foreign = await apply(s.attacherMember, { ...valid(projectId), templateId: other.templateId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].field).toBe('body.templateId');
    const bad = await apply(s.attacherMember, {
      ...valid(projectId),
      values: [{ propertyEntryId: s.entries.poleCount, value: 'x' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('body.values.0.value');
    expect(await permitsOf(projectId)).toEqual([]);
    expect(
      await t.db.selectFrom('permit_counters').selectAll().where('project_id', '=', projectId).execute(),
    ).toEqual([]);
  });
});

describe('application form expressions', () => {
  it('computes them and refuses a value sent for one', async () => {
    counter += 1;
    const project = await sceneProject(t, s, `APX${counter}`);
    const double = await buildEntry(t, 'property', 'Apply Double');
    await t.db
      .updateTable('library_entries')
      .set({
        field_type: 'Expression',
        render_options: JSON.stringify({ formula: '{Pole Count} * 2', resultType: 'Number' }),
      })
      .where('id', '=', double)
      .execute();
    const definition = WorkflowDefinition.parse({
      stages: [],
      applicationForm: [
        { libraryEntryId: s.entries.poleCount, required: true },
        { libraryEntryId: double, required: true },
      ],
    });
    await buildPublishedTemplate(t.db, project.id, definition);
    const sent = [{ propertyEntryId: s.entries.poleCount, value: 3 }];
    const refused = await apply(s.attacherMember, {
      projectId: project.id,
      values: [...sent, { propertyEntryId: double, value: 99 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].field).toBe('body.values.1.value');
    const { id } = dataOf(await apply(s.attacherMember, { projectId: project.id, values: sent }), 201);
    const stored = await t.db
      .selectFrom('permit_property_values')
      .select('value')
      .where('permit_id', '=', id)
      .where('property_entry_id', '=', double)
      .executeTakeFirstOrThrow();
    expect(stored.value).toBe(6);
  });
});

describe('POST /api/joint-use/permit/completeness', () => {
  it('lists the missing required properties without writing', async () => {
    const { projectId } = await setup();
    const url = `${base}/completeness`;
    const empty = dataOf(
      await t.injectAs(s.attacherMember, { method: 'POST', url, payload: { projectId, values: [] } }),
    );
    expect(empty.complete).toBe(false);
    expect(empty.missing).toEqual([{ propertyEntryId: s.entries.poleCount, name: expect.any(String) }]);
    const full = dataOf(
      await t.injectAs(s.attacherMember, { method: 'POST', url, payload: valid(projectId) }),
    );
    expect(full).toEqual({ complete: true, missing: [] });
    expect(
      (await t.injectAs(s.outsider, { method: 'POST', url, payload: { projectId, values: [] } })).statusCode,
    ).toBe(404);
    expect(await permitsOf(projectId)).toEqual([]);
  });
});
